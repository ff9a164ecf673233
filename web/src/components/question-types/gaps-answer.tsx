/**
 * Fill in the gaps (issue 29): the text with, at each marker `{{1}}`, `{{2}}`, …, a dropdown or a
 * field to type in, each named "Gap 1", "Gap 2", … for screen readers. Typed gaps are saved
 * once typing pauses; no gap filled is no answer.
 */
import { useId } from 'react'
import { RichText } from '@/components/rich-text/rich-text'
import type { GapResponse } from '@/types/api'
import type { AnswerProps } from './answer-props'
import { MOST_TEXT_CHARS } from './text-answer'
import './question-types.css'

/** Splits the text around its markers (kept); a part that is a marker gives the gap's number. */
const MARKERS = /(\{\{\d+\}\})/
const MARKER = /^\{\{(\d+)\}\}$/

export function GapsAnswer({ question, response, onChange }: AnswerProps<'gaps'>) {
  const id = useId()
  const filled = question.gaps.map((_, i) => (response && 'gaps' in response ? (response.gaps[i] ?? null) : null))
  const fill = (gap: number, value: GapResponse | null, typing: boolean) => {
    const next = filled.map((given, i) => (i === gap ? value : given))
    onChange(next.some((given) => given !== null) ? { gaps: next } : null, typing)
  }
  return (
    <fieldset className="answer-fieldset">
      <legend className="answer-legend">Fill in the gaps.</legend>
      <p className="gaps-text">
        {question.cloze.split(MARKERS).map((part, key) => {
          const number = Number(MARKER.exec(part)?.[1] ?? 0)
          const gap = question.gaps[number - 1]
          if (!gap) return part === '' ? null : <RichText key={key} text={part} />
          const given = filled[number - 1]
          const label = `Gap ${number}`
          if (gap.type === 'choice') {
            return (
              <select
                key={key}
                id={`${id}-${number}`}
                aria-label={label}
                className="answer-select gap-select"
                value={given && 'choice' in given ? given.choice : ''}
                onChange={(event) => fill(number - 1, event.target.value === '' ? null : { choice: Number(event.target.value) }, false)}
              >
                <option value="">…</option>
                {gap.options.map((option, j) => (
                  <option key={j} value={j}>
                    {option}
                  </option>
                ))}
              </select>
            )
          }
          return (
            <input
              key={key}
              id={`${id}-${number}`}
              type="text"
              aria-label={label}
              className="answer-input gap-input"
              autoComplete="off"
              maxLength={MOST_TEXT_CHARS}
              value={given && 'text' in given ? given.text : ''}
              onChange={(event) => fill(number - 1, event.target.value === '' ? null : { text: event.target.value }, true)}
            />
          )
        })}
      </p>
    </fieldset>
  )
}
