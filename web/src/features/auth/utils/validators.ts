/**
 * Form validation of PRODUCT.md section 5, with its messages kept exactly. Each validator
 * is pure: it takes the form values and returns the messages (or null when valid).
 */
import { PASSWORD_MIN_LENGTH, VERIFICATION_CODE_LENGTH } from '@/lib/constants'

export const MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  confirmRequired: 'Please confirm your password',
  passwordsMismatch: 'Passwords do not match',
  codeIncomplete: 'Please enter the complete 6-digit code',
  forgotEmailRequired: 'Please enter your email address',
  forgotEmailInvalid: 'Please enter a valid email address',
  newPasswordRequired: 'Please enter a new password',
  newPasswordTooShort: 'Password must be at least 8 characters long',
} as const

/** Something@something.something, with no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email)
}

export type SignupValues = {
  firstName: string
  lastName: string
  instituteName: string
  email: string
  password: string
  confirmPassword: string
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>

export function validateSignup(values: SignupValues): FieldErrors<keyof SignupValues> {
  const errors: FieldErrors<keyof SignupValues> = {}
  if (!values.firstName.trim()) errors.firstName = MESSAGES.firstNameRequired
  if (!values.lastName.trim()) errors.lastName = MESSAGES.lastNameRequired
  const email = values.email.trim()
  if (!email) errors.email = MESSAGES.emailRequired
  else if (!isValidEmail(email)) errors.email = MESSAGES.emailInvalid
  if (!values.password) errors.password = MESSAGES.passwordRequired
  else if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = MESSAGES.passwordTooShort
  if (!values.confirmPassword) errors.confirmPassword = MESSAGES.confirmRequired
  else if (values.confirmPassword !== values.password) errors.confirmPassword = MESSAGES.passwordsMismatch
  return errors
}

export type SigninValues = { email: string; password: string }

export function validateSignin(values: SigninValues): FieldErrors<keyof SigninValues> {
  const errors: FieldErrors<keyof SigninValues> = {}
  const email = values.email.trim()
  if (!email) errors.email = MESSAGES.emailRequired
  else if (!isValidEmail(email)) errors.email = MESSAGES.emailInvalid
  if (!values.password) errors.password = MESSAGES.passwordRequired
  return errors
}

/** Keeps digits only, at most 6 of them. */
export function sanitizeCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH)
}

export function validateCode(code: string): string | null {
  return code.length < VERIFICATION_CODE_LENGTH ? MESSAGES.codeIncomplete : null
}

export function validateForgotEmail(email: string): string | null {
  const trimmed = email.trim()
  if (!trimmed) return MESSAGES.forgotEmailRequired
  if (!isValidEmail(trimmed)) return MESSAGES.forgotEmailInvalid
  return null
}

export type ResetValues = { code: string; newPassword: string; confirmPassword: string }

/** The reset form's checks, in the order PRODUCT.md gives; the first failing one wins. */
export function validateReset(values: ResetValues): string | null {
  if (values.code.length < VERIFICATION_CODE_LENGTH) return MESSAGES.codeIncomplete
  if (!values.newPassword) return MESSAGES.newPasswordRequired
  if (values.newPassword !== values.confirmPassword) return MESSAGES.passwordsMismatch
  if (values.newPassword.length < PASSWORD_MIN_LENGTH) return MESSAGES.newPasswordTooShort
  return null
}

export type SignupPayloadFields = {
  firstName: string
  lastName: string
  email: string
  password: string
  instituteName?: string
}

/** The signup payload: trimmed names and email; instituteName only when filled. */
export function toSignupPayload(values: SignupValues): SignupPayloadFields {
  const payload: SignupPayloadFields = {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    password: values.password,
  }
  const institute = values.instituteName.trim()
  if (institute) payload.instituteName = institute
  return payload
}
