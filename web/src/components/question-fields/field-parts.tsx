/**
 * The small pieces every type's fields are made of in the quiz editor (issue 29): the props a
 * type's fields take, a labelled checkbox or radio, and a labelled number. A field a save's
 * message names is marked invalid and described by the question's errors (a group of rows is only
 * described by them: a group takes no aria-invalid).
 */
import type { ChangeEvent, ReactNode } from 'react'
import type { PictureForm } from './media-form'
import type { FormOf, FormType } from './question-form'

export type FieldsProps<T extends FormType> = {
  form: FormOf<T>
  onChange: (form: FormOf<T>) => void
  /** The start of every id (the question's key). */
  id: string
  disabled: boolean
  /** Whether a save's message names the field (`options`, `right`, `target`, …). */
  invalid: (field: string) => boolean
  /** The id of the question's error messages. */
  errorId: string
  /**
   * The picture of an option or an item (issue 30) as uploaded or edited, by the row's key (a
   * letter for the options A–D): applied to the form as it is then (`setPicture`), as an upload
   * ends after the form may have changed.
   */
  onPicture: (at: string, picture: PictureForm | null) => void
}

type CheckFieldProps = {
  id: string
  label: ReactNode
  checked: boolean
  disabled: boolean
  onChange: (checked: boolean) => void
  /** A radio of a group (`name`) instead of a checkbox. */
  name?: string
}

export function CheckField({ id, label, checked, disabled, onChange, name }: CheckFieldProps) {
  return (
    <span className="check-field">
      <input
        id={id}
        type={name ? 'radio' : 'checkbox'}
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </span>
  )
}

type NumberFieldProps = {
  id: string
  label: string
  value: string
  disabled: boolean
  invalid: boolean
  errorId: string
  onChange: (value: string) => void
  hint?: string
}

/** A number as typed (kept as text until the question is saved). */
export function NumberField({ id, label, value, disabled, invalid, errorId, onChange, hint }: NumberFieldProps) {
  const described = [hint ? `${id}-hint` : null, invalid ? errorId : null].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field-input"
        type="number"
        step="any"
        value={value}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={described || undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  )
}
