/**
 * A signed-in player's own progress (GET /api/play/progress): the streak, every quiz and live
 * game played, and the curated categories' scores over time and accuracy. Someone who has not
 * played yet is sent to the categories.
 */
import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Loading } from '@/components/ui/loading'
import { useLoaded } from '@/hooks/use-loaded'
import { errorMessage } from '@/lib/api-client'
import { getProgress } from '../../api/insights-api'
import { PROGRESS_TEXTS } from '../../utils/insights-texts'
import { CategoryProgress } from './category-progress'
import { PlayedLiveGames } from './played-live-games'
import { PlayedQuizzes } from './played-quizzes'
import { StreakCards } from './streak-cards'
import '@/components/table/table.css'
import '../../insights.css'

export function MyProgress() {
  const { state, retry } = useLoaded(getProgress)
  return (
    <section className="card insights-card" aria-labelledby="progress-title">
      <div className="insights-head">
        <h1 id="progress-title">My progress</h1>
      </div>
      {state.status === 'loading' ? <Loading label={PROGRESS_TEXTS.loading} /> : null}
      {state.status === 'failed' ? (
        <div className="insights-error">
          <Alert tone="error">{errorMessage(state.error, PROGRESS_TEXTS.failed)}</Alert>
          <button type="button" className="btn btn-secondary btn-small" onClick={retry}>
            Try again
          </button>
        </div>
      ) : null}
      {state.status === 'loaded' && state.data.quizzes.length === 0 && state.data.liveGames.length === 0 ? (
        <div className="empty-state">
          <p>{PROGRESS_TEXTS.empty}</p>
          <Link className="btn btn-primary" to="/play/categories">
            {PROGRESS_TEXTS.chooseCategory}
          </Link>
        </div>
      ) : null}
      {state.status === 'loaded' && (state.data.quizzes.length > 0 || state.data.liveGames.length > 0) ? (
        <>
          <StreakCards streak={state.data.streak} />
          <PlayedQuizzes quizzes={state.data.quizzes} />
          <PlayedLiveGames games={state.data.liveGames} />
          <CategoryProgress categories={state.data.categories} />
        </>
      ) : null}
    </section>
  )
}
