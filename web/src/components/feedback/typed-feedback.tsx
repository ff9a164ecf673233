/**
 * The feedback of one question of a type other than A–D (issue 29), in the feedback list: its
 * status ('Correct', 'Half right', '60% right', 'Incorrect', 'Not answered', 'Not scored'), the
 * player's answer and the right one in words (lists for an ordering, a matching or a
 * categorizing, each line of the player's marked right or wrong in words and with ✓ / ✗), and the
 * explanation. The texts show their formulae (RichText, issue 30). A hotspot (issue 30) shows its
 * picture with the regions and the player's point, loaded lazily (hotspot-review.tsx).
 */
import { lazy, Suspense } from 'react'
import { RichText } from '@/components/rich-text/rich-text'
import type { TypedFeedbackItem } from '@/types/api'
import { rightWords, statusLabel, typedStatus, yourWords, type FeedbackStatus, type Words } from './answer-words'
import './feedback-list.css'

const HotspotReview = lazy(() => import('@/components/hotspot/hotspot-review'))

const PILL: Record<FeedbackStatus, string> = {
  correct: 'status-correct',
  partial: 'status-partial',
  incorrect: 'status-wrong',
  notAnswered: 'status-notAnswered',
  unscored: 'status-notAnswered',
}

const ITEM: Record<FeedbackStatus, string> = {
  correct: 'is-correct',
  partial: 'is-partial',
  incorrect: 'is-wrong',
  notAnswered: 'is-wrong',
  unscored: 'is-unscored',
}

function Answer({ label, words }: { label: string; words: Words }) {
  if ('text' in words) {
    return (
      <p className="feedback-answer">
        <span className="feedback-label">{label}:</span> <RichText text={words.text} />
      </p>
    )
  }
  const List = words.ordered ? 'ol' : 'ul'
  return (
    <div className="feedback-answer">
      <p className="feedback-label">{label}:</p>
      <List className="feedback-lines">
        {words.lines.map((line, i) => (
          <li key={i} className={line.right === false ? 'line-wrong' : undefined}>
            {line.right === undefined ? null : (
              <span className={`option-mark ${line.right ? 'mark-right' : 'mark-wrong'}`} aria-hidden="true">
                {line.right ? '✓' : '✗'}
              </span>
            )}
            <RichText text={line.text} />
            {line.right === undefined ? null : <span className="visually-hidden">{line.right ? ' (right)' : ' (wrong)'}</span>}
          </li>
        ))}
      </List>
    </div>
  )
}

type TypedFeedbackProps = {
  item: TypedFeedbackItem
  index: number
  /** 'Your answer' for the player, 'Their answer' for the host. */
  chosenLabel: string
}

export function TypedFeedback({ item, index, chosenLabel }: TypedFeedbackProps) {
  const status = typedStatus(item)
  const yours = yourWords(item.definition, item.response)
  const right = rightWords(item.definition)
  return (
    <li className={`card feedback-item ${ITEM[status]}`}>
      <p className="feedback-head">
        <span className="feedback-number">Question {index + 1}</span>
        <span className={`status-pill ${PILL[status]}`}>{statusLabel(item)}</span>
      </p>
      <p className="feedback-question">
        <RichText text={item.questionText} />
      </p>
      {item.type === 'hotspot' ? (
        <Suspense fallback={null}>
          <HotspotReview item={item} chosenLabel={chosenLabel} />
        </Suspense>
      ) : null}
      {yours ? <Answer label={chosenLabel} words={yours} /> : null}
      {right ? <Answer label="Right answer" words={right} /> : null}
      {item.explanation ? (
        <p className="feedback-explanation">
          <RichText text={item.explanation} />
        </p>
      ) : null}
    </li>
  )
}
