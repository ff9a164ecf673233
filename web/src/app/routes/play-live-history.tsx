import { LiveHistory } from '@/features/live/components/live-history'
import { useDocumentTitle } from '@/hooks/use-document-title'

/** /play/live/history (signed in): the live games this player played while signed in. */
export function PlayLiveHistoryPage() {
  useDocumentTitle('Your live games')
  return (
    <div className="page">
      <LiveHistory />
    </div>
  )
}
