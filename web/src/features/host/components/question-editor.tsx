/** One question in the view-quiz editor: text, four options, the correct letter, explanation. */
import { LETTERS, type Letter } from '../api/host-api'
import { OPTION_FIELDS, type EditableQuestion, type EditorAction } from '../utils/question-editor'
import '../host.css'

type QuestionEditorProps = {
  question: EditableQuestion
  index: number
  disabled: boolean
  dispatch: (action: EditorAction) => void
}

export function QuestionEditor({ question, index, disabled, dispatch }: QuestionEditorProps) {
  const id = (field: string) => `${question.key}-${field}`
  const number = index + 1
  return (
    <li className="card question-editor" aria-label={`Question ${number}`}>
      <div className="question-editor-head">
        <h3>Question {number}</h3>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          aria-label={`Delete question ${number}`}
          disabled={disabled}
          onClick={() => dispatch({ type: 'delete', key: question.key })}
        >
          Delete
        </button>
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
          onChange={(event) => dispatch({ type: 'edit', key: question.key, field: 'text', value: event.target.value })}
        />
      </div>
      <div className="option-fields">
        {LETTERS.map((letter) => {
          const field = OPTION_FIELDS[letter]
          return (
            <div className="field" key={letter}>
              <label className="field-label" htmlFor={id(field)}>
                Option {letter}
              </label>
              <input
                id={id(field)}
                className="field-input"
                value={question[field]}
                disabled={disabled}
                onChange={(event) => dispatch({ type: 'edit', key: question.key, field, value: event.target.value })}
              />
            </div>
          )
        })}
      </div>
      <div className="field narrow-field">
        <label className="field-label" htmlFor={id('answer')}>
          Correct answer
        </label>
        <select
          id={id('answer')}
          className="field-input"
          value={question.answer}
          disabled={disabled}
          onChange={(event) => dispatch({ type: 'answer', key: question.key, answer: event.target.value as Letter })}
        >
          {LETTERS.map((letter) => (
            <option key={letter} value={letter}>
              {letter}
            </option>
          ))}
        </select>
      </div>
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
          onChange={(event) =>
            dispatch({ type: 'edit', key: question.key, field: 'explanation', value: event.target.value })
          }
        />
      </div>
    </li>
  )
}
