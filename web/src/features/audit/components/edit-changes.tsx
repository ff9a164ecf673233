/**
 * What an edit of a quiz changed, field by field: a small before/after table, a text's formulae
 * drawn (issue 30, RichText; the raw event and the exports keep their source).
 */
import { RichText } from '@/components/rich-text/rich-text'
import type { QuestionChange } from '../api/audit-types'
import { NONE } from '../utils/audit-texts'

const FIELD_LABELS: Record<string, string> = {
  added: 'Question added',
  removed: 'Question removed',
  text: 'Question text',
  optionA: 'Option A',
  optionB: 'Option B',
  optionC: 'Option C',
  optionD: 'Option D',
  answer: 'Right answer',
  explanation: 'Explanation',
}

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field
}

export function EditChanges({ changes, position }: { changes: QuestionChange[]; position: number }) {
  if (changes.length === 0) return <p className="muted">No question changed.</p>
  return (
    <div className="table-scroll">
      <table className="data-table audit-changes">
        <caption>Changes in edit #{position}</caption>
        <thead>
          <tr>
            <th scope="col">Question</th>
            <th scope="col">Field</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change, i) => (
            <tr key={`${change.questionId}-${change.field}-${i}`}>
              <td>#{change.questionId}</td>
              <th scope="row">{fieldLabel(change.field)}</th>
              <td>{change.before === null ? NONE : <RichText text={change.before} />}</td>
              <td>{change.after === null ? NONE : <RichText text={change.after} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
