/** The links of live games, shared by the features that point to them (My Quizzes, categories, the header, the lobby). */

/**
 * Where players join (the PIN prefilled), as the lobby shows it and encodes in its QR code; with
 * the game's link key (the host's view only), which lets the link join without the PIN's limit.
 */
export function liveJoinLink(pin: string, key: string, origin: string = window.location.origin): string {
  const link = `${origin}/play/live?pin=${encodeURIComponent(pin)}`
  return key ? `${link}&key=${encodeURIComponent(key)}` : link
}

/** The settings page that opens a live game of a quiz (a hosted quiz's or a curated category's id). */
export function hostLivePath(quizId: number): string {
  return `/host/live?quizId=${quizId}`
}

/** The host's list of the live games of a quiz, each with its results. */
export function liveGamesPath(quizId: number): string {
  return `/host/live/games?quizId=${quizId}`
}

/** The presenter view of a live game (the host's projector). */
export function presenterPath(gameId: string): string {
  return `/host/live/${encodeURIComponent(gameId)}`
}

/** A live game's full results, for its host. */
export function liveResultsPath(gameId: string): string {
  return `${presenterPath(gameId)}/results`
}

/** Where everyone joins a live game by PIN (the header's link). */
export const PLAY_LIVE_PATH = '/play/live'

/** A signed-in player's live games. */
export const LIVE_HISTORY_PATH = '/play/live/history'

/** A `?quizId=` as a positive integer, or null. */
export function quizIdFrom(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw.trim())) return null
  const id = Number(raw)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}
