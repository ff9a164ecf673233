import { ForgotPassword } from '@/features/auth/components/forgot-password'
import { useDocumentTitle } from '@/hooks/use-document-title'

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password')
  return <ForgotPassword />
}
