/**
 * One entry of a history: when, its position in the log, its kind and what happened, who did it
 * (and whom it was about, when someone else), an edit's changes, a link to an attempt's sheet, and
 * the raw event on demand.
 */
import { Link } from 'react-router'
import { auditAttemptPath } from '@/lib/audit-links'
import type { TimelineEntry as Entry } from '../api/audit-types'
import { eventLabel, kindLabel, timeText } from '../utils/audit-texts'
import { EditChanges } from './edit-changes'
import { RawEvent } from './raw-event'

export function TimelineEntry({ entry }: { entry: Entry }) {
  const about = entry.person && entry.person.id !== entry.actor?.id ? entry.person : null
  return (
    <li className="audit-entry" data-testid="audit-entry">
      <div className="audit-entry-head">
        <time dateTime={entry.at}>{timeText(entry.at)}</time>
        <span className="audit-position">#{entry.position}</span>
        <span className={`audit-kind audit-kind-${entry.kind}`}>{kindLabel(entry.kind)}</span>
        <span className="audit-event">{eventLabel(entry.eventType)}</span>
      </div>
      <p className="audit-summary">{entry.summary}</p>
      <p className="audit-who muted">
        By {entry.actor?.name ?? 'unknown'}
        {about ? `, about ${about.name}` : null}
      </p>
      {entry.changes ? <EditChanges changes={entry.changes} position={entry.position} /> : null}
      <div className="audit-entry-actions">
        {entry.attemptId ? (
          <Link to={auditAttemptPath(entry.attemptId)} className="btn btn-link btn-small">
            Open attempt sheet <span className="visually-hidden">of #{entry.position}</span>
          </Link>
        ) : null}
        <RawEvent position={entry.position} />
      </div>
    </li>
  )
}
