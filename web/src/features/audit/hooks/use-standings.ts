/**
 * A quiz's standings as of a chosen moment (`at`: a position, or null for the head) and, when
 * comparing, since another (`since`). Each choice loads anew a moment later (`STANDINGS_DELAY_MS`,
 * so sliding across several moments asks once, as each read costs the auditor's budget); the
 * standings on screen stay until the new ones come, marked as updating.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { getStandings } from '../api/audit-api'
import type { StandingsAt } from '../api/audit-types'

export const STANDINGS_DELAY_MS = 250

export type StandingsChoice = { at: number | null; since: number | null }

type Result = { key: string } & ({ status: 'loaded'; data: StandingsAt } | { status: 'failed'; error: unknown })

const keyOf = (choice: StandingsChoice, reload: number) => `${choice.at ?? 'head'}|${choice.since ?? ''}|${reload}`

export function useStandings(quizId: number) {
  const [choice, setChoice] = useState<StandingsChoice>({ at: null, since: null })
  const [reload, setReload] = useState(0)
  const [result, setResult] = useState<Result | null>(null)
  /** The first standings load at once; later choices wait a moment. */
  const shownOnce = useRef(false)
  const key = keyOf(choice, reload)

  const load = useEffectEvent(() => getStandings(quizId, choice))

  useEffect(() => {
    let cancelled = false
    const timer = window.setTimeout(
      () => {
        load().then(
          (data) => {
            if (cancelled) return
            shownOnce.current = true
            setResult({ key, status: 'loaded', data })
          },
          (error: unknown) => {
            if (!cancelled) setResult({ key, status: 'failed', error })
          },
        )
      },
      shownOnce.current ? STANDINGS_DELAY_MS : 0,
    )
    return () => {
      cancelled = true
      window.clearTimeout(timer)
    }
  }, [key])

  const updating = result !== null && result.key !== key
  /** Moves the time line to position `at` (null: now); a comparison with a moment not before it ends. */
  const showAt = (at: number | null) =>
    setChoice((c) => ({ at, since: c.since !== null && at !== null && c.since >= at ? null : c.since }))
  const compareWith = (since: number | null) => setChoice((c) => ({ ...c, since }))
  const retry = () => setReload((n) => n + 1)

  return {
    choice,
    data: result?.status === 'loaded' ? result.data : null,
    error: result?.status === 'failed' && !updating ? result.error : null,
    loading: result === null || updating,
    showAt,
    compareWith,
    retry,
  }
}
