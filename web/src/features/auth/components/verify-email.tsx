/**
 * The Verify Email screen (PRODUCT.md section 2 screen 3), driven by the verify machine.
 * The route guard decides whether it shows; this component only runs the flow.
 */
import { useMachine } from '@xstate/react'
import { useMemo, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { fromPromise } from 'xstate'
import { Alert } from '@/components/ui/alert'
import { AuthCard } from '@/components/ui/auth-card'
import { TextField } from '@/components/ui/text-field'
import { useFocusFirstError } from '@/hooks/use-focus-first-error'
import { refreshSession } from '@/lib/auth'
import { getSnapshot, markStoredUserVerified, saveUser } from '@/lib/session'
import { resendVerification, verifyEmail } from '../api/auth-api'
import { verifyMachine, type VerifyResult } from '../machines/verify.machine'
import { CODE_INPUT_PROPS } from '../utils/code-input'
import '../auth.css'

export function VerifyEmail({ email }: { email: string }) {
  const navigate = useNavigate()
  const machine = useMemo(
    () =>
      verifyMachine.provide({
        actors: {
          verifyCode: fromPromise<VerifyResult, { email: string; code: string }>(({ input }) =>
            verifyEmail(input.email, input.code),
          ),
          resendCode: fromPromise<unknown, { email: string }>(({ input }) => resendVerification(input.email)),
        },
        actions: {
          markVerified: (_, params: VerifyResult) => {
            // The stored user is forced verified, then re-read from the server.
            if (params.user && getSnapshot().token) saveUser({ ...params.user, isVerified: true, emailVerified: true })
            else markStoredUserVerified()
            void refreshSession()
          },
          leave: () => {
            navigate('/', { replace: true })
          },
        },
      }),
    [navigate],
  )
  const [state, send] = useMachine(machine, { input: { email } })
  const { code, error, countdown } = state.context
  const busy = state.hasTag('busy')
  const succeeded = state.hasTag('success')
  const resending = state.hasTag('resending')
  const { ref: formRef, submitted: markSubmitted } = useFocusFirstError(error)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    markSubmitted()
    send({ type: 'code.submit' })
  }

  return (
    <AuthCard
      title="Verify Email"
      subtitle={
        <>
          We sent a 6-digit verification code to <strong>{state.context.email}</strong>. Enter it below to verify
          your email address.
        </>
      }
    >
      {succeeded ? <Alert tone="success">Email verified successfully! Redirecting...</Alert> : null}
      <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-label="Verify email">
        <TextField
          id="verify-code"
          label="Verification code"
          inputClassName="code-input"
          type="text"
          {...CODE_INPUT_PROPS}
          value={code}
          disabled={busy || succeeded}
          error={error}
          onChange={(event) => send({ type: 'code.change', value: event.target.value })}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || succeeded}>
          {busy ? 'Verifying...' : 'Verify Email'}
        </button>
      </form>
      <div className="resend-row">
        {state.matches({ resend: 'countingDown' }) ? (
          <p className="muted" aria-live="polite">
            Resend code in {countdown}s
          </p>
        ) : (
          <button
            type="button"
            className="btn btn-link"
            onClick={() => send({ type: 'resend.request' })}
            disabled={resending || succeeded}
          >
            {resending ? 'Sending...' : 'Resend Code'}
          </button>
        )}
      </div>
      <p className="form-footer">
        Having trouble? <Link to="/contact">Contact Support</Link>
      </p>
    </AuthCard>
  )
}
