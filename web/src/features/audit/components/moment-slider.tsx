/**
 * The time line: a range input labelled "Moment" whose steps are the quiz's moments (hosting,
 * edits, submissions, retakes), each read out as what it was and when; buttons for the earlier and
 * the later moment, and "Now" for the head of the log.
 */
import { useId } from 'react'
import type { Moment } from '../api/audit-types'
import { momentIndexAt, momentLabel, positionAtIndex } from '../utils/moments'

type Props = {
  moments: readonly Moment[]
  /** The chosen position, or null for now (the head). */
  at: number | null
  head: number
  onChange: (at: number | null) => void
}

export function MomentSlider({ moments, at, head, onChange }: Props) {
  const id = useId()
  if (moments.length === 0) return <p className="muted">Nothing has happened to this quiz's standings yet.</p>
  const index = momentIndexAt(moments, at ?? head)
  const label = momentLabel(moments[index])
  return (
    <div className="audit-slider">
      <label htmlFor={id} className="field-label">
        Moment
      </label>
      <div className="audit-slider-row">
        <button
          type="button"
          className="btn btn-secondary btn-small"
          aria-label="Earlier moment"
          disabled={index === 0}
          onClick={() => onChange(positionAtIndex(moments, index - 1))}
        >
          <span aria-hidden="true">◀</span>
        </button>
        <input
          id={id}
          type="range"
          min={0}
          max={moments.length - 1}
          step={1}
          value={index}
          aria-valuetext={label}
          aria-describedby={`${id}-label`}
          onChange={(event) => onChange(positionAtIndex(moments, Number(event.target.value)))}
        />
        <button
          type="button"
          className="btn btn-secondary btn-small"
          aria-label="Later moment"
          disabled={index === moments.length - 1}
          onClick={() => onChange(positionAtIndex(moments, index + 1))}
        >
          <span aria-hidden="true">▶</span>
        </button>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => onChange(null)} disabled={at === null}>
          Now
        </button>
      </div>
      <p id={`${id}-label`} className="audit-slider-label" data-testid="moment-label">
        {at === null ? `Now (the last moment: ${label})` : label}
      </p>
    </div>
  )
}
