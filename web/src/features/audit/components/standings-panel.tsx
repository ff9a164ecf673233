/**
 * A quiz's standings over time: the time line of its moments (a range input, "Now"), the
 * standings as of the chosen one, and "Compare with…" an earlier moment: who moved and which
 * submissions and retakes did it.
 */
import { useEffect, useId } from 'react'
import { Loading } from '@/components/ui/loading'
import type { QuizRef } from '../api/audit-types'
import { useStandings } from '../hooks/use-standings'
import { timeText } from '../utils/audit-texts'
import { momentLabel, momentsBefore } from '../utils/moments'
import { AuditProblem } from './audit-problem'
import { MomentSlider } from './moment-slider'
import { Moves } from './moves'
import { StandingsTable } from './standings-table'

type Props = { quizId: number; onQuiz?: (quiz: QuizRef) => void; onFailed?: (error: unknown) => void }

export function StandingsPanel({ quizId, onQuiz, onFailed }: Props) {
  const { choice, data, error, loading, showAt, compareWith, retry } = useStandings(quizId)
  const compareId = useId()
  const quiz = data?.quiz ?? null

  useEffect(() => {
    if (quiz) onQuiz?.(quiz)
  }, [quiz, onQuiz])
  useEffect(() => {
    if (error) onFailed?.(error)
  }, [error, onFailed])

  if (!data) {
    return error ? (
      <AuditProblem error={error} subject="quiz" fallback="Failed to load the standings" retry={retry} />
    ) : (
      <Loading label="Loading the standings..." />
    )
  }

  const at = choice.at ?? data.head
  const earlier = momentsBefore(data.moments, at)
  const asOf = `As of position ${data.at} (${timeText(data.atTime)})`
  return (
    <div className="audit-standings-panel" aria-busy={loading}>
      <MomentSlider moments={data.moments} at={choice.at} head={data.head} onChange={showAt} />
      <div className="field audit-compare">
        <label htmlFor={compareId} className="field-label">
          Compare with…
        </label>
        <select
          id={compareId}
          className="field-input"
          value={choice.since ?? ''}
          onChange={(event) => compareWith(event.target.value === '' ? null : Number(event.target.value))}
        >
          <option value="">Nothing (no comparison)</option>
          {earlier.map((moment) => (
            <option key={moment.position} value={moment.position}>
              {momentLabel(moment)}
            </option>
          ))}
        </select>
      </div>
      <p className="audit-as-of" role="status" data-testid="audit-as-of">
        {loading ? 'Updating… ' : ''}
        {asOf}
        {data.at === data.head ? ', the latest' : ''}
      </p>
      {error ? <AuditProblem error={error} subject="quiz" fallback="Failed to load the standings" retry={retry} /> : null}
      <StandingsTable standings={data.standings} caption={`Standings as of position ${data.at}`} />
      {data.since !== null && data.moves && data.changes ? (
        <Moves moves={data.moves} changes={data.changes} since={data.since} at={data.at} />
      ) : null}
    </div>
  )
}
