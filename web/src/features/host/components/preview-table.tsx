/**
 * The questions parsed from an uploaded sheet, and the rows that could not be read. A question
 * A–D shows its four options and the correct letter; any other type (issue 29) its type, the
 * options it offers (a choice or a poll) or the groups (a categorize), and its right answer in
 * words ('Not scored' for a poll, a word cloud or a slide).
 */
import { FEEDBACK_STATUS, rightWords } from '@/components/feedback/answer-words'
import { QUESTION_TYPE_NAMES } from '@/lib/question-types'
import { LETTERS, type PreviewQuestion, type QuestionDefinition, type RowError } from '../api/host-api'
import '@/components/table/table.css'
import '../host.css'

type LetterPreview = Exclude<PreviewQuestion, { definition: QuestionDefinition }>

const optionOf = (question: LetterPreview, letter: string) =>
  question[`option${letter}` as 'optionA' | 'optionB' | 'optionC' | 'optionD']

/** What a question of another type offers to choose from, if anything. */
function offered(definition: QuestionDefinition): string[] {
  switch (definition.type) {
    case 'single_choice':
    case 'multi_select':
    case 'poll':
      return definition.options
    case 'categorize':
      return definition.groups
    default:
      return []
  }
}

function DefinedCells({ definition }: { definition: QuestionDefinition }) {
  const options = offered(definition)
  const right = rightWords(definition)
  const Lines = right && 'lines' in right && right.ordered ? 'ol' : 'ul'
  return (
    <>
      <td>
        {options.length > 0 ? (
          <ol className="preview-options" type={definition.type === 'categorize' ? '1' : 'A'}>
            {options.map((option, i) => (
              <li key={i}>{option}</li>
            ))}
          </ol>
        ) : null}
      </td>
      <td>
        {right === null ? FEEDBACK_STATUS.unscored : null}
        {right && 'text' in right ? right.text : null}
        {right && 'lines' in right ? (
          <Lines className="preview-options">
            {right.lines.map((line, i) => (
              <li key={i}>{line.text}</li>
            ))}
          </Lines>
        ) : null}
      </td>
    </>
  )
}

export function PreviewTable({ questions, errors }: { questions: PreviewQuestion[]; errors: RowError[] }) {
  return (
    <section className="preview" aria-labelledby="preview-title">
      <h3 id="preview-title">
        Preview: {questions.length} question{questions.length === 1 ? '' : 's'} found
      </h3>
      {errors.length > 0 ? (
        <div className="alert alert-error preview-errors">
          <p>
            {errors.length} row{errors.length === 1 ? ' has' : 's have'} problems; fix the file and choose it again:
          </p>
          <ul aria-label="Row errors">
            {errors.map((error) => (
              <li key={`${error.row}-${error.message}`}>{error.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {questions.length > 0 ? (
        <div className="table-scroll preview-scroll">
          <table className="data-table preview-table">
            <caption className="visually-hidden">Questions in the uploaded file</caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Question</th>
                <th scope="col">Options</th>
                <th scope="col">Correct Answer</th>
              </tr>
            </thead>
            <tbody>
              {questions.map((question) => (
                <tr key={question.row}>
                  <td>{question.row}</td>
                  {'definition' in question ? (
                    <>
                      <td>
                        {question.text}
                        <span className="preview-type">{QUESTION_TYPE_NAMES[question.definition.type]}</span>
                      </td>
                      <DefinedCells definition={question.definition} />
                    </>
                  ) : (
                    <>
                      <td>{question.text}</td>
                      <td>
                        <ol className="preview-options" type="A">
                          {LETTERS.map((letter) => (
                            <li key={letter}>{optionOf(question, letter)}</li>
                          ))}
                        </ol>
                      </td>
                      <td>
                        <strong>{question.correctLetter}</strong>: {question.answer}
                      </td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  )
}
