/**
 * The timeline's filters: the order (newest or oldest first), the kinds of entries (a checkbox
 * each; audit reads are off unless asked for) and, on a quiz, the player (everyone seen in the
 * entries loaded so far). Each change loads the timeline anew.
 */
import { useId } from 'react'
import { AUDIT_KINDS, type Order, type TimelineFilters as Filters } from '../api/audit-types'
import { KIND_LABELS } from '../utils/audit-texts'
import { toggleKind, type KnownPerson } from '../utils/timeline-query'

type Props = {
  filters: Filters
  onChange: (filters: Filters) => void
  /** The people the player filter offers; none: no player filter (a person's own history). */
  people?: readonly KnownPerson[]
}

const ORDERS: Array<{ value: Order; label: string }> = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
]

export function TimelineFilters({ filters, onChange, people }: Props) {
  const id = useId()
  const selectedPerson = filters.person && people && !people.some((p) => p.id === filters.person) ? [{ id: filters.person, name: filters.person }] : []
  return (
    <div className="audit-filters">
      <fieldset className="audit-filter-group">
        <legend>Order</legend>
        {ORDERS.map((order) => (
          <label key={order.value} className="audit-choice">
            <input
              type="radio"
              name={`${id}-order`}
              value={order.value}
              checked={filters.order === order.value}
              onChange={() => onChange({ ...filters, order: order.value })}
            />
            {order.label}
          </label>
        ))}
      </fieldset>
      <fieldset className="audit-filter-group">
        <legend>Kinds</legend>
        {AUDIT_KINDS.map((kind) => (
          <label key={kind} className="audit-choice">
            <input
              type="checkbox"
              checked={filters.kinds.includes(kind)}
              onChange={(event) => onChange({ ...filters, kinds: toggleKind(filters.kinds, kind, event.target.checked) })}
            />
            {KIND_LABELS[kind]}
          </label>
        ))}
      </fieldset>
      {people ? (
        <div className="field audit-filter-person">
          <label htmlFor={`${id}-person`} className="field-label">
            Player
          </label>
          <select
            id={`${id}-person`}
            className="field-input"
            value={filters.person ?? ''}
            onChange={(event) => onChange({ ...filters, person: event.target.value || null })}
          >
            <option value="">Everyone</option>
            {[...people, ...selectedPerson].map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </div>
  )
}
