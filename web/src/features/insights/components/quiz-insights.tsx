/**
 * A hosted quiz's insights for its host (GET /api/hostQuiz/insights/{id}): the summary, the
 * questions hardest first, the scores and days, the players (each opening their submission), the
 * live games, and the whole report as a workbook or CSV. A quiz with no submission yet says so;
 * someone else's quiz and a missing one say so in words of their own.
 */
import { useCallback } from 'react'
import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Loading } from '@/components/ui/loading'
import { useLoaded } from '@/hooks/use-loaded'
import { errorMessage, isApiError } from '@/lib/api-client'
import { getQuizInsights } from '../api/insights-api'
import { INSIGHTS_TEXTS } from '../utils/insights-texts'
import { DownloadButtons } from './download-buttons'
import { InsightsSummary } from './insights-summary'
import { LiveGamesInsights } from './live-games-insights'
import { PlayersTable, type SubmissionView } from './players-table'
import { QuestionList } from './question-list'
import { ScoreCharts } from './score-charts'
import '../insights.css'

/** The words for a failed load: the host-only and missing quiz ones, else the server's. */
export function insightsError(error: unknown): { message: string; final: boolean } {
  const status = isApiError(error) ? error.status : undefined
  if (status === 403) return { message: INSIGHTS_TEXTS.notHost, final: true }
  if (status === 404 || status === 400) return { message: INSIGHTS_TEXTS.noQuiz, final: true }
  return { message: errorMessage(error, INSIGHTS_TEXTS.failed), final: false }
}

type QuizInsightsProps = { quizId: number; titleFromState?: string; Submission: SubmissionView }

export function QuizInsights({ quizId, titleFromState, Submission }: QuizInsightsProps) {
  const load = useCallback(() => getQuizInsights(quizId), [quizId])
  const { state, retry } = useLoaded(load)

  if (state.status === 'loading') return <Loading label={INSIGHTS_TEXTS.loading} />
  if (state.status === 'failed') {
    const { message, final } = insightsError(state.error)
    return (
      <section className="card insights-card" aria-labelledby="insights-error-title">
        <h1 id="insights-error-title">Insights unavailable</h1>
        <Alert tone="error">{message}</Alert>
        <div className="section-actions">
          {final ? null : (
            <button type="button" className="btn btn-primary" onClick={retry}>
              Try again
            </button>
          )}
          <Link to="/host/myQuizzes" className="btn btn-secondary">
            Go to My Quizzes
          </Link>
        </div>
      </section>
    )
  }

  const insights = state.data
  const title = insights.title || titleFromState || 'Untitled Quiz'
  const empty = insights.summary.attemptsSubmitted === 0 && insights.players.length === 0
  return (
    <section className="card insights-card" aria-labelledby="insights-title">
      <div className="insights-head">
        <h1 id="insights-title">Insights: {title}</h1>
        <div className="insights-head-actions">
          <button type="button" className="btn btn-ghost btn-small" onClick={retry}>
            Refresh
          </button>
          {empty ? null : <DownloadButtons quizId={quizId} />}
        </div>
      </div>
      {empty ? (
        <p className="empty-state">{INSIGHTS_TEXTS.empty}</p>
      ) : (
        <>
          <InsightsSummary summary={insights.summary} />
          <QuestionList questions={insights.questions} />
          <ScoreCharts histogram={insights.histogram} days={insights.days} />
          <PlayersTable quizId={quizId} players={insights.players} playersTotal={insights.playersTotal} Submission={Submission} />
        </>
      )}
      <LiveGamesInsights games={insights.liveGames} />
    </section>
  )
}
