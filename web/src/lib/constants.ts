import type { Letter } from '@/types/api'

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

/** Categories: 15 shown at first; the See More / Show Less toggle appears when more than 10 match. */
export const CATEGORIES_INITIAL_COUNT = 15
export const CATEGORIES_TOGGLE_THRESHOLD = 10

/** Tables: 10 rows a page and at most 5 page buttons. */
export const TABLE_PAGE_SIZE = 10
export const TABLE_MAX_PAGE_BUTTONS = 5

/** Play: 10 points per correct answer; the timer warns at 5% or less; 10 minutes by default. */
export const POINTS_PER_CORRECT_ANSWER = 10
export const TIMER_WARNING_FRACTION = 0.05
export const DEFAULT_QUIZ_TIME_LIMIT_MINUTES = 10

/** The answer options of every question. */
export const LETTERS: readonly Letter[] = ['A', 'B', 'C', 'D']
