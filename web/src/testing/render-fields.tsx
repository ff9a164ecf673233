/**
 * Renders a type's fields (issue 29; src/components/question-fields) the way the quiz editor
 * drives them: each change comes back as the form (a picture's on the form as it is then, issue
 * 30); `definition()` is what saving would send for it now.
 */
import { render } from '@testing-library/react'
import { useState } from 'react'
import type { MediaForm } from '@/components/question-fields/media-form'
import { setPicture } from '@/components/question-fields/picture-form'
import { toDefinition, type QuestionForm, type TypedForm } from '@/components/question-fields/question-form'
import { TypeFields } from '@/components/question-fields/type-fields'

/** `invalid`: the fields a save's message names (described by the errors `q-errors`); `questionText`: the question's. */
export function renderFields(
  initial: QuestionForm,
  { invalid = [] as string[], disabled = false, media = null as MediaForm | null, questionText = '' } = {},
) {
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
        onPicture={(at, picture) => {
          current = setPicture(current, at, picture)
          setForm(current)
        }}
        id="q"
        media={media}
        questionText={questionText}
        disabled={disabled}
        invalid={(field) => invalid.includes(field)}
        errorId="q-errors"
      />
    )
  }
  return { ...render(<Harness />), form: () => current, definition: () => toDefinition(current as TypedForm) }
}
