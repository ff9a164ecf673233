/**
 * A list of rows the host adds to, removes from and (for an ordering) reorders, by keyboard or
 * tap alone: a group with its legend and bounds, each row's fields, a Remove button (and Move
 * up / Move down), and an Add button. Focus follows: to an added row's first field, to the row
 * that takes a removed one's place (or the Add button), and with a moved row (to its other move
 * button at an end); each move is said in a polite status.
 */
import { useState, type ReactNode } from 'react'
import { useFocusNext } from '@/hooks/use-focus-next'
import { movedText } from '@/lib/moved-text'
import './question-fields.css'

type Row = { key: string; text?: string }

type RowListProps<R extends Row> = {
  /** The start of the list's ids. */
  id: string
  legend: string
  /** What one row is, in lower case ('option', 'accepted answer'): "Add option", "Remove option 2". */
  noun: string
  /** More than one (`${noun}s` unless given). */
  plural?: string
  rows: R[]
  least: number
  most: number
  make: () => R
  onChange: (rows: R[]) => void
  disabled: boolean
  movable?: boolean
  /** More to say under the legend, after the bounds. */
  hint?: string
  /** The question's errors, when a message names this list. */
  describedBy?: string
  /** A row's fields; the first has the id `${rowId}-text` (focused when the row is added). */
  children: (row: R, index: number, update: (row: R) => void, rowId: string) => ReactNode
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

export function RowList<R extends Row>({ id, legend, noun, plural = `${noun}s`, rows, least, most, make, onChange, disabled, movable, hint, describedBy, children }: RowListProps<R>) {
  const focusNextRef = useFocusNext()
  const [said, setSaid] = useState('')
  const rowId = (row: R) => `${id}-${row.key}`

  const add = () => {
    const row = make()
    onChange([...rows, row])
    focusNextRef.current = `${rowId(row)}-text`
  }

  const remove = (index: number) => {
    const rest = rows.filter((_, i) => i !== index)
    onChange(rest)
    const neighbour = rest[Math.min(index, rest.length - 1)]
    focusNextRef.current = neighbour ? `${rowId(neighbour)}-text` : `${id}-add`
  }

  const move = (index: number, to: number) => {
    const next = [...rows]
    ;[next[index], next[to]] = [next[to], next[index]]
    onChange(next)
    const row = rows[index]
    setSaid(movedText(row.text?.trim() || `${capital(noun)} ${index + 1}`, to, rows.length))
    const up = to < index
    const edge = to === 0 || to === rows.length - 1
    focusNextRef.current = `${rowId(row)}-${up !== edge ? 'up' : 'down'}`
  }

  return (
    <fieldset className="row-list" aria-describedby={[`${id}-hint`, describedBy].filter(Boolean).join(' ')}>
      <legend className="field-label">{legend}</legend>
      <p id={`${id}-hint`} className="field-hint">
        {least === 0 ? `Up to ${most} ${plural}.` : `${least} to ${most} ${plural}.`}
        {hint ? ` ${hint}` : null}
      </p>
      <ol className="row-items">
        {rows.map((row, index) => {
          const n = index + 1
          return (
            <li key={row.key} className="row-item">
              <div className="row-fields">{children(row, index, (next) => onChange(rows.map((r, i) => (i === index ? next : r))), rowId(row))}</div>
              <div className="row-actions">
                {movable ? (
                  <>
                    <button
                      id={`${rowId(row)}-up`}
                      type="button"
                      className="btn btn-secondary btn-small"
                      aria-label={`Move up ${noun} ${n}`}
                      disabled={disabled || index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      Move up
                    </button>
                    <button
                      id={`${rowId(row)}-down`}
                      type="button"
                      className="btn btn-secondary btn-small"
                      aria-label={`Move down ${noun} ${n}`}
                      disabled={disabled || index === rows.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      Move down
                    </button>
                  </>
                ) : null}
                <button
                  type="button"
                  className="btn btn-ghost btn-small"
                  aria-label={`Remove ${noun} ${n}`}
                  disabled={disabled || rows.length <= least}
                  onClick={() => remove(index)}
                >
                  Remove
                </button>
              </div>
            </li>
          )
        })}
      </ol>
      <button id={`${id}-add`} type="button" className="btn btn-secondary btn-small" disabled={disabled || rows.length >= most} onClick={add}>
        Add {noun}
      </button>
      {movable ? (
        <p className="visually-hidden" role="status" aria-live="polite">
          {said}
        </p>
      ) : null}
    </fieldset>
  )
}

type TextRowInputProps = {
  rowId: string
  label: string
  value: string
  disabled: boolean
  onChange: (value: string) => void
  maxLength?: number
}

/** A row's text field, with the id the list focuses. */
export function TextRowInput({ rowId, label, value, disabled, onChange, maxLength = 300 }: TextRowInputProps) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={`${rowId}-text`}>
        {label}
      </label>
      <input
        id={`${rowId}-text`}
        className="field-input"
        value={value}
        maxLength={maxLength}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
}
