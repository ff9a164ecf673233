/**
 * An attempt's questions in the order served: each option with the key and the answer marked in
 * words ("(key)", "(answered)") besides the highlight, and its picture (issue 30) small, the answer
 * that counted and when it was saved, and whether it was right (✓/✗ with words). The question's
 * and the options' formulae are drawn (issue 30, RichText).
 */
import { OptionPicture } from '@/components/option-picture/option-picture'
import { RichText } from '@/components/rich-text/rich-text'
import type { SheetQuestion } from '../api/audit-types'
import { NONE, timeText } from '../utils/audit-texts'

const LETTERS = ['A', 'B', 'C', 'D']

function Options({ question }: { question: SheetQuestion }) {
  return (
    <ul className="audit-options">
      {question.options.map((option, i) => {
        const letter = LETTERS[i] ?? String(i + 1)
        const isKey = letter === question.key
        const isAnswer = letter === question.answer
        const classes = ['audit-option', isKey ? 'is-key' : '', isAnswer ? 'is-answer' : ''].filter(Boolean).join(' ')
        const notes = [isKey ? 'key' : null, isAnswer ? 'answered' : null].filter(Boolean).join(', ')
        return (
          <li key={letter} className={classes}>
            <span className="audit-option-letter">{letter}.</span> <RichText text={option} />
            {notes ? <span className="audit-option-note"> ({notes})</span> : null}
            <OptionPicture pictures={question.pictures} index={i} small />
          </li>
        )
      })}
    </ul>
  )
}

function Correct({ question }: { question: SheetQuestion }) {
  if (question.correct) {
    return (
      <span className="audit-mark is-right">
        <span aria-hidden="true">✓</span> Correct
      </span>
    )
  }
  return (
    <span className="audit-mark is-wrong">
      <span aria-hidden="true">✗</span> {question.answer === null ? 'Not answered' : 'Wrong'}
    </span>
  )
}

export function SheetQuestions({ questions }: { questions: SheetQuestion[] }) {
  if (questions.length === 0) return <p className="empty-state">This attempt has no questions.</p>
  return (
    <div className="table-scroll">
      <table className="data-table audit-sheet" data-testid="audit-sheet-questions">
        <caption>Questions in the order served</caption>
        <thead>
          <tr>
            <th scope="col" className="align-center">
              #
            </th>
            <th scope="col">Question</th>
            <th scope="col">Options</th>
            <th scope="col" className="align-center">
              Answer
            </th>
            <th scope="col">Answered at</th>
            <th scope="col">Correct</th>
          </tr>
        </thead>
        <tbody>
          {questions.map((question, i) => (
            <tr key={question.questionId || i}>
              <td className="align-center">{i + 1}</td>
              <th scope="row" className="audit-question">
                <RichText text={question.text} />
                {question.marked ? <span className="status-pill status-marked">Marked for review</span> : null}
              </th>
              <td>
                <Options question={question} />
              </td>
              <td className="align-center">
                {question.answer ?? NONE}
                {question.changes > 1 ? <span className="audit-saves muted"> (saved {question.changes} times)</span> : null}
              </td>
              <td>{question.answeredAt ? timeText(question.answeredAt) : question.answer ? 'With the submission' : NONE}</td>
              <td>
                <Correct question={question} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
