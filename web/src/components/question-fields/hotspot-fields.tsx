/**
 * The fields of a hotspot question (issue 30): its regions, drawn on the question's picture (the
 * media field above; without a picture, a note to add one first). The host chooses a shape
 * (Circle, Rectangle, Polygon) and draws it (hotspot-drawing.tsx), or adds one in the middle
 * with "Add region". Each region's row has its Name (what keyboard and screen-reader players
 * choose it by), a Right checkbox, its numbers in percent of the picture (a circle's middle and
 * radius, a rectangle's left, top, width and height, a polygon's corners as "x1 y1, x2 y2, …"),
 * and Delete. Focus goes to a new region's name, and from a deleted one to the next row's name
 * (or the Add region button). A name found in the question's text has a warning under it (it
 * does not stop the save): players who choose by name see it, so it may give the answer away.
 */
import { useState } from 'react'
import { aspectFromPicture } from '@/components/hotspot/hotspot-picture'
import { useFocusNext } from '@/hooks/use-focus-next'
import type { HotspotShape } from '@/types/api'
import { CheckField, type FieldsProps } from './field-parts'
import { HotspotDrawing } from './hotspot-drawing'
import { middleShape, nameInText, regionRow, SHAPE_NAMES, type RegionRow, type ShapeForm, type ShapeKind } from './hotspot-form'
import type { MediaForm } from './media-form'
import './question-fields.css'

export const NO_PICTURE = 'Add a picture above first: the regions are drawn on it.'

export const NAME_IN_QUESTION = 'Players who choose by name see this name: it appears in the question, so it may give the answer away.'

const MOST_REGIONS = 10

/** The numbers of each shape, with their labels (in percent of the picture). */
const SHAPE_FIELDS = {
  circle: [
    ['x', 'Middle across (%)'],
    ['y', 'Middle down (%)'],
    ['r', 'Radius (% of the width)'],
  ],
  rect: [
    ['x', 'Left edge (%)'],
    ['y', 'Top edge (%)'],
    ['w', 'Width (%)'],
    ['h', 'Height (%)'],
  ],
} as const

type HotspotFieldsProps = FieldsProps<'hotspot'> & {
  /** The question's picture, sound or video: the regions are drawn on its picture. */
  media?: MediaForm | null
  /** The question's text, as typed: a region's name found in it is warned of. */
  questionText?: string
}

function ShapeNumbers({ row, rowId, n, disabled, onChange }: { row: RegionRow; rowId: string; n: number; disabled: boolean; onChange: (shape: ShapeForm) => void }) {
  const { shape } = row
  if (shape.kind === 'polygon') {
    return (
      <div className="field hotspot-corners">
        <label className="field-label" htmlFor={`${rowId}-points`}>
          Corners of region {n} (% across and down)
        </label>
        <input
          id={`${rowId}-points`}
          className="field-input"
          value={shape.points}
          disabled={disabled}
          aria-describedby={`${rowId}-points-hint`}
          onChange={(event) => onChange({ ...shape, points: event.target.value })}
        />
        <p id={`${rowId}-points-hint`} className="field-hint">
          Across then down for each corner, like “10 20, 30 40, 20 60”.
        </p>
      </div>
    )
  }
  const fields: ReadonlyArray<readonly [string, string]> = SHAPE_FIELDS[shape.kind]
  return (
    <div className="number-fields hotspot-numbers">
      {fields.map(([field, label]) => (
        <div key={field} className="field">
          <label className="field-label" htmlFor={`${rowId}-${field}`}>
            <span className="visually-hidden">Region {n}: </span>
            {label}
          </label>
          <input
            id={`${rowId}-${field}`}
            className="field-input"
            type="number"
            step="any"
            min={0}
            max={100}
            value={(shape as Record<string, string>)[field]}
            disabled={disabled}
            onChange={(event) => onChange({ ...shape, [field]: event.target.value } as ShapeForm)}
          />
        </div>
      ))}
    </div>
  )
}

/**
 * The warning under a region's name found in the question's text, which describes the name's field;
 * in a status region always there, so screen readers say it as it comes (the region's number first,
 * for a host typing the question's text).
 */
function NameWarning({ id, n, shown }: { id: string; n: number; shown: boolean }) {
  return (
    <div role="status">
      {shown ? (
        <p id={id} className="field-hint hotspot-name-warning">
          <span aria-hidden="true">⚠ </span>
          <span className="visually-hidden">Region {n}: </span>
          {NAME_IN_QUESTION}
        </p>
      ) : null}
    </div>
  )
}

