/**
 * What a typed answer may be (issue 29): the accepted answers (1 to 10, a `*` standing for any
 * text) and whether case and accents must match; a typed answer question's fields, and a typed
 * gap's.
 */
import { CheckField, type FieldsProps } from './field-parts'
import { textRow, type TextRow } from './question-form'
import { RowList, TextRowInput } from './row-list'

export type Accepted = { accepted: TextRow[]; case_sensitive: boolean; accents_matter: boolean }

type AcceptedListProps = {
  id: string
  legend: string
  value: Accepted
  onChange: (value: Accepted) => void
  disabled: boolean
  describedBy?: string
}

export function AcceptedList({ id, legend, value, onChange, disabled, describedBy }: AcceptedListProps) {
  return (
    <>
      <RowList
        id={`${id}-accepted`}
        legend={legend}
        noun="accepted answer"
        hint="A * stands for any text."
        rows={value.accepted}
        least={1}
        most={10}
        make={textRow}
        onChange={(accepted) => onChange({ ...value, accepted })}
        disabled={disabled}
        describedBy={describedBy}
      >
        {(row, index, update, rowId) => (
          <TextRowInput
            rowId={rowId}
            label={`Accepted answer ${index + 1}`}
            value={row.text}
            maxLength={200}
            disabled={disabled}
            onChange={(text) => update({ ...row, text })}
          />
        )}
      </RowList>
      <div className="check-row">
        <CheckField
          id={`${id}-case`}
          label="Upper and lower case must match"
          checked={value.case_sensitive}
          disabled={disabled}
          onChange={(case_sensitive) => onChange({ ...value, case_sensitive })}
        />
        <CheckField
          id={`${id}-accents`}
          label="Accents must match"
          checked={value.accents_matter}
          disabled={disabled}
          onChange={(accents_matter) => onChange({ ...value, accents_matter })}
        />
      </div>
    </>
  )
}

export function TypeAnswerFields({ form, onChange, id, disabled, invalid, errorId }: FieldsProps<'type_answer'>) {
  return (
    <AcceptedList
      id={id}
      legend="Accepted answers"
      value={form}
      onChange={(value) => onChange({ ...form, ...value })}
      disabled={disabled}
      describedBy={invalid('accepted') ? errorId : undefined}
    />
  )
}
