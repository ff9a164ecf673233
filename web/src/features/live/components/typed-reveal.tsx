/**
 * The reveal of a question of another type (issue 29), on the projector and on the phone: how
 * the answers went (right, partly right and wrong; for a poll or a word cloud, how many
 * answered; nothing for a slide), the answers per option as bars with the right ones marked (single choice,
 * multi-select, true/false, poll; on the presenter, a hotspot's answers per region), otherwise the right answer in words from the definition (the
 * right order, the pairs, the groups, the accepted answers, the number and its tolerance… as the
 * feedback list words it), the answers given most as a ranked list (a word cloud's as words
 * sized by how often they were given, in plain CSS), then the explanation. Right is said in
 * words and with a ✓, never by colour alone. A word cloud whose answers wait for the host has no
 * `given`: the presenter puts what it shows the host (`waiting`) in the cloud's place. The
 * presenter also puts its own `details` (a number line, the share right per part) after the right
 * answer; the phones have none. A hotspot (issue 30) shows its picture with the regions drawn, the
 * right ones marked, after the right answer in words.
 */
import { useId, type ReactNode } from 'react'
import { rightWords, type Words } from '@/components/feedback/answer-words'
import { HotspotFigure } from '@/components/hotspot/hotspot-review'
import { RichText } from '@/components/rich-text/rich-text'
import { isScoredType } from '@/lib/question-types'
import type { ServedMedia } from '@/types/api'
import type { GivenAnswer, LiveTypedReveal } from '@/types/live-game'
import { answersText, answersWord } from '../utils/live-texts'
import { cloudWords, letterAt, revealOptions, toneAt } from '../utils/typed-questions'
import { AnswerChart } from './reveal-chart'
import '../live.css'
import '../live-types.css'

function RightAnswer({ words }: { words: Words }) {
  if ('text' in words) {
    return (
      <p className="live-right-answer">
        <span className="live-right-tag">✓ Correct answer:</span> <RichText text={words.text} />
      </p>
    )
  }
  return <RightLines words={words} />
}

function RightLines({ words }: { words: Extract<Words, { lines: unknown }> }) {
  const id = useId()
  const List = words.ordered ? 'ol' : 'ul'
  return (
    <div className="live-right-answer">
      <p className="live-right-tag" id={id}>
        ✓ Correct answer:
      </p>
      <List className="live-right-lines" aria-labelledby={id}>
        {words.lines.map((line, i) => (
          <li key={i}>
            <RichText text={line.text} />
          </li>
        ))}
      </List>
    </div>
  )
}

function Tally({ reveal }: { reveal: LiveTypedReveal }) {
  if (reveal.type === 'slide') return null
  if (!isScoredType(reveal.type)) return <p className="live-tally-total">{answersText(reveal.answered)}</p>
  return (
    <div className="live-tally-block">
      <p className="live-tally-total">{answersText(reveal.answered)}</p>
      <ul className="live-tally" aria-label="How the answers went">
        <li className="live-tally-right">
          <span aria-hidden="true">✓ </span>
          <strong>{reveal.right}</strong> right
        </li>
        <li className="live-tally-partly">
          <span aria-hidden="true">◐ </span>
          <strong>{reveal.partly}</strong> partly right
        </li>
        <li className="live-tally-wrong">
          <span aria-hidden="true">✗ </span>
          <strong>{reveal.wrong}</strong> wrong
        </li>
      </ul>
    </div>
  )
}

/** Answers given most, ranked, each with its count. */
export function GivenList({ given, label = 'Answers given most' }: { given: GivenAnswer[]; label?: string }) {
  return (
    <ol className="live-given" aria-label={label}>
      {given.map((row, i) => (
        <li key={i} className="live-given-row">
          <span className="live-given-answer">{row.answer}</span>
          <span className="live-given-count">
            {row.count}
            <span className="visually-hidden"> {answersWord(row.count)}</span>
          </span>
        </li>
      ))}
    </ol>
  )
}

/** A word cloud's words, each sized by how often it was given (its count said in words too). */
export function WordCloud({ given }: { given: GivenAnswer[] }) {
  return (
    <ul className="live-cloud" aria-label="Word cloud">
      {cloudWords(given).map((word, i) => (
        <li key={i} className="live-cloud-word" style={{ fontSize: `${word.sizeEm.toFixed(2)}em` }}>
          {word.answer}
          <span className="visually-hidden"> ({answersText(word.count)})</span>
        </li>
      ))}
    </ul>
  )
}

type TypedRevealProps = {
  reveal: LiveTypedReveal
  /** Shown in place of the answers given while they wait for the host (a word cloud's). */
  waiting?: ReactNode
  /** Shown after the right answer: the presenter's number line or share right per part. */
  details?: ReactNode
  /** The question's picture (a hotspot's regions are drawn on it). */
  media?: ServedMedia | null
  /** The projector: the picture's large file. */
  large?: boolean
}

export function TypedReveal({ reveal, waiting = null, details = null, media = null, large = false }: TypedRevealProps) {
  const options = reveal.options ? revealOptions(reveal.definition) : null
  const right = options ? null : rightWords(reveal.definition)
  return (
    <div className="live-reveal live-typed-reveal">
      <Tally reveal={reveal} />
      {options && reveal.options ? (
        <AnswerChart
          rows={options.map((option, i) => ({
            letter: reveal.type === 'true_false' ? option.text.charAt(0) : letterAt(i),
            text: option.text,
            count: reveal.options?.[i] ?? 0,
            right: option.right,
            tone: toneAt(i),
          }))}
        />
      ) : null}
      {right ? <RightAnswer words={right} /> : null}
      {reveal.definition.type === 'hotspot' ? <HotspotFigure definition={reveal.definition} media={media} large={large} /> : null}
      {details}
      {reveal.given && reveal.given.length > 0 ? (
        reveal.type === 'word_cloud' ? (
          <WordCloud given={reveal.given} />
        ) : (
          <GivenList given={reveal.given} />
        )
      ) : (
        waiting
      )}
      {reveal.explanation ? (
        <p className="live-explanation">
          <RichText text={reveal.explanation} />
        </p>
      ) : null}
    </div>
  )
}