export function HotspotFields({ form, onChange, id, disabled, invalid, errorId, media = null, questionText = '' }: HotspotFieldsProps) {
  const [kind, setKind] = useState<ShapeKind>('circle')
  const focusNextRef = useFocusNext()
  const picture = media && media.kind === 'image' ? media : null
  const aspect = aspectFromPicture(picture, 1)
  const { regions } = form
  const full = regions.length >= MOST_REGIONS
  const rowId = (row: RegionRow) => `${id}-region-${row.key}`

  const add = (shape: HotspotShape) => {
    if (full) return
    const row = regionRow(shape)
    onChange({ ...form, regions: [...regions, row] })
    focusNextRef.current = `${rowId(row)}-name`
  }
  const update = (index: number, row: RegionRow) => onChange({ ...form, regions: regions.map((r, i) => (i === index ? row : r)) })
  const remove = (index: number) => {
    const rest = regions.filter((_, i) => i !== index)
    onChange({ ...form, regions: rest })
    const neighbour = rest[Math.min(index, rest.length - 1)]
    focusNextRef.current = neighbour ? `${rowId(neighbour)}-name` : `${id}-add-region`
  }

  return (
    <div className="hotspot-fields">
      {picture ? null : (
        <p className="field-hint type-note hotspot-no-picture" role="note">
          {NO_PICTURE}
        </p>
      )}
      <fieldset className="row-list">
        <legend className="field-label">Shape to draw</legend>
        <div className="check-row">
          {(Object.keys(SHAPE_NAMES) as ShapeKind[]).map((shape) => (
            <CheckField
              key={shape}
              id={`${id}-shape-${shape}`}
              name={`${id}-shape`}
              label={SHAPE_NAMES[shape]}
              checked={kind === shape}
              disabled={disabled}
              onChange={() => setKind(shape)}
            />
          ))}
        </div>
      </fieldset>
      {picture ? (
        <HotspotDrawing id={id} picture={picture} aspect={aspect} regions={regions} kind={kind} disabled={disabled || full} onDraw={add} />
      ) : null}
      <fieldset className="row-list" aria-describedby={[`${id}-regions-hint`, invalid('regions') ? errorId : null].filter(Boolean).join(' ')}>
        <legend className="field-label">Regions</legend>
        <p id={`${id}-regions-hint`} className="field-hint">
          2 to {MOST_REGIONS} regions. Name each place (players without a pointer choose it by name) and mark the right ones; places are in % of the
          picture, across from its left edge and down from its top.
        </p>
        <ol className="row-items">
          {regions.map((row, index) => {
            const n = index + 1
            const base = rowId(row)
            const givesAway = nameInText(row.name, questionText)
            return (
              <li key={row.key} className="row-item hotspot-region-row">
                <div className="row-fields">
                  <p className="hotspot-row-title">
                    Region {n}: {SHAPE_NAMES[row.shape.kind]}
                  </p>
                  <div className="field">
                    <label className="field-label" htmlFor={`${base}-name`}>
                      Name of region {n}
                    </label>
                    <input
                      id={`${base}-name`}
                      className="field-input"
                      value={row.name}
                      maxLength={300}
                      required
                      disabled={disabled}
                      aria-describedby={givesAway ? `${base}-name-warning` : undefined}
                      onChange={(event) => update(index, { ...row, name: event.target.value })}
                    />
                    <NameWarning id={`${base}-name-warning`} n={n} shown={givesAway} />
                  </div>
                  <CheckField
                    id={`${base}-right`}
                    label={
                      <>
                        <span className="visually-hidden">Region {n}:</span> Right
                      </>
                    }
                    checked={row.right}
                    disabled={disabled}
                    onChange={(right) => update(index, { ...row, right })}
                  />
                  <ShapeNumbers row={row} rowId={base} n={n} disabled={disabled} onChange={(shape) => update(index, { ...row, shape })} />
                </div>
                <div className="row-actions">
                  <button type="button" className="btn btn-ghost btn-small" aria-label={`Delete region ${n}`} disabled={disabled} onClick={() => remove(index)}>
                    Delete
                  </button>
                </div>
              </li>
            )
          })}
        </ol>
        <button id={`${id}-add-region`} type="button" className="btn btn-secondary btn-small" disabled={disabled || full} onClick={() => add(middleShape(kind))}>
          Add region
        </button>
      </fieldset>
    </div>
  )
}
