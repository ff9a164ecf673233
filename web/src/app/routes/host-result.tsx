import { DemoResults } from '@/features/host/components/demo-results'
import { useDocumentTitle } from '@/hooks/use-document-title'

/** /host/result: the demo results table. */
export function HostResultPage() {
  useDocumentTitle('Quiz Results')
  return (
    <div className="page">
      <DemoResults />
    </div>
  )
}
