/**
 * Type a number (issue 29), in the question's unit when it has one: a decimal point or a decimal
 * comma both work ("9,8" is sent as 9.8). What is typed stays as typed; anything that is not a
 * number says so beside the field and counts as no answer.
 */
import { useId, useState } from 'react'
import { formatNumber } from '@/components/feedback/answer-words'
import { parseDecimal } from '@/lib/decimal'
import type { AnswerProps } from './answer-props'
import './question-types.css'

export const NOT_A_NUMBER = 'Type a number, like 9.81 or 9,81.'

export function NumberAnswer({ question, response, onChange }: AnswerProps<'numeric'>) {
  const id = useId()
  const [typed, setTyped] = useState(() => (response && 'number' in response ? formatNumber(response.number) : ''))
  const invalid = typed.trim() !== '' && parseDecimal(typed) === null
  return (
    <div className="answer-field">
      <label htmlFor={id} className="answer-legend">
        {question.unit ? `Your answer (in ${question.unit})` : 'Your answer'}
      </label>
      <span className="answer-with-unit">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          className="answer-input answer-number"
          autoComplete="off"
          value={typed}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => {
            setTyped(event.target.value)
            const value = parseDecimal(event.target.value)
            onChange(value === null ? null : { number: value }, true)
          }}
        />
        {question.unit ? <span aria-hidden="true">{question.unit}</span> : null}
      </span>
      {invalid ? (
        <p id={`${id}-error`} className="error-text answer-error">
          {NOT_A_NUMBER}
        </p>
      ) : null}
    </div>
  )
}
