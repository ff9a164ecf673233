/** The links of live games, shared by the features that point to them (My Quizzes, categories, the header, the lobby). */

/** Where players join (the PIN prefilled), as the lobby shows it and encodes in its QR code. */
export function liveJoinLink(pin: string, origin: string = window.location.origin): string {
  return `${origin}/play/live?pin=${encodeURIComponent(pin)}`
}

/** The settings page that opens a live game of a quiz (a hosted quiz's or a curated category's id). */
export function hostLivePath(quizId: number): string {
  return `/host/live?quizId=${quizId}`
}

/** Where everyone joins a live game by PIN (the header's link). */
export const PLAY_LIVE_PATH = '/play/live'
