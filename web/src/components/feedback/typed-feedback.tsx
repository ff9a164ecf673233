/**
 * The feedback of one question of a type other than A–D (issue 29), in the feedback list: its
 * status ('Correct', 'Half right', '60% right', 'Incorrect', 'Not answered', 'Not scored'), the
 * player's answer and the right one in words (lists for an ordering, a matching or a
 * categorizing, each line of the player's marked right or wrong in words and with ✓ / ✗), and the
 * explanation. The texts show their formulae (RichText, issue 30). A hotspot (issue 30) shows its
 * picture with the regions and the player's point, loaded lazily (hotspot-review.tsx). The
 * pictures of the options or items an answer names (issue 30) show with it, small, loaded lazily.
 */
import { lazy, Suspense } from 'react'
import { hasPicture } from '@/components/option-picture/has-picture'
import { LazyOptionPicture } from '@/components/option-picture/lazy-option-picture'
import { RichText } from '@/components/rich-text/rich-text'
import type { ServedPictures, TypedFeedbackItem } from '@/types/api'
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

type AnswerProps = { label: string; words: Words; pictures: ServedPictures | null | undefined }

function Answer({ label, words, pictures }: AnswerProps) {
  if ('text' in words) {
    return (
      <>
        <p className="feedback-answer">
          <span className="feedback-label">{label}:</span> <RichText text={words.text} />
        </p>
        {pictures && words.pictures?.some((index) => hasPicture(pictures, index)) ? (
          <div className="feedback-pictures">
            {words.pictures.map((index) => (
              <LazyOptionPicture key={index} pictures={pictures} index={index} small />
            ))}
          </div>
        ) : null}
      </>
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
            {pictures && line.picture !== undefined ? <LazyOptionPicture pictures={pictures} index={line.picture} small /> : null}
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
      {yours ? <Answer label={chosenLabel} words={yours} pictures={item.pictures} /> : null}
      {right ? <Answer label="Right answer" words={right} pictures={item.pictures} /> : null}
      {item.explanation ? (
        <p className="feedback-explanation">
          <RichText text={item.explanation} />
        </p>
      ) : null}
    </li>
  )
}
