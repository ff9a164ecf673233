/** The live games the player played, newest first: date, points, right answers and place. */
import type { PlayedLiveGame } from '../../api/insights-types'
import { dateTimeText, rankText } from '../../utils/insights-format'

export function PlayedLiveGames({ games }: { games: PlayedLiveGame[] }) {
  if (games.length === 0) return null
  return (
    <section className="insights-section" aria-labelledby="progress-live-title">
      <h2 id="progress-live-title">Live games played</h2>
      <div className="table-scroll">
        <table className="data-table insights-table">
          <caption className="visually-hidden">Live games played, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Game</th>
              <th scope="col">Played</th>
              <th scope="col" className="align-end">
                Points
              </th>
              <th scope="col" className="align-end">
                Right answers
              </th>
              <th scope="col" className="align-end">
                Rank
              </th>
            </tr>
          </thead>
          <tbody>
            {games.map((game) => (
              <tr key={game.gameId}>
                <th scope="row">{game.title || 'Live game'}</th>
                <td>{dateTimeText(game.playedAt)}</td>
                <td className="align-end">{game.points}</td>
                <td className="align-end">{game.correct}</td>
                <td className="align-end">{rankText(game.rank, game.players)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
