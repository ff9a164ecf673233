/**
 * One of the host's quizzes (PRODUCT.md screen 10): name, status, duration, question count,
 * validity, audience; View Quiz, Results, Insights (its analytics, issue 14), Host live (a live
 * game of it, issue 12), Live games (its live games with their results) and Audit (its whole
 * history, issue 13); the code and join link with copy buttons and a QR code of the link.
 */
import { Link } from 'react-router'
import { QrCode } from '@/components/qr-code/qr-code'
import { CopyButton } from '@/components/ui/copy-button'
import { auditQuizPath } from '@/lib/audit-links'
import { insightsPath } from '@/lib/insights-links'
import { hostLivePath, liveGamesPath } from '@/lib/live-links'
import type { MyQuiz } from '../api/host-api'
import { VIEW_QUIZ_TEXTS } from '../utils/host-texts'
import { formatDuration, formatValidity, joinLink, quizStatus } from '../utils/quiz-format'
import '../host.css'

const STATUS_LABEL = { active: 'Active', completed: 'Completed', draft: 'Draft' } as const

export function QuizCard({ quiz, now }: { quiz: MyQuiz; now: number }) {
  const status = quizStatus(quiz.valid_until, now)
  const link = quiz.quizCode ? joinLink(quiz.quizCode) : null
  const titleId = `quiz-${quiz.id}-title`
  const count = Number(quiz.questionCount) || 0
  return (
    <li className="card quiz-card" aria-labelledby={titleId}>
      <div className="quiz-card-head">
        <h2 id={titleId} className="quiz-card-title">
          {quiz.name || VIEW_QUIZ_TEXTS.untitled}
        </h2>
        <span className={`status-badge status-${status}`}>{STATUS_LABEL[status]}</span>
      </div>
      <dl className="quiz-facts">
        <div>
          <dt>Duration</dt>
          <dd>{formatDuration(quiz.time_limit)}</dd>
        </div>
        <div>
          <dt>Questions</dt>
          <dd>{count}</dd>
        </div>
        <div>
          <dt>Valid until</dt>
          <dd>{formatValidity(quiz.valid_until)}</dd>
        </div>
        <div>
          <dt>Audience</dt>
          <dd>{quiz.audience_name || VIEW_QUIZ_TEXTS.openToAll}</dd>
        </div>
        {typeof quiz.participants === 'number' ? (
          <div>
            <dt>Participants</dt>
            <dd>{quiz.participants}</dd>
          </div>
        ) : null}
      </dl>
      {link ? (
        <div className="quiz-share">
          <QrCode value={link} label={`QR code for joining ${quiz.name}`} />
          <div className="quiz-share-text">
            <p className="quiz-code-line">
              Code <code className="quiz-code" data-testid="quiz-code">{quiz.quizCode}</code>
            </p>
            <p className="quiz-link" data-testid="quiz-link">
              {link}
            </p>
            <div className="quiz-share-actions">
              <CopyButton text={link} label="Copy link" />
              <CopyButton text={quiz.quizCode} label="Copy code" />
            </div>
          </div>
        </div>
      ) : null}
      <div className="quiz-card-actions">
        <Link className="btn btn-secondary" to={`/host/viewQuiz/${quiz.id}`}>
          View Quiz
        </Link>
        <Link className="btn btn-primary" to={`/host/viewResult/${quiz.id}`} state={{ title: quiz.name }}>
          Results
        </Link>
        <Link className="btn btn-secondary" to={insightsPath(quiz.id)} state={{ title: quiz.name }}>
          Insights<span className="visually-hidden">: {quiz.name || VIEW_QUIZ_TEXTS.untitled}</span>
        </Link>
        <Link className="btn btn-secondary" to={hostLivePath(quiz.id)}>
          Host live<span className="visually-hidden">: {quiz.name || VIEW_QUIZ_TEXTS.untitled}</span>
        </Link>
        <Link className="btn btn-secondary" to={liveGamesPath(quiz.id)} state={{ title: quiz.name }}>
          Live games<span className="visually-hidden">: {quiz.name || VIEW_QUIZ_TEXTS.untitled}</span>
        </Link>
        <Link className="btn btn-secondary" to={auditQuizPath(quiz.id)}>
          Audit<span className="visually-hidden">: {quiz.name || VIEW_QUIZ_TEXTS.untitled}</span>
        </Link>
      </div>
    </li>
  )
}
