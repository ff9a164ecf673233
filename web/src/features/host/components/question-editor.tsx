/**
 * One question in the view-quiz editor: its number and type, a Question type select (issue 29),
 * the text, its picture, sound or video (issue 30), the fields of its type (four options and the
 * correct letter for a question A–D; a picture on each option or item of the types that take
 * them), the explanation, and what keeps it from being saved (the client's checks or the server's
 * messages), which describe the question's group and the fields they name.
 */
import { MediaField } from '@/components/question-fields/media-field'
import { namedFields } from '@/components/question-fields/question-checks'
import type { FormType } from '@/components/question-fields/question-form'
import { FORM_TYPE_NAMES, TypeFields } from '@/components/question-fields/type-fields'
import type { EditableQuestion, EditorAction } from '../utils/question-editor'
import '@/components/question-fields/question-fields.css'
import '../host.css'

const FORM_TYPES = Object.keys(FORM_TYPE_NAMES) as FormType[]

type QuestionEditorProps = {
  question: EditableQuestion
  index: number
  disabled: boolean
  dispatch: (action: EditorAction) => void
  /** Why the last save was refused for this question (none when it was not). */
  errors: string[]
}

/** The id of a question's error messages (focused after a refused save). */
export const errorsId = (key: string) => `${key}-errors`

export function QuestionEditor({ question, index, disabled, dispatch, errors }: QuestionEditorProps) {
  const { key, form } = question
  const id = (field: string) => `${key}-${field}`
  const number = index + 1
  const errorId = errorsId(key)
  const fields = namedFields(errors)
  return (
    <li className="card question-editor" aria-label={`Question ${number}`}>
      <fieldset className="form-fieldset" aria-describedby={errors.length > 0 ? errorId : undefined}>
        <legend className="visually-hidden">Question {number}</legend>
        <div className="question-editor-head">
          <div className="question-editor-title">
            <h3>Question {number}</h3>
            <span className="question-type-name">{FORM_TYPE_NAMES[form.type]}</span>
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            aria-label={`Delete question ${number}`}
            disabled={disabled}
            onClick={() => dispatch({ type: 'delete', key })}
          >
            Delete
          </button>
        </div>
        {errors.length > 0 ? (
          <div id={errorId} className="question-errors" tabIndex={-1}>
            {errors.map((message) => (
              <p key={message} className="field-error">
                {message}
              </p>
            ))}
          </div>
        ) : null}
        <div className="field type-field">
          <label className="field-label" htmlFor={id('type')}>
            Question type
          </label>
          <select
            id={id('type')}
            className="field-input"
            value={form.type}
            disabled={disabled}
            onChange={(event) => dispatch({ type: 'retype', key, to: event.target.value as FormType })}
          >
            {FORM_TYPES.map((type) => (
              <option key={type} value={type}>
                {FORM_TYPE_NAMES[type]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={id('text')}>
            Question text
          </label>
          <textarea
            id={id('text')}
            className="field-input"
            rows={2}
            value={question.text}
            disabled={disabled}
            onChange={(event) => dispatch({ type: 'edit', key, field: 'text', value: event.target.value })}
          />
        </div>
        <MediaField
          media={question.media}
          onChange={(media) => dispatch({ type: 'media', key, media })}
          id={key}
          disabled={disabled}
          invalid={(field) => fields.has(field)}
          errorId={errorId}
        />
        <TypeFields
          form={form}
          media={question.media}
          questionText={question.text}
          onChange={(next) => dispatch({ type: 'form', key, form: next })}
          onPicture={(at, picture) => dispatch({ type: 'picture', key, at, picture })}
          id={key}
          disabled={disabled}
          invalid={(field) => fields.has(field)}
          errorId={errorId}
        />
        <div className="field">
          <label className="field-label" htmlFor={id('explanation')}>
            Explanation
          </label>
          <textarea
            id={id('explanation')}
            className="field-input"
            rows={2}
            value={question.explanation}
            disabled={disabled}
            onChange={(event) => dispatch({ type: 'edit', key, field: 'explanation', value: event.target.value })}
          />
        </div>
      </fieldset>
    </li>
  )
}
