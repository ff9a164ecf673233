import { describe, expect, it } from 'vitest'
import {
  sanitizeCode,
  toSignupPayload,
  validateCode,
  validateForgotEmail,
  validateReset,
  validateSignin,
  validateSignup,
  type SignupValues,
} from './validators'

const validSignup: SignupValues = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  instituteName: '',
  email: 'ada@example.com',
  password: 'analytical',
  confirmPassword: 'analytical',
}

describe('signup validation', () => {
  it('accepts a complete form', () => {
    expect(validateSignup(validSignup)).toEqual({})
  })

  it('reports every missing field with its message', () => {
    expect(
      validateSignup({ firstName: ' ', lastName: '', instituteName: '', email: '   ', password: '', confirmPassword: '' }),
    ).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    })
  })

  it('rejects a malformed email', () => {
    for (const email of ['ada', 'ada@example', 'ada @example.com', '@example.com']) {
      expect(validateSignup({ ...validSignup, email }).email).toBe('Please enter a valid email')
    }
  })

  it('accepts an email surrounded by spaces', () => {
    expect(validateSignup({ ...validSignup, email: '  ada@example.com  ' }).email).toBeUndefined()
  })

  it('needs a password of at least 8 characters', () => {
    expect(validateSignup({ ...validSignup, password: '1234567', confirmPassword: '1234567' }).password).toBe(
      'Password must be at least 8 characters',
    )
    expect(validateSignup({ ...validSignup, password: '12345678', confirmPassword: '12345678' }).password).toBeUndefined()
  })

  it('needs the confirmation to match', () => {
    expect(validateSignup({ ...validSignup, confirmPassword: 'analyticaL' }).confirmPassword).toBe('Passwords do not match')
  })

  it('leaves the institute optional and sends it only when filled', () => {
    expect(toSignupPayload(validSignup)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'analytical',
    })
    expect(toSignupPayload({ ...validSignup, firstName: ' Ada ', instituteName: ' Analytical Society ' })).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'analytical',
      instituteName: 'Analytical Society',
    })
  })
})

describe('signin validation', () => {
  it('needs an email and a password', () => {
    expect(validateSignin({ email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    })
  })

  it('needs a well-formed email', () => {
    expect(validateSignin({ email: 'ada@', password: 'x' })).toEqual({ email: 'Please enter a valid email' })
  })

  it('does not check the password length', () => {
    expect(validateSignin({ email: 'ada@example.com', password: 'x' })).toEqual({})
  })
})

describe('verification code', () => {
  it('keeps digits only, at most six', () => {
    expect(sanitizeCode('12 34-56 78')).toBe('123456')
    expect(sanitizeCode('abc')).toBe('')
  })

  it('needs all six digits', () => {
    expect(validateCode('12345')).toBe('Please enter the complete 6-digit code')
    expect(validateCode('123456')).toBeNull()
  })
})

describe('forgot password validation', () => {
  it('needs an email address', () => {
    expect(validateForgotEmail('  ')).toBe('Please enter your email address')
  })

  it('needs a well-formed email address without spaces', () => {
    expect(validateForgotEmail('ada@example')).toBe('Please enter a valid email address')
    expect(validateForgotEmail('a da@example.com')).toBe('Please enter a valid email address')
    expect(validateForgotEmail('ada@example.com')).toBeNull()
  })

  it('checks the reset form in order: code, new password, match, length', () => {
    expect(validateReset({ code: '123', newPassword: '', confirmPassword: 'x' })).toBe(
      'Please enter the complete 6-digit code',
    )
    expect(validateReset({ code: '123456', newPassword: '', confirmPassword: 'x' })).toBe('Please enter a new password')
    expect(validateReset({ code: '123456', newPassword: 'short', confirmPassword: 'other' })).toBe('Passwords do not match')
    expect(validateReset({ code: '123456', newPassword: 'short', confirmPassword: 'short' })).toBe(
      'Password must be at least 8 characters long',
    )
    expect(validateReset({ code: '123456', newPassword: 'long enough', confirmPassword: 'long enough' })).toBeNull()
  })
})
