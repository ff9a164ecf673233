/**
 * The host's live games of the quiz, newest first: per game when it opened and how many played,
 * and per question how many chose each letter (the key written "(key)"), the share right and the
 * median time to answer from the question's opening. The newest game is open; the others fold.
 * A question's text shows its formulae (issue 30, RichText).
 */
import { RichText } from '@/components/rich-text/rich-text'
import type { LiveGameFigures } from '../api/insights-types'
import { liveOptionItems } from '../utils/chart-items'
import { countText, dateTimeText, durationText, shareText } from '../utils/insights-format'
import { BarChart } from './charts/bar-chart'

function LiveGame({ game, open }: { game: LiveGameFigures; open: boolean }) {
  return (
    <details className="insights-live-game" open={open}>
      <summary>
        Live game opened {dateTimeText(game.openedAt)} · {countText(game.players, 'player')}
      </summary>
      {game.questions.length === 0 ? <p className="empty-state">No question was played.</p> : null}
      <ol className="insights-live-questions">
        {game.questions.map((question) => (
          <li key={question.number} className="insights-live-question">
            <h3 className="insights-live-question-title">
              Question {question.number}: <RichText text={question.text} />
            </h3>
            <p className="muted">
              {countText(question.answered, 'answer')} · {shareText(question.correctShare)} right · median speed{' '}
              {durationText(question.medianMs)}
            </p>
            <BarChart
              title={`Answers per option, question ${question.number}`}
              items={liveOptionItems(question)}
              labelHeader="Option"
              valueHeader="Chosen by"
            />
          </li>
        ))}
      </ol>
    </details>
  )
}

export function LiveGamesInsights({ games }: { games: LiveGameFigures[] }) {
  if (games.length === 0) return null
  return (
    <section className="insights-section" aria-labelledby="insights-live-title">
      <h2 id="insights-live-title">Live games</h2>
      {games.map((game, i) => (
        <LiveGame key={game.gameId || i} game={game} open={i === 0} />
      ))}
    </section>
  )
}
