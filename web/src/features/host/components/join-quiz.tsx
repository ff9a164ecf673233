/**
 * Join a hosted quiz (PRODUCT.md screen 7): a Quiz Code input prefilled from ?code= and a
 * Get Started button. GET /api/hostQuiz/checkQuiz decides; on success the play screen opens
 * with the quiz's id as category_id (the play flow is the same as for a curated category).
 */
import { useState, type FormEvent } from 'react'
import { Alert } from '@/components/ui/alert'
import { AuthCard } from '@/components/ui/auth-card'
import { TextField } from '@/components/ui/text-field'
import { useFocusFirstError } from '@/hooks/use-focus-first-error'
import { checkQuiz, type HostFailure, type QuizDetails } from '../api/host-api'
import { JOIN_TEXTS } from '../utils/host-texts'
import '../host.css'

/** 410 `expired`, however the body says it (`expired: true`, the code, or the status). */
function isExpired(failure: HostFailure): boolean {
  return failure.expired === true || failure.code === 'expired' || failure.status === 410
}

type JoinQuizProps = {
  initialCode: string
  email: string | null
  onJoin: (quiz: QuizDetails) => void
}

export function JoinQuiz({ initialCode, email, onJoin }: JoinQuizProps) {
  const [code, setCode] = useState(initialCode)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const { ref: formRef, submitted: markSubmitted } = useFocusFirstError(error)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    markSubmitted()
    const trimmed = code.trim()
    if (!trimmed) {
      setError(JOIN_TEXTS.noCode)
      return
    }
    if (!email) {
      setError(JOIN_TEXTS.notLoggedIn)
      return
    }
    setBusy(true)
    setError(null)
    try {
      const result = await checkQuiz(trimmed, email)
      if (result.success && result.quizDetails && typeof result.quizDetails.id === 'number') {
        onJoin(result.quizDetails)
        return
      }
      if (!result.success && isExpired(result)) setError(JOIN_TEXTS.expired)
      // The server's message; its error text when a body carries only that (the API's error format).
      else setError(result.message || (!result.success && result.error) || JOIN_TEXTS.unable)
    } catch (failure) {
      console.error('Failed to check the quiz code', failure)
      setError(JOIN_TEXTS.exception)
    }
    setBusy(false)
  }

  return (
    <AuthCard title="Join a Quiz" subtitle="Enter the code your host shared with you.">
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <TextField
          id="quiz-code"
          label="Quiz Code"
          className="code-field"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="K7QH2M"
          disabled={busy}
          onChange={(event) => {
            setCode(event.target.value)
            setError(null)
          }}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Checking...' : 'Get Started'}
        </button>
      </form>
    </AuthCard>
  )
}
