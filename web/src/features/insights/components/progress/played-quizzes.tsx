/** Every quiz the player played, most recent first: kind, date, latest score and place on its board. */
import type { PlayedQuiz } from '../../api/insights-types'
import { countText, dateTimeText, rankText, scoreText } from '../../utils/insights-format'

export function PlayedQuizzes({ quizzes }: { quizzes: PlayedQuiz[] }) {
  if (quizzes.length === 0) return null
  return (
    <section className="insights-section" aria-labelledby="progress-quizzes-title">
      <h2 id="progress-quizzes-title">Quizzes played</h2>
      <div className="table-scroll">
        <table className="data-table insights-table">
          <caption className="visually-hidden">Quizzes played, most recent first</caption>
          <thead>
            <tr>
              <th scope="col">Quiz</th>
              <th scope="col">Kind</th>
              <th scope="col">Last played</th>
              <th scope="col" className="align-end">
                Latest score
              </th>
              <th scope="col" className="align-end">
                Rank
              </th>
              <th scope="col" className="align-end">
                Attempts
              </th>
            </tr>
          </thead>
          <tbody>
            {quizzes.map((quiz) => (
              <tr key={quiz.quizId}>
                <th scope="row">{quiz.title || 'Untitled Quiz'}</th>
                <td>{quiz.kind === 'curated' ? 'Curated' : 'Hosted'}</td>
                <td>{dateTimeText(quiz.lastPlayedAt)}</td>
                <td className="align-end">{scoreText(quiz.score, quiz.total)}</td>
                <td className="align-end">{rankText(quiz.rank, quiz.players)}</td>
                <td className="align-end">{countText(quiz.attempts, 'attempt')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
