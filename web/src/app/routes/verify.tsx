import { VerifyEmail } from '@/features/auth/components/verify-email'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { VerifyRoute } from '../guards'

export function VerifyPage() {
  useDocumentTitle('Verify Email')
  return <VerifyRoute>{(email) => <VerifyEmail email={email} />}</VerifyRoute>
}
