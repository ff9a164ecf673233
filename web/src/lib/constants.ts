/** Business constants and timings of PRODUCT.md section 9, in one place. */

export const SUPPORT_EMAIL = 'support@quizroom.app'
export const SUPPORT_PHONE_US = '+1 (555) 010-4477'
export const SUPPORT_PHONE_IN = '+91 80 4567 1234'

export const PASSWORD_MIN_LENGTH = 8
export const VERIFICATION_CODE_LENGTH = 6
export const RESEND_COUNTDOWN_SECONDS = 60

export const TOKEN_CHECK_INTERVAL_MS = 12 * 60 * 60 * 1000
export const CAROUSEL_INTERVAL_MS = 5000
export const DROPDOWN_CLOSE_DELAY_MS = 200
export const SIGNIN_REDIRECT_DELAY_MS = 100
export const VERIFY_GUARD_DELAY_MS = 50
export const VERIFY_SUCCESS_REDIRECT_MS = 500

export const TOKEN_PRICE_CENTS = 100
export const MIN_TOKEN_QUANTITY = 1
