/**
 * Sign-in (PRODUCT.md section 2 screen 2, sections 4, 5 and 8). On success the token and
 * user are saved and, 100 ms later, the app goes to the saved redirect path or /.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { TextField } from '@/components/ui/text-field'
import { useFocusFirstError } from '@/hooks/use-focus-first-error'
import { SIGNIN_REDIRECT_DELAY_MS } from '@/lib/constants'
import { saveSession, takeRedirectAfterLogin } from '@/lib/session'
import { signin } from '../api/auth-api'
import { signinErrorText } from '../utils/error-messages'
import { validateSignin, type FieldErrors, type SigninValues } from '../utils/validators'
import { ShowPasswordToggle } from './show-password-toggle'
import '../auth.css'

export type SigninLocationState = { message?: string; email?: string }

export function SigninForm() {
  const navigate = useNavigate()
  const location = useLocation()
  const incoming = (location.state ?? null) as SigninLocationState | null
  const [values, setValues] = useState<SigninValues>({ email: incoming?.email ?? '', password: '' })
  const [errors, setErrors] = useState<FieldErrors<keyof SigninValues>>({})
  const [generalError, setGeneralError] = useState<string | null>(null)
  const [showPassword, setShowPassword] = useState(false)
  const [rememberMe, setRememberMe] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const redirectTimer = useRef<number | undefined>(undefined)
  const { ref: formRef, submitted: markSubmitted } = useFocusFirstError(generalError || Object.values(errors).some(Boolean))

  useEffect(() => () => window.clearTimeout(redirectTimer.current), [])

  const change = (field: keyof SigninValues) => (event: { target: { value: string } }) => {
    const value = event.target.value
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current))
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    markSubmitted()
    const found = validateSignin(values)
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    setGeneralError(null)
    setSubmitting(true)
    try {
      const { token, user } = await signin(values.email.trim(), values.password)
      saveSession(token, user)
      redirectTimer.current = window.setTimeout(() => {
        navigate(takeRedirectAfterLogin() ?? '/', { replace: true })
      }, SIGNIN_REDIRECT_DELAY_MS)
    } catch (error) {
      setGeneralError(signinErrorText(error))
      setSubmitting(false)
    }
  }

  return (
    <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-label="Sign in">
      {incoming?.message && !generalError ? <Alert tone="success">{incoming.message}</Alert> : null}
      {generalError ? <Alert tone="error">{generalError}</Alert> : null}
      <fieldset className="form-fieldset" disabled={submitting}>
        <TextField
          id="signin-email"
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={change('email')}
          error={errors.email}
        />
        <TextField
          id="signin-password"
          label="Password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          value={values.password}
          onChange={change('password')}
          error={errors.password}
        />
        <ShowPasswordToggle id="signin-show-password" checked={showPassword} onChange={setShowPassword} />
        <div className="form-split">
          <div className="checkbox-row">
            <input
              id="signin-remember"
              type="checkbox"
              checked={rememberMe}
              onChange={(event) => setRememberMe(event.target.checked)}
            />
            <label htmlFor="signin-remember">Remember me</label>
          </div>
          <Link to="/forgotPassword">Forgot password?</Link>
        </div>
        <button type="submit" className="btn btn-primary btn-block">
          {submitting ? 'Signing in...' : 'Sign in'}
        </button>
      </fieldset>
      <p className="form-footer">
        Don&apos;t have an account? <Link to="/signup">Sign up</Link>
      </p>
    </form>
  )
}
