/**
 * Pick a set (issue 29): one checkbox per option; Tab moves between them and Space (or a tap)
 * ticks one. The set is kept in the options' order; an empty set is no answer.
 */
import { RichText } from '@/components/rich-text/rich-text'
import type { AnswerProps } from './answer-props'
import './question-types.css'

export function MultiSelectAnswer({ question, response, onChange }: AnswerProps<'multi_select'>) {
  const chosen = new Set(response && 'choices' in response ? response.choices : [])
  const toggle = (index: number) => {
    const next = question.options.map((_, i) => i).filter((i) => (i === index ? !chosen.has(i) : chosen.has(i)))
    onChange(next.length > 0 ? { choices: next } : null)
  }
  return (
    <fieldset className="answer-fieldset">
      <legend className="answer-legend">Choose all that apply.</legend>
      <div className="options">
        {question.options.map((option, index) => (
          <label key={index} className={`option option-check${chosen.has(index) ? ' option-chosen' : ''}`}>
            <input type="checkbox" checked={chosen.has(index)} onChange={() => toggle(index)} />
            <span className="option-text">
              <RichText text={option} />
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
