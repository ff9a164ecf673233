/**
 * A question on the projector: its number and text, the four options (or, for a question of
 * another type, what is served of it: `ServedQuestionView`), the countdown and the answer count
 * (none for a slide),
 * and "Counting answers…" once the time is up while the server is still writing answers received
 * in time (the reveal follows). A poll shows, in place of its options, each option's answers so
 * far as bars with the option's picture (`pollCounts`, the host's only), which grow as answers come in (without motion when
 * reduced motion is asked for, as every chart's bars). A picture, a sound or a video (issue 30)
 * shows under the text, the picture in its projector size, the sound or video with its controls
 * for the host to play to the room; an option's or an item's picture with it, large too, and
 * Pause animations under them when one of them is a GIF.
 */
import { AnimationsToggle } from '@/components/option-picture/animations-toggle'
import { hasPicture } from '@/components/option-picture/has-picture'
import { OptionPicture } from '@/components/option-picture/option-picture'
import { QuestionMedia } from '@/components/question-media/question-media'
import { RichText } from '@/components/rich-text/rich-text'
import type { LiveQuestion } from '@/types/live-game'
import type { QuestionClock } from '../utils/game-clock'
import { COUNTING_ANSWERS } from '../utils/live-texts'
import { letterAt, toneAt } from '../utils/typed-questions'
import { Countdown } from './countdown'
import { AnswerChart } from './reveal-chart'
import { ServedQuestionView } from './served-question'
import '../live.css'
import '../live-presenter.css'

type PresenterQuestionProps = {
  question: LiveQuestion
  count: number
  clock: QuestionClock
  answered: number
  players: number
  /** The server is still counting the answers received in time. */
  counting: boolean
  /** A poll's answers so far per option (the host's view); null otherwise. */
  pollCounts?: number[] | null
}

/** A poll's options, each with its answers so far and its picture, as the reveal's bars are drawn. */
function PollBars({ options, counts, pictures }: { options: string[]; counts: number[]; pictures: LiveQuestion['pictures'] }) {
  const rows = options.map((text, i) => ({
    letter: letterAt(i),
    text,
    count: counts[i] ?? 0,
    right: false,
    tone: toneAt(i),
    picture: hasPicture(pictures, i) ? <OptionPicture pictures={pictures} index={i} small /> : null,
  }))
  return <AnswerChart rows={rows} label="Answers so far per option" />
}

export function PresenterQuestion({ question, count, clock, answered, players, counting, pollCounts = null }: PresenterQuestionProps) {
  const served = question.served
  const pollBars = served?.type === 'poll' && pollCounts ? <PollBars options={served.options} counts={pollCounts} pictures={question.pictures} /> : null
  return (
    <div className="live-question">
      <div className="live-question-top">
        <p className="live-question-count">
          Question {question.index + 1} of {count}
        </p>
        <Countdown clock={clock} paused={question.paused} />
        <div className="live-answers">
          {/* A slide asks nothing: no count of answers that will never come. */}
          {served?.type === 'slide' ? null : (
            <p className="live-answered" data-testid="live-answered">
              <span className="live-answered-value">{answered}</span> of {players} answered
            </p>
          )}
          {/* Always there (empty until needed), so screen readers announce the text when it comes. */}
          <p className="live-counting" role="status">
            {counting ? COUNTING_ANSWERS : null}
          </p>
        </div>
      </div>
      <h2 className="live-question-text">
        <RichText text={question.text} />
      </h2>
      <QuestionMedia media={question.media} large />
      {served ? (
        <ServedQuestionView served={served} pictures={question.pictures}>
          {pollBars}
        </ServedQuestionView>
      ) : (
        <ul className="live-options" aria-label="Options">
          {question.options.map((option, i) => (
            <li key={option.letter} className={`live-option live-option-${option.letter}${hasPicture(question.pictures, i) ? ' has-picture' : ''}`}>
              <span className="live-letter" aria-hidden="true">
                {option.letter}
              </span>
              <span>
                <span className="visually-hidden">{option.letter}. </span>
                <RichText text={option.text} />
              </span>
              <OptionPicture pictures={question.pictures} index={i} large />
            </li>
          ))}
        </ul>
      )}
      <AnimationsToggle pictures={question.pictures} large={!pollBars} />
    </div>
  )
}
