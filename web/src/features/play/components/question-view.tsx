/**
 * One question. With options A to D the chosen option is pressed, and pressing it again clears
 * it; any other type (issue 29) is answered in its own view (src/components/question-types,
 * loaded when the first such question shows, so the first load stays small), with a Clear answer
 * button. A save the server refused (400) shows its words below the answer, which stays as it is.
 * A picture, a sound or a video (issue 30) shows under the question's text, loaded lazily too,
 * and so does the picture on an option (under its text; the option's text stays its name, the
 * picture its description), with Pause animations under the options when one of them is a GIF.
 */
import { lazy, Suspense, useState } from 'react'
import { hasPicture } from '@/components/option-picture/has-picture'
import { LazyAnimationsToggle, LazyOptionPicture } from '@/components/option-picture/lazy-option-picture'
import { RichText } from '@/components/rich-text/rich-text'
import { Alert } from '@/components/ui/alert'
import { Loading } from '@/components/ui/loading'
import { LETTERS, type LetterQuestion, type Letter, type Question, type Response, type TypedQuestion } from '../api/play-api'
import type { ReadAloud } from '../hooks/use-read-aloud'
import { isAnswerable, isAnswered, isLetter, isLetterQuestion, type Answer } from '../utils/question-types'
import { ReadAloudControls } from './read-aloud-controls'
import '../play.css'

const TypedAnswer = lazy(() => import('@/components/question-types/typed-answer'))
const QuestionMedia = lazy(() => import('@/components/question-media/question-media'))

type QuestionViewProps = {
  question: Question
  index: number
  count: number
  answer: Answer | undefined
  marked: boolean
  /** The server's words when it refused this question's answer. */
  saveError?: string
  onSelect: (option: Letter) => void
  /** Any type but A–D: the new response, null to clear; `typing` while the player types. */
  onRespond: (response: Response | null, typing?: boolean) => void
  onClear: () => void
  onToggleMark: () => void
  onPrev: () => void
  onNext: () => void
  onReview: () => void
  /** For a player granted read-aloud (issue 15); null or absent: none. */
  readAloud?: ReadAloud | null
}

export function optionText(question: Pick<LetterQuestion, 'optionA' | 'optionB' | 'optionC' | 'optionD'>, letter: Letter): string {
  return question[`option${letter}`]
}

function LetterOptions({ question, answer, onSelect }: { question: LetterQuestion; answer: Answer | undefined; onSelect: (option: Letter) => void }) {
  return (
    <>
      <div className="options" role="group" aria-labelledby="question-text">
        {LETTERS.map((letter, i) => {
          const chosen = answer === letter
          const pictured = hasPicture(question.pictures, i)
          return (
            <button
              key={letter}
              type="button"
              className={`option${chosen ? ' option-chosen' : ''}${pictured ? ' has-picture' : ''}`}
              aria-pressed={chosen}
              onClick={() => onSelect(letter)}
            >
              <span className="option-letter" aria-hidden="true">
                {letter}
              </span>
              <span className="option-text">
                <span className="visually-hidden">{letter}. </span>
                <RichText text={optionText(question, letter)} />
              </span>
              {/* Named by its content: the text first, then the picture's alt text. */}
              {pictured ? <LazyOptionPicture pictures={question.pictures} index={i} /> : null}
            </button>
          )
        })}
      </div>
      <p className="keyboard-hint muted">Keys A–D choose an option; ← and → move between questions.</p>
    </>
  )
}

export function QuestionView({
  question,
  index,
  count,
  answer,
  marked,
  saveError,
  onSelect,
  onRespond,
  onClear,
  onToggleMark,
  onPrev,
  onNext,
  onReview,
  readAloud,
}: QuestionViewProps) {
  const last = index === count - 1
  // Clear answer starts the view afresh too (a number as typed, an ordering as served).
  const [cleared, setCleared] = useState(0)
  return (
    <section className="card question-card" aria-labelledby="question-text">
      <div className="question-top">
        <p className="question-count">
          Question {index + 1} of {count}
        </p>
        {marked ? <span className="status-pill status-marked">Marked for review</span> : null}
        {readAloud ? <ReadAloudControls readAloud={readAloud} /> : null}
      </div>
      <h2 id="question-text" className="question-text" tabIndex={-1}>
        <RichText text={question.text} />
      </h2>
      {/* A hotspot shows its picture in its answer view, to point at. */}
      {question.media && (question as TypedQuestion).type !== 'hotspot' ? (
        <Suspense fallback={null}>
          <QuestionMedia media={question.media} />
        </Suspense>
      ) : null}
      {isLetterQuestion(question) ? (
        <LetterOptions question={question} answer={answer} onSelect={onSelect} />
      ) : (
        <>
          <Suspense fallback={<Loading label="Loading question..." />}>
            <TypedAnswer
              key={`${question.id}-${cleared}`}
              question={question}
              response={isLetter(answer) ? undefined : answer}
              onChange={onRespond}
            />
          </Suspense>
          <p className="keyboard-hint muted">← and → move between questions (outside a text field, list or slider).</p>
        </>
      )}
      {/* Outside the options, which may be buttons: once for all their pictures. */}
      <LazyAnimationsToggle pictures={question.pictures} />
      {saveError ? <Alert tone="error">{saveError}</Alert> : null}
      <div className="question-actions">
        <button type="button" className={`btn btn-secondary mark-button${marked ? ' is-marked' : ''}`} aria-pressed={marked} onClick={onToggleMark}>
          {marked ? 'Unmark review' : 'Mark for review'}
        </button>
        {!isLetterQuestion(question) && isAnswerable(question) && isAnswered(answer) ? (
          <button
            id="quiz-clear"
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setCleared((n) => n + 1)
              onClear()
            }}
          >
            Clear answer
          </button>
        ) : null}
        <div className="question-nav">
          <button id="quiz-prev" type="button" className="btn btn-secondary" onClick={onPrev} disabled={index === 0}>
            Previous
          </button>
          {/* One button that turns into Finish on the last question, so focus stays on it. */}
          <button id="quiz-next" type="button" className="btn btn-primary" onClick={last ? onReview : onNext}>
            {last ? 'Finish' : 'Next'}
          </button>
        </div>
      </div>
    </section>
  )
}
