/**
 * Type a text (issue 29): a typed answer, or a word cloud's word or short phrase (not scored);
 * at most 200 characters. Every keystroke is kept; it is saved once typing pauses.
 */
import { useId } from 'react'
import type { AnswerProps } from './answer-props'
import './question-types.css'

export const MOST_TEXT_CHARS = 200

export function TextAnswer({ question, response, onChange }: AnswerProps<'type_answer' | 'word_cloud'>) {
  const id = useId()
  const value = response && 'text' in response ? response.text : ''
  return (
    <div className="answer-field">
      <label htmlFor={id} className="answer-legend">
        {question.type === 'word_cloud' ? 'Your word or short phrase (not scored)' : 'Your answer'}
      </label>
      <input
        id={id}
        type="text"
        className="answer-input"
        maxLength={MOST_TEXT_CHARS}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value === '' ? null : { text: event.target.value }, true)}
      />
    </div>
  )
}
