import { Mailbox } from '@/features/mailbox/components/mailbox'
import { useDocumentTitle } from '@/hooks/use-document-title'

export function DevMailboxPage() {
  useDocumentTitle('Development mailbox')
  return (
    <div className="page">
      <Mailbox />
    </div>
  )
}
