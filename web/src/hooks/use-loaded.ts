/**
 * Loads something once (the live results screens: a quiz's games, a game's results, a player's
 * history; the audit's attempt sheet and leaderboard) and says how it went; `retry` loads it again. `load` must keep its identity (a
 * `useCallback` of the ids it needs); a new `load` loads anew.
 */
import { useCallback, useEffect, useState } from 'react'

export type Loaded<T> = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'loaded'; data: T }

export function useLoaded<T>(load: () => Promise<T>): { state: Loaded<T>; retry: () => void } {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let cancelled = false
    load().then(
      (data) => {
        if (!cancelled) setState({ status: 'loaded', data })
      },
      (error: unknown) => {
        if (!cancelled) setState({ status: 'failed', error })
      },
    )
    return () => {
      cancelled = true
    }
  }, [load, attempt])

  const retry = useCallback(() => {
    setState({ status: 'loading' })
    setAttempt((n) => n + 1)
  }, [])
  return { state, retry }
}
