/**
 * Forgot Password (PRODUCT.md section 2 screen 4): an e-mail step, then a code and new
 * password step with a resend countdown; success goes to /signin with a message.
 */
import { useMachine } from '@xstate/react'
import { useMemo, useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { fromPromise } from 'xstate'
import { Alert } from '@/components/ui/alert'
import { AuthCard } from '@/components/ui/auth-card'
import { TextField } from '@/components/ui/text-field'
import { useFocusFirstError } from '@/hooks/use-focus-first-error'
import { forgotPassword, resetPassword } from '../api/auth-api'
import { forgotPasswordMachine } from '../machines/forgot-password.machine'
import { CODE_INPUT_PROPS } from '../utils/code-input'
import { RESET_SUCCESS_MESSAGE, SCREEN_ERRORS } from '../utils/error-messages'
import { ShowPasswordToggle } from './show-password-toggle'
import '../auth.css'

export function ForgotPassword() {
  const navigate = useNavigate()
  const [showPassword, setShowPassword] = useState(false)
  const machine = useMemo(
    () =>
      forgotPasswordMachine.provide({
        actors: {
          requestCode: fromPromise<unknown, { email: string }>(({ input }) => forgotPassword(input.email)),
          resetPassword: fromPromise<unknown, { email: string; code: string; newPassword: string }>(({ input }) =>
            resetPassword(input.email, input.code, input.newPassword),
          ),
        },
        actions: {
          leave: ({ context }) => {
            navigate('/signin', { replace: true, state: { message: RESET_SUCCESS_MESSAGE, email: context.email } })
          },
        },
      }),
    [navigate],
  )
  const [state, send] = useMachine(machine, { input: {} })
  const { email, code, newPassword, confirmPassword, error, countdown } = state.context
  const busy = state.hasTag('busy')
  const { ref: formRef, submitted: markSubmitted } = useFocusFirstError(error)

  if (state.matches('requestingEmail') || state.matches('sendingCode')) {
    const sendFailed = error === SCREEN_ERRORS.sendCodeFailed
    const onSubmit = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      markSubmitted()
      send({ type: 'email.submit' })
    }
    return (
      <AuthCard title="Forgot Password" subtitle="Enter your email address and we'll send you a verification code.">
        <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-label="Request a verification code">
          {sendFailed ? <Alert tone="error">{error}</Alert> : null}
          <fieldset className="form-fieldset" disabled={busy}>
            <TextField
              id="forgot-email"
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              error={sendFailed ? null : error}
              onChange={(event) => send({ type: 'email.change', value: event.target.value })}
            />
            <button type="submit" className="btn btn-primary btn-block">
              {busy ? 'Sending...' : 'Send Verification Code'}
            </button>
          </fieldset>
        </form>
        <p className="form-footer">
          <Link to="/signin">Back to Login</Link>
        </p>
      </AuthCard>
    )
  }

  const onReset = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    markSubmitted()
    send({ type: 'reset.submit' })
  }
  const inputType = showPassword ? 'text' : 'password'

  return (
    <AuthCard
      title="Reset Password"
      subtitle={
        <>
          Enter the 6-digit code we sent to <strong>{email}</strong> and choose a new password.
        </>
      }
    >
      <form ref={formRef} className="form" onSubmit={onReset} noValidate aria-label="Reset password">
        {error ? <Alert tone="error">{error}</Alert> : null}
        <fieldset className="form-fieldset" disabled={busy}>
          <TextField
            id="reset-code"
            label="Verification code"
            className="code-field"
            {...CODE_INPUT_PROPS}
            value={code}
            onChange={(event) => send({ type: 'code.change', value: event.target.value })}
          />
          <TextField
            id="reset-new-password"
            label="New Password"
            type={inputType}
            autoComplete="new-password"
            value={newPassword}
            hint="At least 8 characters."
            onChange={(event) => send({ type: 'password.change', field: 'newPassword', value: event.target.value })}
          />
          <TextField
            id="reset-confirm-password"
            label="Confirm New Password"
            type={inputType}
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) =>
              send({ type: 'password.change', field: 'confirmPassword', value: event.target.value })
            }
          />
          <ShowPasswordToggle id="reset-show-password" checked={showPassword} onChange={setShowPassword} />
          <button type="submit" className="btn btn-primary btn-block">
            {busy ? 'Resetting...' : 'Reset Password'}
          </button>
        </fieldset>
      </form>
      <div className="resend-row">
        {state.matches({ reset: { resend: 'countingDown' } }) ? (
          <p className="muted" aria-live="polite">
            Resend code in {countdown}s
          </p>
        ) : (
          <button
            type="button"
            className="btn btn-link"
            onClick={() => send({ type: 'resend.request' })}
            disabled={state.hasTag('resending')}
          >
            {state.hasTag('resending') ? 'Sending...' : 'Resend Code'}
          </button>
        )}
      </div>
      <p className="form-footer">
        Having trouble? <Link to="/contact">Contact Support</Link> · <Link to="/signin">Back to Login</Link>
      </p>
    </AuthCard>
  )
}
