/**
 * A history's pages as its filters ask for them: the first page loads whenever the subject or
 * the filters change (an answer to older filters is dropped), "Load more" appends the next page
 * from `nextCursor`, and `refresh` loads the first page again (the trail is indexed a moment
 * behind the log). `people` gathers everyone the loaded entries were about, across filters, for
 * the person filter.
 */
import { useCallback, useEffect, useEffectEvent, useState } from 'react'
import { getTimeline, subjectPath, type TimelineSubject } from '../api/audit-api'
import type { TimelineEntry, TimelineFilters, TimelinePage } from '../api/audit-types'
import { knownPeople, timelineQuery, type KnownPerson } from '../utils/timeline-query'

type Result = { key: string; reload: number } & ({ status: 'loaded'; page: TimelinePage; entries: TimelineEntry[] } | { status: 'failed'; error: unknown })

type More = { key: string; status: 'loading' } | { key: string; status: 'failed'; error: unknown }

export type TimelineView =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'loaded'; page: TimelinePage; entries: TimelineEntry[]; refreshing: boolean }

/** Appends `next` to `entries`, leaving out positions already there. */
export function appendEntries(entries: readonly TimelineEntry[], next: readonly TimelineEntry[]): TimelineEntry[] {
  const seen = new Set(entries.map((entry) => entry.position))
  return [...entries, ...next.filter((entry) => !seen.has(entry.position))]
}

export function useTimeline(subject: TimelineSubject, filters: TimelineFilters) {
  const key = `${subjectPath(subject)}?${timelineQuery(filters)}`
  const [result, setResult] = useState<Result | null>(null)
  const [more, setMore] = useState<More | null>(null)
  const [reload, setReload] = useState(0)
  const [people, setPeople] = useState<KnownPerson[]>([])

  const loadFirst = useEffectEvent(() => getTimeline(subject, filters))

  const noKinds = filters.kinds.length === 0

  useEffect(() => {
    // No kind chosen: nothing to ask for (the screen says so).
    if (noKinds) return
    let cancelled = false
    loadFirst().then(
      (page) => {
        if (cancelled) return
        setResult({ key, reload, status: 'loaded', page, entries: page.entries })
        setPeople((known) => knownPeople(known, page.entries))
      },
      (error: unknown) => {
        if (!cancelled) setResult({ key, reload, status: 'failed', error })
      },
    )
    return () => {
      cancelled = true
    }
  }, [key, reload, noKinds])

  const current = result && result.key === key ? result : null
  const view: TimelineView = !current
    ? { status: 'loading' }
    : current.status === 'failed'
      ? current.reload === reload
        ? { status: 'failed', error: current.error }
        : { status: 'loading' }
      : { status: 'loaded', page: current.page, entries: current.entries, refreshing: current.reload !== reload }

  const nextCursor = current?.status === 'loaded' ? current.page.nextCursor : null
  const moreState = more && more.key === key ? more : null

  const loadMore = () => {
    if (nextCursor === null || moreState?.status === 'loading') return
    setMore({ key, status: 'loading' })
    getTimeline(subject, filters, nextCursor).then(
      (page) => {
        setResult((r) =>
          r && r.key === key && r.status === 'loaded' ? { ...r, page: { ...page, entries: [] }, entries: appendEntries(r.entries, page.entries) } : r,
        )
        setPeople((known) => knownPeople(known, page.entries))
        setMore((m) => (m && m.key === key ? null : m))
      },
      (error: unknown) => setMore((m) => (m && m.key === key ? { key, status: 'failed', error } : m)),
    )
  }

  const refresh = useCallback(() => {
    setMore(null)
    setReload((n) => n + 1)
  }, [])

  return {
    view,
    people,
    hasMore: nextCursor !== null,
    loadingMore: moreState?.status === 'loading',
    moreError: moreState?.status === 'failed' ? moreState.error : null,
    loadMore,
    refresh,
  }
}
