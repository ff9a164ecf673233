import { AuthCard } from '@/components/ui/auth-card'
import { SigninForm } from '@/features/auth/components/signin-form'
import { useDocumentTitle } from '@/hooks/use-document-title'

export function SigninPage() {
  useDocumentTitle('Sign in')
  return (
    <AuthCard title="Welcome back" subtitle="Sign in to your Quizroom account.">
      <SigninForm />
    </AuthCard>
  )
}
