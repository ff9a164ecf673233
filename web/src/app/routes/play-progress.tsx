import { MyProgress } from '@/features/insights/components/progress/my-progress'
import { useDocumentTitle } from '@/hooks/use-document-title'

/** /play/progress: the signed-in player's own progress (issue 14), from the account menu's "My progress". */
export function PlayProgressPage() {
  useDocumentTitle('My progress')
  return (
    <div className="page">
      <MyProgress />
    </div>
  )
}
