/**
 * A text with gaps (issue 29): the text, its gaps marked {{1}}, {{2}}, … in order, and each gap
 * a dropdown (options, one right) or a typed word (accepted answers). Adding a gap adds its
 * marker at the end of the text; removing one takes its marker out and numbers the later ones
 * one less, so the text and the gaps stay in step.
 */
import { AcceptedList } from './accepted-fields'
import { OptionList } from './choice-fields'
import type { FieldsProps } from './field-parts'
import { gapRow, withGap, withoutGap, type GapRow } from './question-form'
import { RowList } from './row-list'

export function GapsFields({ form, onChange, id, disabled, invalid, errorId }: FieldsProps<'gaps'>) {
  const hintId = `${id}-cloze-hint`
  const wrongText = invalid('text')

  const changeGaps = (gaps: GapRow[]) => {
    if (gaps.length > form.gaps.length) {
      onChange({ ...form, gaps, text: withGap(form.text, gaps.length) })
      return
    }
    const removed = form.gaps.findIndex((gap, i) => gaps[i]?.key !== gap.key)
    onChange({ ...form, gaps, text: removed < 0 ? form.text : withoutGap(form.text, removed + 1) })
  }

  return (
    <>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-cloze`}>
          Text with gaps
        </label>
        <textarea
          id={`${id}-cloze`}
          className="field-input"
          rows={3}
          maxLength={1000}
          value={form.text}
          disabled={disabled}
          aria-invalid={wrongText || undefined}
          aria-describedby={wrongText ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => onChange({ ...form, text: event.target.value })}
        />
        <p id={hintId} className="field-hint">
          Mark each gap as {'{{1}}'}, {'{{2}}'}, … in order; adding a gap adds its mark at the end.
        </p>
      </div>
      <RowList
        id={`${id}-gaps`}
        legend="Gaps"
        noun="gap"
        rows={form.gaps}
        least={1}
        most={10}
        make={gapRow}
        onChange={changeGaps}
        disabled={disabled}
        describedBy={invalid('gaps') ? errorId : undefined}
      >
        {(gap, index, update, rowId) => {
          const n = index + 1
          return (
            <div className="gap-fields">
              <div className="field narrow-field">
                <label className="field-label" htmlFor={`${rowId}-text`}>
                  Kind of gap {n}
                </label>
                <select
                  id={`${rowId}-text`}
                  className="field-input"
                  value={gap.type}
                  disabled={disabled}
                  onChange={(event) => update({ ...gap, type: event.target.value as GapRow['type'] })}
                >
                  <option value="typed">Typed word</option>
                  <option value="choice">Dropdown</option>
                </select>
              </div>
              {gap.type === 'choice' ? (
                <OptionList
                  id={rowId}
                  legend={`Options of gap ${n}`}
                  hint="Mark the right one."
                  options={gap.options}
                  marks="one"
                  onChange={(options) => update({ ...gap, options })}
                  disabled={disabled}
                />
              ) : (
                <AcceptedList id={rowId} legend={`Accepted answers of gap ${n}`} value={gap} onChange={(value) => update({ ...gap, ...value })} disabled={disabled} />
              )}
            </div>
          )
        }}
      </RowList>
    </>
  )
}
