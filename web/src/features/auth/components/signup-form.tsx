/**
 * Sign-up (PRODUCT.md section 2 screen 1, sections 4, 5 and 8). On a valid submit it goes to
 * /verify at once (replacing history) with the e-mail and the pendingSignup flag, then sends
 * the signup; a failure comes back to /signup with a general error and the typed values.
 */
import { useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { TextField } from '@/components/ui/text-field'
import { useFocusFirstError } from '@/hooks/use-focus-first-error'
import { saveSession } from '@/lib/session'
import { signup } from '../api/auth-api'
import { signupErrorText } from '../utils/error-messages'
import { toSignupPayload, validateSignup, type FieldErrors, type SignupValues } from '../utils/validators'
import { ShowPasswordToggle } from './show-password-toggle'
import '../auth.css'

export type SignupReturnState = {
  error?: string
  values?: Partial<Pick<SignupValues, 'firstName' | 'lastName' | 'instituteName' | 'email'>>
}

const EMPTY: SignupValues = {
  firstName: '',
  lastName: '',
  instituteName: '',
  email: '',
  password: '',
  confirmPassword: '',
}

export function SignupForm() {
  const navigate = useNavigate()
  const location = useLocation()
  const returned = (location.state ?? null) as SignupReturnState | null
  const [values, setValues] = useState<SignupValues>({ ...EMPTY, ...(returned?.values ?? {}) })
  const [errors, setErrors] = useState<FieldErrors<keyof SignupValues>>({})
  const [generalError, setGeneralError] = useState<string | null>(returned?.error ?? null)
  const [showPassword, setShowPassword] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const { ref: formRef, submitted: markSubmitted } = useFocusFirstError(generalError || Object.values(errors).some(Boolean), Boolean(returned?.error))

  const change = (field: keyof SignupValues) => (event: { target: { value: string } }) => {
    const value = event.target.value
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current))
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    markSubmitted()
    const found = validateSignup(values)
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    setGeneralError(null)
    setSubmitting(true)
    const payload = toSignupPayload(values)
    navigate('/verify', { replace: true, state: { email: payload.email, pendingSignup: true } })
    signup(payload)
      .then(({ token, user }) => {
        saveSession(token, { ...user, isVerified: false, emailVerified: false })
      })
      .catch((error: unknown) => {
        const back: SignupReturnState = {
          error: signupErrorText(error),
          values: {
            firstName: values.firstName,
            lastName: values.lastName,
            instituteName: values.instituteName,
            email: values.email,
          },
        }
        navigate('/signup', { replace: true, state: back })
      })
  }

  const inputType = showPassword ? 'text' : 'password'

  return (
    <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-label="Create account">
      {generalError ? <Alert tone="error">{generalError}</Alert> : null}
      <fieldset className="form-fieldset" disabled={submitting}>
        <div className="form-row">
          <TextField
            id="signup-first-name"
            label="First Name"
            autoComplete="given-name"
            value={values.firstName}
            onChange={change('firstName')}
            error={errors.firstName}
          />
          <TextField
            id="signup-last-name"
            label="Last Name"
            autoComplete="family-name"
            value={values.lastName}
            onChange={change('lastName')}
            error={errors.lastName}
          />
        </div>
        <TextField
          id="signup-institute"
          label="School/Company (optional)"
          autoComplete="organization"
          value={values.instituteName}
          onChange={change('instituteName')}
        />
        <TextField
          id="signup-email"
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={change('email')}
          error={errors.email}
        />
        <TextField
          id="signup-password"
          label="Password"
          type={inputType}
          autoComplete="new-password"
          value={values.password}
          onChange={change('password')}
          error={errors.password}
          hint="At least 8 characters."
        />
        <TextField
          id="signup-confirm-password"
          label="Confirm Password"
          type={inputType}
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={change('confirmPassword')}
          error={errors.confirmPassword}
        />
        <ShowPasswordToggle id="signup-show-password" checked={showPassword} onChange={setShowPassword} />
        <button type="submit" className="btn btn-primary btn-block">
          {submitting ? 'Creating account...' : 'Create Account'}
        </button>
      </fieldset>
      <p className="form-footer">
        Already have an account? <Link to="/signin">Sign in</Link>
      </p>
    </form>
  )
}
