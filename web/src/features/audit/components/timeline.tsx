/**
 * A history as a timeline (a quiz's or a person's): filters, the entries, "Load more" from the
 * next cursor, and "Refresh" (the trail is indexed a moment behind the log, which it says).
 * `onLoaded` hands the page's quiz or person to the screen's heading; a refusal shows here.
 */
import { useEffect, useState } from 'react'
import { Loading } from '@/components/ui/loading'
import type { TimelineSubject } from '../api/audit-api'
import type { TimelineFilters as Filters, TimelinePage } from '../api/audit-types'
import { useTimeline } from '../hooks/use-timeline'
import { entriesText, type AuditSubject } from '../utils/audit-texts'
import { DEFAULT_FILTERS } from '../utils/timeline-query'
import { AuditProblem } from './audit-problem'
import { TimelineEntry } from './timeline-entry'
import { TimelineFilters } from './timeline-filters'

type Props = {
  subject: TimelineSubject
  /** Offer the player filter (a quiz's timeline). */
  personFilter?: boolean
  onLoaded?: (page: TimelinePage) => void
  onFailed?: (error: unknown) => void
}

export function Timeline({ subject, personFilter = false, onLoaded, onFailed }: Props) {
  const [filters, setFilters] = useState<Filters>(DEFAULT_FILTERS)
  const { view, people, hasMore, loadingMore, moreError, loadMore, refresh } = useTimeline(subject, filters)
  const auditSubject: AuditSubject = 'quizId' in subject ? 'quiz' : 'person'
  const page = view.status === 'loaded' ? view.page : null
  const error = view.status === 'failed' ? view.error : null

  useEffect(() => {
    if (page) onLoaded?.(page)
  }, [page, onLoaded])
  useEffect(() => {
    if (error) onFailed?.(error)
  }, [error, onFailed])

  const noKinds = filters.kinds.length === 0
  return (
    <div className="audit-timeline">
      <TimelineFilters filters={filters} onChange={setFilters} people={personFilter ? people : undefined} />
      {noKinds ? <p className="empty-state">Choose at least one kind of entry.</p> : null}
      {!noKinds && view.status === 'loading' ? <Loading label="Loading the history..." /> : null}
      {!noKinds && view.status === 'failed' ? (
        <AuditProblem error={view.error} subject={auditSubject} fallback="Failed to load the history" retry={refresh} />
      ) : null}
      {!noKinds && view.status === 'loaded' ? (
        <>
          <div className="audit-timeline-bar">
            <p className="muted" aria-live="polite">
              Showing {entriesText(view.entries.length)}; the history has {entriesText(view.page.total)} in all. Indexed up to
              position {view.page.indexedUpTo}.
            </p>
            <button type="button" className="btn btn-secondary btn-small" onClick={refresh} disabled={view.refreshing}>
              {view.refreshing ? 'Refreshing...' : 'Refresh'}
            </button>
          </div>
          {view.entries.length === 0 ? (
            <p className="empty-state">No entries match these filters.</p>
          ) : (
            <ol className="audit-entries" aria-label="Timeline entries">
              {view.entries.map((entry) => (
                <TimelineEntry key={entry.position} entry={entry} />
              ))}
            </ol>
          )}
          {moreError ? <AuditProblem error={moreError} subject={auditSubject} fallback="Failed to load more entries" /> : null}
          {hasMore ? (
            <button type="button" className="btn btn-secondary" onClick={loadMore} disabled={loadingMore}>
              {loadingMore ? 'Loading more...' : 'Load more'}
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  )
}
