/** The questions parsed from an uploaded sheet, and the rows that could not be read. */
import { LETTERS, type PreviewQuestion, type RowError } from '../api/host-api'
import '@/components/table/table.css'
import '../host.css'

const optionOf = (question: PreviewQuestion, letter: string) =>
  question[`option${letter}` as 'optionA' | 'optionB' | 'optionC' | 'optionD']

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
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  )
}
