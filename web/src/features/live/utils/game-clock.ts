/**
 * The game's clock is the server's (docs/live-games.md): every view carries `serverNow`, so a
 * client keeps its offset to the server (`serverNow − Date.now()` when the view arrived) and
 * reads deadlines on the server's clock as `Date.now() + offset`. The offset ignores the
 * message's travel time, which only makes the countdown end a few milliseconds late on screen;
 * the server's receive time decides whether an answer was in time.
 */
import type { LiveQuestion } from '@/types/live-game'

/** The server's clock minus this device's, from a view's `serverNow` received at `receivedAt`. */
export function clockOffset(serverNow: number, receivedAt: number): number {
  return serverNow - receivedAt
}

/** The server's time now, by this device's clock and the offset. */
export function serverTime(now: number, offsetMs: number): number {
  return now + offsetMs
}

/** Milliseconds left to answer: frozen while paused, otherwise until the deadline. */
export function remainingMs(question: LiveQuestion, serverNow: number): number {
  if (question.paused || question.deadline === null) return question.remainingMs
  return Math.max(0, question.deadline - serverNow)
}

/** Milliseconds of the get-ready left before answers open (0 once open). */
export function getReadyMs(question: LiveQuestion, serverNow: number): number {
  return Math.max(0, question.opensAt - serverNow)
}

/** Whole seconds, rounded up, so 0 means the time is really over. */
export function seconds(ms: number): number {
  return Math.max(0, Math.ceil(ms / 1000))
}

export type QuestionClock = { getReadyMs: number; remainingMs: number }

/** A question's get-ready and answering time left, at this device's `now` with the offset. */
export function questionClock(question: LiveQuestion | null, now: number, offsetMs: number): QuestionClock {
  if (!question) return { getReadyMs: 0, remainingMs: 0 }
  const at = serverTime(now, offsetMs)
  return { getReadyMs: question.paused ? 0 : getReadyMs(question, at), remainingMs: remainingMs(question, at) }
}
