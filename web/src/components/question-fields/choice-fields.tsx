/**
 * The fields of the questions that offer options (issue 29): a single choice (each option that
 * counts as right marked), a multiple select (the options to choose marked, all or nothing or
 * part marks), a poll (options only, not scored), and true or false (the right one of two). The
 * options of the first three may each have a picture (issue 30), kept with the option as options
 * are added, removed or moved; a gap's dropdown has none.
 */
import { boolWord } from '@/components/feedback/answer-words'
import { CheckField, type FieldsProps } from './field-parts'
import { PictureField } from './picture-field'
import { optionRow, type OptionRow } from './question-form'
import { RowList, TextRowInput } from './row-list'

const HINTS = {
  single_choice: 'Mark each option that counts as right.',
  multi_select: 'Mark every option a player should choose.',
  poll: 'A poll is not scored.',
} as const

type OptionsProps = {
  id: string
  legend: string
  options: OptionRow[]
  onChange: (options: OptionRow[]) => void
  /** Whether options are marked right, by checkbox or (one right) by radio. */
  marks: 'several' | 'one' | 'none'
  hint?: string
  disabled: boolean
  describedBy?: string
  /** Each option may have a picture: whether a save's message names a field of one, the errors' id, and its change. */
  pictures?: Pick<FieldsProps<'single_choice'>, 'invalid' | 'errorId' | 'onPicture'>
}

/** Options of 2 to 6, each with its right mark (and its picture, when `pictures`); also a gap's dropdown. */
export function OptionList({ id, legend, options, onChange, marks, hint, disabled, describedBy, pictures }: OptionsProps) {
  const markOne = (key: string) => options.map((option) => ({ ...option, right: option.key === key }))
  return (
    <RowList id={`${id}-options`} legend={legend} noun="option" hint={hint} rows={options} least={2} most={6} make={optionRow} onChange={onChange} disabled={disabled} describedBy={describedBy}>
      {(option, index, update, rowId) => (
        <>
          <TextRowInput rowId={rowId} label={`Option ${index + 1}`} value={option.text} disabled={disabled} onChange={(text) => update({ ...option, text })} />
          {marks === 'none' ? null : (
            <CheckField
              id={`${rowId}-right`}
              name={marks === 'one' ? `${id}-right` : undefined}
              label={
                <>
                  <span className="visually-hidden">Option {index + 1}:</span> Right
                </>
              }
              checked={option.right}
              disabled={disabled}
              onChange={(right) => onChange(marks === 'one' ? markOne(option.key) : options.map((o) => (o.key === option.key ? { ...o, right } : o)))}
            />
          )}
          {pictures ? (
            <PictureField
              picture={option.picture ?? null}
              onChange={(picture) => pictures.onPicture(option.key, picture)}
              id={rowId}
              of={`option ${index + 1}`}
              disabled={disabled}
              invalid={(field) => pictures.invalid(`picture ${index + 1}: ${field}`)}
              errorId={pictures.errorId}
            />
          ) : null}
        </>
      )}
    </RowList>
  )
}

export function ChoiceFields({ form, onChange, id, disabled, invalid, errorId, onPicture }: FieldsProps<'single_choice' | 'multi_select' | 'poll'>) {
  return (
    <>
      <OptionList
        id={id}
        legend="Options"
        options={form.options}
        onChange={(options) => onChange({ ...form, options })}
        marks={form.type === 'poll' ? 'none' : 'several'}
        hint={HINTS[form.type]}
        disabled={disabled}
        describedBy={invalid('options') || invalid('right') || invalid('pictures') ? errorId : undefined}
        pictures={{ invalid, errorId, onPicture }}
      />
      {form.type === 'multi_select' ? (
        <CheckField
          id={`${id}-all-or-nothing`}
          label="All or nothing (no marks for a part-right answer)"
          checked={form.all_or_nothing}
          disabled={disabled}
          onChange={(all_or_nothing) => onChange({ ...form, all_or_nothing })}
        />
      ) : null}
    </>
  )
}

export function TrueFalseFields({ form, onChange, id, disabled }: FieldsProps<'true_false'>) {
  return (
    <fieldset className="row-list">
      <legend className="field-label">Correct answer</legend>
      <div className="check-row">
        {[true, false].map((value) => (
          <CheckField
            key={String(value)}
            id={`${id}-${value}`}
            name={`${id}-true-false`}
            label={boolWord(value)}
            checked={form.answer === value}
            disabled={disabled}
            onChange={() => onChange({ ...form, answer: value })}
          />
        ))}
      </div>
    </fieldset>
  )
}
