/**
 * The live games a signed-in player played (GET /api/live/history), newest first: the quiz, when,
 * under which nickname, the points and right answers, and the place among the game's players. A
 * game that still runs says so (its place is the one so far). Games played as a guest are not
 * here: the server knows them by nickname only.
 */
import { Link } from 'react-router'
import { useLoaded } from '@/hooks/use-loaded'
import { PLAY_LIVE_PATH } from '@/lib/live-links'
import { getLiveHistory } from '../api/live-results-api'
import { pointsText } from '../utils/live-texts'
import { dateText, placeText } from '../utils/results-format'
import { LoadStatus } from './load-status'
import '@/components/table/table.css'
import '../live-results.css'

export const LIVE_HISTORY_TEXTS = {
  loading: 'Loading your live games...',
  failed: 'Failed to load your live games',
  empty: 'You have not played a live game while signed in yet.',
} as const

export function LiveHistory() {
  const { state, retry } = useLoaded(getLiveHistory)
  const games = state.status === 'loaded' ? state.data : []
  return (
    <section className="card live-results-card" aria-labelledby="live-history-title">
      <div className="live-results-head">
        <div>
          <h1 id="live-history-title">Your live games</h1>
          <p className="muted live-results-sub">The live games you played while signed in, newest first.</p>
        </div>
        <div className="section-actions">
          <Link className="btn btn-primary" to={PLAY_LIVE_PATH}>
            Join a live game
          </Link>
        </div>
      </div>

      <LoadStatus state={state} retry={retry} empty={state.status === 'loaded' && games.length === 0} texts={LIVE_HISTORY_TEXTS} />
      {games.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table live-results-table">
            <caption>Live games you played</caption>
            <thead>
              <tr>
                <th scope="col">Game</th>
                <th scope="col">Played</th>
                <th scope="col">Nickname</th>
                <th scope="col" className="align-end">
                  Points
                </th>
                <th scope="col" className="align-end">
                  Correct
                </th>
                <th scope="col" className="align-end">
                  Place
                </th>
              </tr>
            </thead>
            <tbody>
              {games.map((game) => (
                <tr key={game.gameId}>
                  <th scope="row">
                    {game.title || 'Live game'}
                    {game.finished ? null : (
                      <>
                        {' '}
                        <span className="status-pill status-marked">Running</span>
                      </>
                    )}
                  </th>
                  <td>{dateText(game.playedAt)}</td>
                  <td>{game.nickname}</td>
                  <td className="align-end">{pointsText(game.points)}</td>
                  <td className="align-end">{game.correct}</td>
                  <td className="align-end">{placeText(game.rank, game.players)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  )
}
