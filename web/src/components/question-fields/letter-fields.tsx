/**
 * A question A–D's fields: four options and the correct letter (PRODUCT.md screen 13); each
 * option may have a picture (issue 30), under its text.
 */
import { LETTERS } from '@/lib/constants'
import type { Letter } from '@/types/api'
import type { FieldsProps } from './field-parts'
import { PictureField } from './picture-field'
import { OPTION_FIELDS } from './question-form'

export function LetterFields({ form, onChange, id, disabled, invalid, errorId, onPicture }: FieldsProps<'letters'>) {
  return (
    <>
      <div className="option-fields">
        {LETTERS.map((letter, i) => {
          const field = OPTION_FIELDS[i]
          return (
            <div className="option-field" key={letter}>
              <div className="field">
                <label className="field-label" htmlFor={`${id}-${field}`}>
                  Option {letter}
                </label>
                <input
                  id={`${id}-${field}`}
                  className="field-input"
                  value={form[field]}
                  disabled={disabled}
                  onChange={(event) => onChange({ ...form, [field]: event.target.value })}
                />
              </div>
              <PictureField
                picture={form.pictures?.[i] ?? null}
                onChange={(picture) => onPicture(letter, picture)}
                id={`${id}-${field}`}
                of={`option ${letter}`}
                disabled={disabled}
                invalid={(name) => invalid(`picture ${i + 1}: ${name}`)}
                errorId={errorId}
              />
            </div>
          )
        })}
      </div>
      <div className="field narrow-field">
        <label className="field-label" htmlFor={`${id}-answer`}>
          Correct answer
        </label>
        <select
          id={`${id}-answer`}
          className="field-input"
          value={form.answer}
          disabled={disabled}
          onChange={(event) => onChange({ ...form, answer: event.target.value as Letter })}
        >
          {LETTERS.map((letter) => (
            <option key={letter} value={letter}>
              {letter}
            </option>
          ))}
        </select>
      </div>
    </>
  )
}
