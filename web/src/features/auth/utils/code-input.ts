/** The attributes of the 6-digit code inputs (verify email, reset password). */
export const CODE_INPUT_PROPS = {
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  pattern: '[0-9]*',
  maxLength: 6,
  placeholder: '000000',
} as const
