/**
 * The auth calls of PRODUCT.md section 7. Each throws an ApiError: the server's
 * `{ error, code }`, this call's default text when the body has none, or
 * `{ error: 'Network error' }` when no response arrived.
 */
import { apiRequest } from '@/lib/api-client'
import { normalizeUser } from '@/lib/session'
import type { AuthResponse, MessageResponse, User } from '@/types/api'

export type SignupPayload = {
  firstName: string
  lastName: string
  email: string
  password: string
  instituteName?: string
}

export async function signup(payload: SignupPayload): Promise<AuthResponse> {
  const data = await apiRequest<AuthResponse>('/api/auth/signup', {
    method: 'POST',
    body: payload,
    defaultError: 'Signup failed',
  })
  return { token: data.token, user: normalizeUser(data.user) }
}

export async function signin(email: string, password: string): Promise<AuthResponse> {
  const data = await apiRequest<AuthResponse>('/api/auth/signin', {
    method: 'POST',
    body: { email, password },
    defaultError: '',
  })
  return { token: data.token, user: normalizeUser(data.user) }
}

export async function verifyEmail(email: string, code: string): Promise<{ user?: User }> {
  const data = await apiRequest<{ user?: User } | undefined>('/api/auth/verify', {
    method: 'POST',
    body: { email, code },
    defaultError: 'Verification failed',
  })
  return data?.user ? { user: normalizeUser(data.user) } : {}
}

export function resendVerification(email: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/auth/resend-verification', {
    method: 'POST',
    body: { email },
    defaultError: 'Failed to resend verification code',
  })
}

export function forgotPassword(email: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/auth/forgot-password', {
    method: 'POST',
    body: { email },
    defaultError: 'Failed to request password reset',
  })
}

export function resetPassword(email: string, code: string, newPassword: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/auth/reset-password', {
    method: 'POST',
    body: { email, code, newPassword },
    defaultError: 'Failed to reset password',
  })
}
