/**
 * Choose a value on a range (issue 29): a native slider, so the arrow keys, Page Up / Down, Home
 * and End (and dragging) work as everywhere; the value shows beside it. It starts in the middle
 * as no answer: any move, key or tap on it answers, even one that leaves it where it was.
 */
import { useId } from 'react'
import { formatNumber } from '@/components/feedback/answer-words'
import type { AnswerProps } from './answer-props'
import './question-types.css'

/** The step nearest the middle of the range. */
export function middleOf(min: number, max: number, step: number): number {
  return Number((min + Math.round((max - min) / 2 / step) * step).toPrecision(12))
}

const SLIDER_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End'])

export function SliderAnswer({ question, response, onChange }: AnswerProps<'slider'>) {
  const id = useId()
  const { min, max, step } = question
  const answered = response !== undefined && 'number' in response
  const value = answered ? response.number : middleOf(min, max, step)
  // Keys and taps that leave the value as it is still answer (at the middle, or at an end).
  const touch = () => {
    if (!answered) onChange({ number: value })
  }
  return (
    <div className="answer-field">
      <label htmlFor={id} className="answer-legend">
        Your answer
      </label>
      <div className="slider-row">
        <span className="slider-end" aria-hidden="true">
          {formatNumber(min)}
        </span>
        <input
          id={id}
          type="range"
          className="answer-slider"
          min={min}
          max={max}
          step={step}
          value={value}
          aria-describedby={`${id}-value`}
          onChange={(event) => onChange({ number: Number(event.target.value) }, true)}
          onKeyUp={(event) => {
            if (SLIDER_KEYS.has(event.key)) touch()
          }}
          onPointerUp={touch}
        />
        <span className="slider-end" aria-hidden="true">
          {formatNumber(max)}
        </span>
      </div>
      <output id={`${id}-value`} htmlFor={id} className="slider-value">
        {answered ? `Chosen: ${formatNumber(value)}` : `Not answered yet (the slider is at ${formatNumber(value)})`}
      </output>
    </div>
  )
}
