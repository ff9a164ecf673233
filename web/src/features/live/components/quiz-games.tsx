/**
 * The host's live games of one quiz (GET /api/live/games?quizId=N), newest first: when each was
 * opened and finished (or that it still runs), how many played, and a link to its results; a
 * running game also links to its presenter view. "Host live" opens another game of the quiz.
 */
import { useCallback } from 'react'
import { Link } from 'react-router'
import { useLoaded } from '@/hooks/use-loaded'
import { hostLivePath, liveResultsPath, presenterPath } from '@/lib/live-links'
import { listQuizGames } from '../api/live-results-api'
import { playersText } from '../utils/live-texts'
import { dateText } from '../utils/results-format'
import { LoadStatus } from './load-status'
import '@/components/table/table.css'
import '../live-results.css'

export const QUIZ_GAMES_TEXTS = {
  loading: 'Loading the live games...',
  empty: 'No live games of this quiz yet.',
  failed: 'Failed to load the live games',
} as const

function gamesText(count: number): string {
  return `${count} ${count === 1 ? 'game' : 'games'}`
}

export function QuizGames({ quizId, title: titleFromCard }: { quizId: number; title?: string }) {
  const load = useCallback(() => listQuizGames(quizId), [quizId])
  const { state, retry } = useLoaded(load)
  const games = state.status === 'loaded' ? state.data : []
  const title = titleFromCard || games[0]?.title || ''

  return (
    <section className="card live-results-card" aria-labelledby="live-games-title">
      <div className="live-results-head">
        <div>
          <h1 id="live-games-title">Live games{title ? `: ${title}` : ''}</h1>
          {state.status === 'loaded' ? <p className="muted live-results-sub">{gamesText(games.length)}</p> : null}
        </div>
        <div className="section-actions">
          <Link className="btn btn-primary" to={hostLivePath(quizId)}>
            Host live
          </Link>
          <Link className="btn btn-secondary" to="/host/myQuizzes">
            My Quizzes
          </Link>
        </div>
      </div>

      <LoadStatus state={state} retry={retry} empty={state.status === 'loaded' && games.length === 0} texts={QUIZ_GAMES_TEXTS} />
      {games.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table live-results-table">
            <caption>{title ? `Live games of ${title}` : 'Live games of this quiz'}</caption>
            <thead>
              <tr>
                <th scope="col">Opened</th>
                <th scope="col">Finished</th>
                <th scope="col" className="align-end">
                  Players
                </th>
                <th scope="col" className="align-end">
                  <span className="visually-hidden">Links</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {games.map((game) => {
                const opened = dateText(game.openedAt)
                return (
                  <tr key={game.gameId}>
                    <th scope="row">{opened}</th>
                    <td>
                      {game.finishedAt ? (
                        dateText(game.finishedAt)
                      ) : (
                        <span className="status-pill status-marked">Running</span>
                      )}
                    </td>
                    <td className="align-end">{playersText(game.players)}</td>
                    <td className="align-end">
                      <span className="row-actions">
                        {game.finishedAt ? null : (
                          <Link className="btn btn-secondary btn-small" to={presenterPath(game.gameId)}>
                            Presenter view<span className="visually-hidden">: the game opened {opened}</span>
                          </Link>
                        )}
                        <Link className="btn btn-primary btn-small" to={liveResultsPath(game.gameId)}>
                          Results<span className="visually-hidden">: the game opened {opened}</span>
                        </Link>
                      </span>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  )
}
