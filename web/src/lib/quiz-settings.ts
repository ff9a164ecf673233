/**
 * The settings a host chooses for a quiz, shared by the host form and the generate screens
 * (PRODUCT.md section 5 "Host form", section 9): validity (24 h, 48 h or a custom date from
 * today), time limit (1 to 180 minutes, else 30) and audience (open, e-mails with a list
 * name, or a saved list). The values are kept as typed; `toSettingsFields` turns them into
 * the fields of the hosting upload (docs/hosting-api.md), which publishing a generated quiz
 * takes as well (docs/generation-api.md).
 */

export type ValidityOption = '24h' | '48h' | 'custom'
export type AudienceType = 'open' | 'emails' | 'list'

export const DEFAULT_TIME_LIMIT = 30
export const MIN_TIME_LIMIT = 1
export const MAX_TIME_LIMIT = 180

export const SETTINGS_TEXTS = {
  invalidDate: 'Please select a valid date for quiz expiry',
  noEmails: 'Please provide email addresses for quiz participants',
  noList: 'Please select an audience list',
  audienceLoadFailed: 'Failed to load audience lists. Please try again.',
} as const

export type QuizSettings = {
  validityOption: ValidityOption
  /** YYYY-MM-DD, for the custom validity. */
  customDate: string
  /** As typed; anything but a whole number from 1 to 180 is sent as 30. */
  timeLimit: string
  audienceType: AudienceType
  emails: string
  audienceName: string
  audienceListId: string
}

/** The settings as the hosting upload and the publish call take them. */
export type QuizSettingsFields = {
  validityOption: ValidityOption
  /** For `custom`: an RFC 3339 time (the end of the chosen day, local time). */
  customDate?: string
  timeLimit: number
  audienceType: AudienceType
  emails?: string
  audienceName?: string
  audienceListId?: string
}

export const INITIAL_SETTINGS: QuizSettings = {
  validityOption: '24h',
  customDate: '',
  timeLimit: String(DEFAULT_TIME_LIMIT),
  audienceType: 'open',
  emails: '',
  audienceName: '',
  audienceListId: '',
}

/** Today as YYYY-MM-DD in local time (the date input's own format). */
export function localDate(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** The end of a chosen local day as an RFC 3339 time, so "until that date" means the host's day. */
export function endOfLocalDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(y, m - 1, d, 23, 59, 59).toISOString()
}

/** Emails are split on commas and trimmed; empty pieces are dropped. */
export function splitEmails(text: string): string[] {
  return text
    .split(',')
    .map((email) => email.trim())
    .filter(Boolean)
}

/** A whole number of minutes from 1 to 180, else 30. */
export function normalizeTimeLimit(value: string): number {
  const minutes = Number(value.trim())
  if (value.trim() === '' || !Number.isInteger(minutes) || minutes < MIN_TIME_LIMIT || minutes > MAX_TIME_LIMIT) {
    return DEFAULT_TIME_LIMIT
  }
  return minutes
}

/** The first validity or audience rule the settings break, or null. */
export function validateSettings(settings: QuizSettings, today: string): string | null {
  if (settings.validityOption === 'custom') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(settings.customDate) || settings.customDate < today) return SETTINGS_TEXTS.invalidDate
  }
  if (settings.audienceType === 'emails' && splitEmails(settings.emails).length === 0) return SETTINGS_TEXTS.noEmails
  if (settings.audienceType === 'list' && !settings.audienceListId) return SETTINGS_TEXTS.noList
  return null
}

export function toSettingsFields(settings: QuizSettings): QuizSettingsFields {
  return {
    validityOption: settings.validityOption,
    customDate: settings.validityOption === 'custom' ? endOfLocalDay(settings.customDate) : undefined,
    timeLimit: normalizeTimeLimit(settings.timeLimit),
    audienceType: settings.audienceType,
    emails: settings.audienceType === 'emails' ? splitEmails(settings.emails).join(', ') : undefined,
    audienceName: settings.audienceType === 'emails' ? settings.audienceName.trim() || undefined : undefined,
    audienceListId: settings.audienceType === 'list' ? settings.audienceListId : undefined,
  }
}
