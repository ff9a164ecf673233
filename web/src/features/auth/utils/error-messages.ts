/** How auth failures become screen texts (PRODUCT.md section 8). */
import { errorMessage, isApiError } from '@/lib/api-client'

export const SCREEN_ERRORS = {
  signupFailed: 'Signup failed. Please try again.',
  signinInvalid: 'Invalid email or password. Please try again.',
  signinFailed: 'Failed to sign in. Please try again later.',
  verifyFailed: 'Failed to verify email. Please try again.',
  resendFailed: 'Failed to resend verification code. Please try again.',
  sendCodeFailed: 'Failed to send verification code. Please try again.',
  resetInvalidCode: 'Invalid verification code. Please check and try again.',
  resetFailed: 'Failed to reset password. Please try again.',
} as const

export const RESET_SUCCESS_MESSAGE = 'Password reset successful. Please login with your new password.'

export function signupErrorText(error: unknown): string {
  return errorMessage(error, SCREEN_ERRORS.signupFailed)
}

/** 'Invalid credentials' → friendly text; other server text as is; none → the generic text. */
export function signinErrorText(error: unknown): string {
  const text = isApiError(error) ? error.error : ''
  if (text.includes('Invalid credentials')) return SCREEN_ERRORS.signinInvalid
  return text || SCREEN_ERRORS.signinFailed
}

export function verifyErrorText(error: unknown): string {
  return errorMessage(error, SCREEN_ERRORS.verifyFailed)
}

export function resetErrorText(error: unknown): string {
  const text = isApiError(error) ? error.error : ''
  if (text.includes('Invalid verification code')) return SCREEN_ERRORS.resetInvalidCode
  return SCREEN_ERRORS.resetFailed
}
