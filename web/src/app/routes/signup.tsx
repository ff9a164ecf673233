import { AuthCard } from '@/components/ui/auth-card'
import { SignupForm } from '@/features/auth/components/signup-form'
import { useDocumentTitle } from '@/hooks/use-document-title'

export function SignupPage() {
  useDocumentTitle('Sign up')
  return (
    <AuthCard title="Create your account" subtitle="Join Quizroom to play, host and generate quizzes.">
      <SignupForm />
    </AuthCard>
  )
}
