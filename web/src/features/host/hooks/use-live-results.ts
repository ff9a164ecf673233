/**
 * Live results of one quiz (docs/websocket.md): listens to `quiz:<categoryId>` on the app's
 * hub connection and calls `onChange` whenever a `leaderboard` message arrives (on subscribing,
 * then after every submission or retake). The screen then reloads its rows from the API, which
 * has every column the hub's top 10 does not.
 */
import { quizChannel } from '@/lib/hub/hub-messages'
import { useHubChannel } from '@/lib/hub/hub-provider'

export function useLiveResults(categoryId: number | null, onChange: () => void): void {
  useHubChannel(categoryId !== null ? quizChannel(categoryId) : null, (message) => {
    if (message.type === 'leaderboard') onChange()
  })
}
