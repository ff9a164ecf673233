/**
 * Where a player's place in a live game is kept: one localStorage entry per game
 * (`liveGame:<gameId>`: game, player, nickname, token and the PIN it was joined with) and a
 * pointer to the current one (`liveGame:current`). A reload, or coming back to /play/live,
 * reconnects with the same token: the same name, points and streak (docs/live-games.md).
 */
export type StoredPlayer = {
  gameId: string
  playerId: string
  nickname: string
  token: string
  pin: string
}

export const CURRENT_GAME_KEY = 'liveGame:current'
export const gameKey = (gameId: string) => `liveGame:${gameId}`

function isStoredPlayer(value: unknown): value is StoredPlayer {
  if (!value || typeof value !== 'object') return false
  const v = value as Record<string, unknown>
  return ['gameId', 'playerId', 'nickname', 'token', 'pin'].every((key) => typeof v[key] === 'string')
}

export function savePlayer(player: StoredPlayer): void {
  try {
    window.localStorage.setItem(gameKey(player.gameId), JSON.stringify(player))
    window.localStorage.setItem(CURRENT_GAME_KEY, player.gameId)
  } catch (error) {
    // Private mode or a full storage: the game still works, a reload cannot resume it.
    console.error('Failed to keep the live game', error)
  }
}

/** The current game's player, if one is kept and readable. */
export function loadCurrentPlayer(): StoredPlayer | null {
  try {
    const gameId = window.localStorage.getItem(CURRENT_GAME_KEY)
    if (!gameId) return null
    const raw = window.localStorage.getItem(gameKey(gameId))
    const player: unknown = raw ? JSON.parse(raw) : null
    return isStoredPlayer(player) && player.gameId === gameId ? player : null
  } catch {
    return null
  }
}

/** Forgets a game (kicked, ended, or the player joins another). */
export function forgetPlayer(gameId: string): void {
  try {
    window.localStorage.removeItem(gameKey(gameId))
    if (window.localStorage.getItem(CURRENT_GAME_KEY) === gameId) window.localStorage.removeItem(CURRENT_GAME_KEY)
  } catch {
    // Nothing to forget.
  }
}
