/**
 * The live game's fixed texts: the refusals of docs/live-games.md (one clear message per code,
 * the contract's own wording), the hub's answer errors, and the screens' labels.
 */
import { isApiError, NETWORK_ERROR } from '@/lib/api-client'
import type { HubErrorCode } from '@/lib/hub/hub-messages'
import type { ControlAction } from '@/types/live-game'

export const PIN_LENGTH = 6
export const NICKNAME_MAX_LENGTH = 20
export const SECONDS_MIN = 5
export const SECONDS_MAX = 240
export const SECONDS_DEFAULT = 20

export const JOIN_ERRORS = {
  pinRequired: 'Please enter the 6-digit game PIN',
  nicknameRequired: 'Please enter a nickname',
  nicknameTooLong: `Nicknames are at most ${NICKNAME_MAX_LENGTH} characters`,
  invalidNickname: `Nicknames are 1 to ${NICKNAME_MAX_LENGTH} characters, without control characters`,
  nicknameRefused: 'Please choose another nickname',
  gameNotFound: 'No game with this PIN',
  lobbyLocked: "This game's lobby is locked",
  gameFinished: 'This game has ended',
  signInRequired: 'Sign in to join this game',
  kicked: 'You were removed from this game',
  tooManyTries: 'Too many wrong PINs. Please wait a moment and try again.',
  network: 'Network error. Check your connection and try again.',
  generic: 'Unable to join the game. Please try again.',
} as const

/** The 429's text, with the wait when the server said how long (Retry-After, seconds). */
export function tooManyTriesText(retryAfter: number | undefined): string {
  if (retryAfter === undefined || retryAfter <= 0) return JOIN_ERRORS.tooManyTries
  const wait = retryAfter >= 90 ? `${Math.ceil(retryAfter / 60)} minutes` : `${Math.ceil(retryAfter)} seconds`
  return `Too many wrong PINs. Please wait ${wait} and try again.`
}

const JOIN_CODES: Record<string, string> = {
  invalid_nickname: JOIN_ERRORS.invalidNickname,
  nickname_refused: JOIN_ERRORS.nicknameRefused,
  game_not_found: JOIN_ERRORS.gameNotFound,
  lobby_locked: JOIN_ERRORS.lobbyLocked,
  game_finished: JOIN_ERRORS.gameFinished,
  sign_in_required: JOIN_ERRORS.signInRequired,
  kicked: JOIN_ERRORS.kicked,
}

/** The message for a refused POST /api/live/join. */
export function joinErrorText(error: unknown): string {
  if (!isApiError(error)) return JOIN_ERRORS.generic
  if (error.status === 429) return tooManyTriesText(error.retryAfter)
  if (error.code && JOIN_CODES[error.code]) return JOIN_CODES[error.code]
  if (error.status === 404) return JOIN_ERRORS.gameNotFound
  if (error.status === 401) return JOIN_ERRORS.signInRequired
  if (error.error === NETWORK_ERROR) return JOIN_ERRORS.network
  return error.status && error.error ? error.error : JOIN_ERRORS.generic
}

/** Which field a join refusal is about, so the message sits under it. */
export function joinErrorField(error: unknown): 'pin' | 'nickname' | null {
  if (!isApiError(error)) return null
  if (error.code === 'invalid_nickname' || error.code === 'nickname_refused') return 'nickname'
  if (error.code === 'game_not_found' || error.status === 404) return 'pin'
  return null
}

/** Messages of the hub about a player's answer or the game's channel. */
export const ANSWER_ERRORS: Partial<Record<HubErrorCode, string>> = {
  not_open: 'Answers are not open right now.',
  too_late: "Too late: time's up for this question.",
  already_answered: 'You already answered this question.',
}

export const ANSWER_UNSENT = 'Not connected: your answer was not sent. Please choose again.'
/** A response the server refused as of the wrong shape (`bad_message`), with its reason. */
export function answerRefusedText(reason: string): string {
  const why = reason.trim()
  return why ? `Your answer was not accepted (${why}). Please answer again.` : 'Your answer was not accepted. Please answer again.'
}
export const ANSWER_UNCONFIRMED = 'Your answer was not confirmed. Please choose again.'

/** The channel's errors: the game is gone, or this token may not watch it. */
export const GAME_UNAVAILABLE = 'This game is no longer available.'
export const GAME_NOT_FOUND = 'No such game, or it is not yours.'

export const PLAYER_LEAVE_WARNING =
  'You are in a live game. Leave anyway? You can come back with the same name and points.'
export const HOST_LEAVE_WARNING =
  'Your live game is running. Leave the presenter view? You can come back to it from the same link.'

/** The presenter, while the time is up and answers received in time are still being written. */
export const COUNTING_ANSWERS = 'Counting answers…'

export const CONTROL_LABELS: Record<ControlAction, string> = {
  start: 'Start',
  next: 'Next',
  skip: 'Skip',
  pause: 'Pause',
  resume: 'Resume',
  lock: 'Lock lobby',
  unlock: 'Unlock lobby',
  showAnswers: 'Show answers to the room',
  end: 'End game',
}

/** A closed word cloud, on the presenter: its answers wait for the host to check them. */
export function wordsWaitingText(count: number): string {
  return count === 1 ? '1 answer is waiting for you to check it' : `${count} answers are waiting for you to check them`
}

export const CONFIRM_END = 'End the game for everyone? The standings so far are final.'

/** "1 player" / "25 players". */
export function playersText(count: number): string {
  return `${count} ${count === 1 ? 'player' : 'players'}`
}

/** "answer" / "answers", after a count. */
export function answersWord(count: number): string {
  return count === 1 ? 'answer' : 'answers'
}

/** "1 answer" / "24 answers". */
export function answersText(count: number): string {
  return `${count} ${answersWord(count)}`
}

/** "1 point" / "950 points". */
export function pointsText(points: number): string {
  return `${points} ${points === 1 ? 'point' : 'points'}`
}

/** 1 → "1st", 2 → "2nd", 11 → "11th", 23 → "23rd". */
export function ordinal(rank: number): string {
  const tens = rank % 100
  if (tens >= 11 && tens <= 13) return `${rank}th`
  const suffix = { 1: 'st', 2: 'nd', 3: 'rd' }[rank % 10] ?? 'th'
  return `${rank}${suffix}`
}
