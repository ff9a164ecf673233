/**
 * Renders a type's fields of the quiz editor (issue 29) the way the editor drives them: each
 * change comes back as the form; `definition()` is what saving would send for it now.
 */
import { render } from '@testing-library/react'
import { useState } from 'react'
import { TypeFields } from '../components/question-fields/type-fields'
import { toDefinition, type QuestionForm, type TypedForm } from '../utils/question-form'

/** `invalid`: the fields a save's message names (described by the errors `q-errors`). */
export function renderFields(initial: QuestionForm, { invalid = [] as string[], disabled = false } = {}) {
  let current = initial
  function Harness() {
    const [form, setForm] = useState(initial)
    return (
      <TypeFields
        form={form}
        onChange={(next) => {
          current = next
          setForm(next)
        }}
        id="q"
        disabled={disabled}
        invalid={(field) => invalid.includes(field)}
        errorId="q-errors"
      />
    )
  }
  return { ...render(<Harness />), form: () => current, definition: () => toDefinition(current as TypedForm) }
}
