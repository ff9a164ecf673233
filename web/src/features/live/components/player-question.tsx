/**
 * A question on the player's phone: four large option buttons (A–D, or 1–4, on a keyboard) —
 * or, for a question of another type (issue 29), the answer view of its type, loaded lazily
 * (player-typed-answer.tsx) —, the countdown, and where the answer stands — get ready, sending,
 * "Answer locked in", time's up, paused — with the note when an answer was refused or not
 * confirmed. A picture shows under the text; a sound or a video is the presenter's to play for the
 * room, so the phone shows its player only when asked, and its transcript (issue 30). A hotspot's
 * picture is in its answer view, to point at. An option's or an item's picture shows with it (the
 * option's text stays its name, the picture its description), with Pause animations under the
 * options when one of them is a GIF (no button in a button). When the answers open before this
 * phone has the question's pictures (the others' phones opened them early), a notice says so.
 */
import { lazy, Suspense, useEffect } from 'react'
import { AnimationsToggle } from '@/components/option-picture/animations-toggle'
import { hasPicture } from '@/components/option-picture/has-picture'
import { OptionPicture } from '@/components/option-picture/option-picture'
import { QuestionMedia } from '@/components/question-media/question-media'
import { RichText } from '@/components/rich-text/rich-text'
import { Loading } from '@/components/ui/loading'
import type { Letter, Response } from '@/types/api'
import type { LiveQuestion } from '@/types/live-game'
import type { QuestionClock } from '../utils/game-clock'
import { Countdown } from './countdown'
import '../live.css'

const PlayerTypedAnswer = lazy(() => import('./player-typed-answer'))

export type AnswerStep = 'getReady' | 'answering' | 'sending' | 'locked' | 'paused' | 'closed'

type PlayerQuestionProps = {
  question: LiveQuestion
  count: number
  clock: QuestionClock
  step: AnswerStep
  choice: Letter | null
  /** The response sent to a question of another type; null before (and for A–D). */
  response: Response | null
  note: string | null
  onAnswer: (choice: Letter) => void
  /** Sends the response to a question of another type. */
  onRespond: (response: Response) => void
  /** How many pictures the question shows while this phone is still loading them (issue 30); 0 once here. */
  picturesLoading?: number
}

const STATUS: Record<AnswerStep, string | null> = {
  getReady: 'Get ready…',
  answering: null,
  sending: 'Sending your answer…',
  locked: 'Answer locked in',
  paused: 'Paused by the host',
  closed: "Time's up",
}

/** While the answers are open and this phone's pictures (issue 30) are still on their way. */
const picturesLoadingText = (count: number) =>
  count === 1 ? 'Answers are open; the picture is still loading.' : 'Answers are open; the pictures are still loading.'

function isTypingTarget(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)
}

export function PlayerQuestion({ question, count, clock, step, choice, response, note, onAnswer, onRespond, picturesLoading = 0 }: PlayerQuestionProps) {
  const open = step === 'answering'
  // The answers are open (no answer locked in yet) while this phone is still loading the pictures.
  const late = picturesLoading > 0 && (open || step === 'sending')
  const served = question.served ?? null

  useEffect(() => {
    if (!open || served) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return
      const key = event.key.toUpperCase()
      const byPosition = ['1', '2', '3', '4'].indexOf(key)
      const option = byPosition >= 0 ? question.options[byPosition] : question.options.find((o) => o.letter === key)
      if (!option) return
      event.preventDefault()
      onAnswer(option.letter)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [open, served, question.options, onAnswer])

  const status = STATUS[step]
  return (
    <section className="live-play-question" aria-labelledby="live-question-text">
      <div className="live-play-top">
        <p className="live-question-count">
          Question {question.index + 1} of {count}
        </p>
        <Countdown clock={clock} paused={question.paused} size="small" />
      </div>
      <h2 id="live-question-text" className="live-play-text">
        <RichText text={question.text} />
      </h2>
      {served?.type === 'hotspot' ? null : <QuestionMedia media={question.media} silent />}
      {served ? (
        <Suspense fallback={<Loading label="Loading question..." />}>
          <PlayerTypedAnswer
            key={question.index}
            served={served.type === 'hotspot' ? { ...served, media: question.media } : question.pictures ? { ...served, pictures: question.pictures } : served}
            open={open}
            sent={response}
            onSubmit={onRespond}
          />
        </Suspense>
      ) : (
        <div className="live-answer-buttons" role="group" aria-labelledby="live-question-text">
          {question.options.map((option, i) => {
            const chosen = choice === option.letter
            const pictured = hasPicture(question.pictures, i)
            const marked = chosen && step === 'locked'
            return (
              <button
                key={option.letter}
                type="button"
                className={`live-answer live-option-${option.letter}${chosen ? ' is-chosen' : ''}`}
                aria-pressed={chosen}
                disabled={!open}
                onClick={() => onAnswer(option.letter)}
              >
                <span className="live-letter" aria-hidden="true">
                  {option.letter}
                </span>
                <span className="live-answer-text">
                  <span className="visually-hidden">{option.letter}. </span>
                  <RichText text={option.text} />
                </span>
                {/* Named by its content: the text first, then the picture's alt text. */}
                {pictured ? <OptionPicture pictures={question.pictures} index={i} /> : null}
                {marked ? <span className="live-answer-mark"> ✓ Your answer</span> : null}
              </button>
            )
          })}
        </div>
      )}
      <AnimationsToggle pictures={question.pictures} />
      <p className={`live-play-status${step === 'locked' ? ' is-locked' : ''}`} role="status">
        {status}
      </p>
      {late ? (
        <p className="live-offline live-play-late" role="status">
          {picturesLoadingText(picturesLoading)}
        </p>
      ) : null}
      {note ? <p className="live-play-note" role="alert">{note}</p> : null}
      {open && !served ? <p className="muted live-keyboard-hint">Keys A–D or 1–4 choose an option.</p> : null}
    </section>
  )
}
