/**
 * The hub channels of a quiz in progress (docs/websocket.md), on the app's one hub connection:
 * `attempt:<id>` (clock ticks, the submitted notice) and `quiz:<categoryId>` (the live
 * leaderboard). Both are held once the attempt id is known. The play machine only sees
 * `server.tick` / `server.submitted` events (CONVENTIONS.md), and the quiz works without the
 * hub (the machine counts down on its own).
 */
import { useState } from 'react'
import { attemptChannel, quizChannel, type AttemptChannelMessage, type LeaderboardMessage } from '@/lib/hub/hub-messages'
import { useHubChannel } from '@/lib/hub/hub-provider'

export type LiveLeaderboard = Pick<LeaderboardMessage, 'top' | 'me' | 'participants'>

export type AttemptHubEvent =
  | { type: 'server.tick'; remainingMs: number }
  | { type: 'server.submitted'; reason?: 'player' | 'timeout' }

/** The play event for a message of the attempt's channel, if it is one. */
export function toPlayEvent(message: AttemptChannelMessage): AttemptHubEvent | null {
  if (message.type === 'tick') return { type: 'server.tick', remainingMs: message.remainingMs }
  if (message.type === 'submitted') return { type: 'server.submitted', reason: message.reason }
  return null
}

type Options = {
  attemptId: string | null
  categoryId: number | null
  onEvent: (event: AttemptHubEvent) => void
}

export function useAttemptHub({ attemptId, categoryId, onEvent }: Options) {
  const [leaderboard, setLeaderboard] = useState<LiveLeaderboard | null>(null)

  useHubChannel(attemptId ? attemptChannel(attemptId) : null, (message) => {
    const event = toPlayEvent(message)
    if (event) onEvent(event)
  })
  useHubChannel(attemptId && categoryId !== null ? quizChannel(categoryId) : null, (message) => {
    if (message.type === 'leaderboard') {
      setLeaderboard({ top: message.top, me: message.me, participants: message.participants })
    }
  })

  return { leaderboard }
}
