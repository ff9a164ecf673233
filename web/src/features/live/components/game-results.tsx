/**
 * A live game's full results for its host (GET /api/live/games/{gameId}/results): a table per
 * player (rank, nickname, signed in, points, right answers, answers given, and each question's
 * letter marked right or wrong in words and a mark, not colour alone) and a table per question
 * (its text, the right letter, how many answered, the share right, the count per option, the
 * median time). "Download CSV" saves GET …/results.csv, fetched with the session's token. A
 * game that still runs says so and links to its presenter view.
 */
import { useCallback, useState } from 'react'
import { Link } from 'react-router'
import { RichText } from '@/components/rich-text/rich-text'
import { Alert } from '@/components/ui/alert'
import { Loading } from '@/components/ui/loading'
import { useLoaded } from '@/hooks/use-loaded'
import { errorMessage, isApiError } from '@/lib/api-client'
import { LETTERS } from '@/lib/constants'
import { liveGamesPath, presenterPath } from '@/lib/live-links'
import { saveBlob } from '@/lib/save-file'
import type { Letter } from '@/types/api'
import { downloadGameResultsCsv, getGameResults, type GameResults as Results, type QuestionResult } from '../api/live-results-api'
import { GAME_NOT_FOUND, playersText } from '../utils/live-texts'
import { answerMark, dateText, NONE, secondsText, shareText } from '../utils/results-format'
import '@/components/table/table.css'
import '../live-results.css'

export const GAME_RESULTS_TEXTS = {
  loading: 'Loading the results...',
  failed: 'Failed to load the results',
  downloadFailed: 'Failed to download the results',
  noPlayers: 'No one played this game.',
  running: 'This game is still running: these are the results so far.',
} as const

function AnswerCell({ given, right }: { given: Letter | null; right: Letter | null }) {
  const mark = answerMark(given, right)
  if (mark === 'none') {
    return (
      <span className="live-result-answer is-none">
        <span aria-hidden="true">{NONE}</span>
        <span className="visually-hidden">No answer</span>
      </span>
    )
  }
  return (
    <span className={`live-result-answer is-${mark}`}>
      {given} <span aria-hidden="true">{mark === 'right' ? '✓' : '✗'}</span>
      <span className="visually-hidden">{mark === 'right' ? ', right' : ', wrong'}</span>
    </span>
  )
}

const questionLabel = (question: QuestionResult, position: number) => `Question ${position + 1}: ${question.text}`

