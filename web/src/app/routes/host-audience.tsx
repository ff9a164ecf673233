import { AudienceLists } from '@/features/host/components/audience-lists'
import { useDocumentTitle } from '@/hooks/use-document-title'

/** /host/audience: the caller's saved audience lists. */
export function HostAudiencePage() {
  useDocumentTitle('Audience Lists')
  return (
    <div className="page">
      <AudienceLists />
    </div>
  )
}
