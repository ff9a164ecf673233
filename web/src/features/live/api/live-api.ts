/**
 * The live-game calls (docs/live-games.md, "HTTP"): the host opens a game, reads its view,
 * controls it and kicks players (all with the session's token); a player joins by PIN or by the
 * game's link (with the session's token when signed in, which the API client adds; guests send
 * none), always with the browser's client key. Every answer
 * that carries a view is read with `readGameView`, as the hub's `game` message is.
 */
import { apiRequest } from '@/lib/api-client'
import { clientKeyHeader } from '@/lib/client-key'
import { readGameView } from '@/lib/hub/game-view'
import type { ApiError } from '@/types/api'
import type { ControlAction, GameView, LiveSettings } from '@/types/live-game'

export type OpenGameRequest = { quizId: number } & LiveSettings

/** POST /api/live/join: the player's key to the game (kept in localStorage to come back). */
export type JoinResponse = { gameId: string; playerId: string; nickname: string; token: string }

const INVALID_VIEW: ApiError = { error: 'Invalid game data received. Please try again.' }

function viewOf(raw: unknown): GameView {
  const view = readGameView(raw)
  if (!view) throw INVALID_VIEW
  return view
}

const gamePath = (gameId: string) => `/api/live/games/${encodeURIComponent(gameId)}`

export async function openGame(request: OpenGameRequest): Promise<GameView> {
  return viewOf(
    await apiRequest<unknown>('/api/live/games', {
      method: 'POST',
      body: request,
      auth: true,
      defaultError: 'Failed to open the game',
    }),
  )
}

export async function getGame(gameId: string): Promise<GameView> {
  return viewOf(await apiRequest<unknown>(gamePath(gameId), { auth: true, defaultError: 'Failed to load the game' }))
}

export async function controlGame(gameId: string, action: ControlAction): Promise<GameView> {
  return viewOf(
    await apiRequest<unknown>(`${gamePath(gameId)}/control`, {
      method: 'POST',
      body: { action },
      auth: true,
      defaultError: 'That did not work. Please try again.',
    }),
  )
}

export async function kickPlayer(gameId: string, playerId: string): Promise<GameView> {
  return viewOf(
    await apiRequest<unknown>(`${gamePath(gameId)}/kick`, {
      method: 'POST',
      body: { playerId },
      auth: true,
      defaultError: 'Failed to remove the player',
    }),
  )
}

/**
 * Joins by PIN, or by the game's link when `key` (its link key) is given: a join by link is not
 * counted against the PIN's limit. The browser's client key goes along (decision 0032).
 */
export async function joinGame(pin: string, nickname: string, key?: string): Promise<JoinResponse> {
  const joined = await apiRequest<Partial<JoinResponse> | undefined>('/api/live/join', {
    method: 'POST',
    body: key ? { pin, nickname, key } : { pin, nickname },
    headers: clientKeyHeader(),
    defaultError: 'Unable to join the game. Please try again.',
  })
  if (!joined || typeof joined.gameId !== 'string' || typeof joined.playerId !== 'string' || typeof joined.token !== 'string') {
    throw INVALID_VIEW
  }
  return { gameId: joined.gameId, playerId: joined.playerId, nickname: joined.nickname ?? nickname, token: joined.token }
}