function PlayersTable({ results }: { results: Results }) {
  const { players, questions } = results
  if (players.length === 0) return <p className="empty-state">{GAME_RESULTS_TEXTS.noPlayers}</p>
  return (
    <div className="table-scroll">
      <table className="data-table live-results-table" data-testid="live-results-players">
        <caption>Results per player</caption>
        <thead>
          <tr>
            <th scope="col" className="align-center">
              Rank
            </th>
            <th scope="col">Nickname</th>
            <th scope="col">Signed in</th>
            <th scope="col" className="align-end">
              Points
            </th>
            <th scope="col" className="align-end">
              Correct
            </th>
            <th scope="col" className="align-end">
              Answered
            </th>
            {questions.map((question, i) => (
              <th key={question.index} scope="col" className="align-center">
                <abbr title={questionLabel(question, i)}>Q{i + 1}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {players.map((player) => (
            <tr key={player.playerId || `${player.rank}-${player.nickname}`}>
              <td className="align-center rank">{player.rank}</td>
              <th scope="row" className="live-results-name">
                {player.nickname}
              </th>
              <td>{player.signedIn ? 'Yes' : 'No'}</td>
              <td className="align-end">{player.points}</td>
              <td className="align-end">{player.correct}</td>
              <td className="align-end">{player.answered}</td>
              {questions.map((question, i) => (
                <td key={question.index} className="align-center">
                  <AnswerCell given={player.answers[i] ?? null} right={question.answer} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function QuestionsTable({ questions }: { questions: QuestionResult[] }) {
  if (questions.length === 0) return null
  return (
    <div className="table-scroll">
      <table className="data-table live-results-table" data-testid="live-results-questions">
        <caption>Results per question</caption>
        <thead>
          <tr>
            <th scope="col" className="align-center">
              <abbr title="Question number">#</abbr>
            </th>
            <th scope="col">Question</th>
            <th scope="col" className="align-center">
              Right answer
            </th>
            <th scope="col" className="align-end">
              Answered
            </th>
            <th scope="col" className="align-end">
              Correct
            </th>
            {LETTERS.map((letter) => (
              <th key={letter} scope="col" className="align-center">
                <abbr title={`Chose ${letter}`}>{letter}</abbr>
              </th>
            ))}
            <th scope="col" className="align-end">
              Median time
            </th>
          </tr>
        </thead>
        <tbody>
          {questions.map((question, i) => (
            <tr key={question.index}>
              <td className="align-center">{i + 1}</td>
              <th scope="row" className="live-results-question">
                <RichText text={question.text} />
              </th>
              <td className="align-center">{question.answer ?? NONE}</td>
              <td className="align-end">{question.answered}</td>
              <td className="align-end">
                {question.answered > 0 ? `${question.correct} (${shareText(question.correct, question.answered)})` : NONE}
              </td>
              {LETTERS.map((letter) => {
                const right = letter === question.answer
                return (
                  <td key={letter} className={`align-center${right ? ' live-result-right' : ''}`}>
                    {question.counts[letter]}
                    {right ? (
                      <>
                        {' '}
                        <span aria-hidden="true">✓</span>
                        <span className="visually-hidden">, the right answer</span>
                      </>
                    ) : null}
                  </td>
                )
              })}
              <td className="align-end">{secondsText(question.medianMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function GameResults({ gameId }: { gameId: string }) {
  const load = useCallback(() => getGameResults(gameId), [gameId])
  const { state, retry } = useLoaded(load)
  const [downloading, setDownloading] = useState(false)
  const [downloadError, setDownloadError] = useState<string | null>(null)

  if (state.status === 'loading') return <Loading label={GAME_RESULTS_TEXTS.loading} />

  if (state.status === 'failed') {
    const missing = isApiError(state.error) && state.error.status === 404
    return (
      <section className="card quiz-message" aria-labelledby="live-results-error-title">
        <h1 id="live-results-error-title">Results unavailable</h1>
        <Alert tone="error">{missing ? GAME_NOT_FOUND : errorMessage(state.error, GAME_RESULTS_TEXTS.failed)}</Alert>
        <div className="section-actions">
          {missing ? null : (
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

  const results = state.data
  const running = results.finishedAt === null

  const onDownload = async () => {
    setDownloading(true)
    setDownloadError(null)
    try {
      const { blob, fileName } = await downloadGameResultsCsv(gameId)
      saveBlob(blob, fileName || 'live-results.csv')
    } catch (error) {
      setDownloadError(errorMessage(error, GAME_RESULTS_TEXTS.downloadFailed))
    } finally {
      setDownloading(false)
    }
  }

  return (
    <section className="card live-results-card" aria-labelledby="live-results-title">
      <div className="live-results-head">
        <div>
          <h1 id="live-results-title">Results: {results.title || 'Live game'}</h1>
          <dl className="live-results-facts">
            <div>
              <dt>Opened</dt>
              <dd>{dateText(results.openedAt)}</dd>
            </div>
            <div>
              <dt>Finished</dt>
              <dd>{running ? <span className="status-pill status-marked">Running</span> : dateText(results.finishedAt)}</dd>
            </div>
            <div>
              <dt>Players</dt>
              <dd>{playersText(results.players.length)}</dd>
            </div>
            <div>
              <dt>Questions</dt>
              <dd>{results.questions.length}</dd>
            </div>
          </dl>
        </div>
        <div className="section-actions">
          <button type="button" className="btn btn-primary" disabled={downloading} onClick={() => void onDownload()}>
            {downloading ? 'Downloading...' : 'Download CSV'}
          </button>
          {running ? (
            <Link className="btn btn-secondary" to={presenterPath(gameId)}>
              Presenter view
            </Link>
          ) : null}
          {results.quizId > 0 ? (
            <Link className="btn btn-secondary" to={liveGamesPath(results.quizId)}>
              All live games of this quiz
            </Link>
          ) : null}
        </div>
      </div>

      {running ? (
        <div className="live-results-running">
          <Alert tone="info">{GAME_RESULTS_TEXTS.running}</Alert>
          <button type="button" className="btn btn-secondary btn-small" onClick={retry}>
            Refresh
          </button>
        </div>
      ) : null}
      {downloadError ? <Alert tone="error">{downloadError}</Alert> : null}

      <PlayersTable results={results} />
      <QuestionsTable questions={results.questions} />
    </section>
  )
}
