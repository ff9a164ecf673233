/**
 * The fields of the questions answered by a number (issue 29): a numeric answer (the answer,
 * how far off still counts, as an amount or a percentage, and a unit shown beside it) and a
 * slider (its range and step, the target and the margin that still scores).
 */
import type { Tolerance } from '@/types/api'
import { CheckField, NumberField, type FieldsProps } from './field-parts'

export function NumericFields({ form, onChange, id, disabled, invalid, errorId }: FieldsProps<'numeric'>) {
  const relative = form.tolerance_kind === 'relative'
  return (
    <div className="number-fields">
      <NumberField
        id={`${id}-number`}
        label="Correct number"
        value={form.answer}
        disabled={disabled}
        invalid={invalid('answer')}
        errorId={errorId}
        onChange={(answer) => onChange({ ...form, answer })}
      />
      <div className="field">
        <label className="field-label" htmlFor={`${id}-tolerance-kind`}>
          Tolerance kind
        </label>
        <select
          id={`${id}-tolerance-kind`}
          className="field-input"
          value={form.tolerance_kind}
          disabled={disabled}
          onChange={(event) => onChange({ ...form, tolerance_kind: event.target.value as Tolerance['kind'] })}
        >
          <option value="absolute">Plus or minus an amount</option>
          <option value="relative">Plus or minus a percentage</option>
        </select>
      </div>
      <NumberField
        id={`${id}-tolerance`}
        label={relative ? 'Tolerance (%)' : 'Tolerance'}
        hint="Empty for an exact answer."
        value={form.tolerance}
        disabled={disabled}
        invalid={invalid('tolerance')}
        errorId={errorId}
        onChange={(tolerance) => onChange({ ...form, tolerance })}
      />
      <div className="field">
        <label className="field-label" htmlFor={`${id}-unit`}>
          Unit (optional)
        </label>
        <input
          id={`${id}-unit`}
          className="field-input"
          value={form.unit}
          maxLength={300}
          disabled={disabled}
          onChange={(event) => onChange({ ...form, unit: event.target.value })}
        />
      </div>
    </div>
  )
}

const SLIDER_FIELDS = [
  ['min', 'Smallest value'],
  ['max', 'Largest value'],
  ['step', 'Step'],
  ['target', 'Target'],
  ['margin', 'Margin (how far off still scores)'],
] as const

export function SliderFields({ form, onChange, id, disabled, invalid, errorId }: FieldsProps<'slider'>) {
  return (
    <>
      <div className="number-fields">
        {SLIDER_FIELDS.map(([field, label]) => (
          <NumberField
            key={field}
            id={`${id}-${field}`}
            label={label}
            value={form[field]}
            disabled={disabled}
            invalid={invalid(field)}
            errorId={errorId}
            onChange={(value) => onChange({ ...form, [field]: value })}
          />
        ))}
      </div>
      <CheckField
        id={`${id}-exact`}
        label="Exact: full marks within the margin, none outside"
        checked={form.exact}
        disabled={disabled}
        onChange={(exact) => onChange({ ...form, exact })}
      />
    </>
  )
}
