/**
 * Pick a set (issue 29): one checkbox per option; Tab moves between them and Space (or a tap)
 * ticks one. The set is kept in the options' order; an empty set is no answer. An option's
 * picture (issue 30) shows under its text, which stays the checkbox's name.
 */
import { useId } from 'react'
import { hasPicture } from '@/components/option-picture/has-picture'
import { OptionPicture } from '@/components/option-picture/option-picture'
import { RichText } from '@/components/rich-text/rich-text'
import type { AnswerProps } from './answer-props'
import './question-types.css'

export function MultiSelectAnswer({ question, response, onChange }: AnswerProps<'multi_select'>) {
  const id = useId()
  const chosen = new Set(response && 'choices' in response ? response.choices : [])
  const toggle = (index: number) => {
    const next = question.options.map((_, i) => i).filter((i) => (i === index ? !chosen.has(i) : chosen.has(i)))
    onChange(next.length > 0 ? { choices: next } : null)
  }
  return (
    <fieldset className="answer-fieldset">
      <legend className="answer-legend">Choose all that apply.</legend>
      <div className="options">
        {question.options.map((option, index) => {
          const pictured = hasPicture(question.pictures, index)
          return (
            <label key={index} className={`option option-check${chosen.has(index) ? ' option-chosen' : ''}${pictured ? ' has-picture' : ''}`}>
              <input
                type="checkbox"
                checked={chosen.has(index)}
                aria-labelledby={pictured ? `${id}-${index}` : undefined}
                aria-describedby={pictured ? `${id}-${index}-picture` : undefined}
                onChange={() => toggle(index)}
              />
              <span className="option-text" id={pictured ? `${id}-${index}` : undefined}>
                <RichText text={option} />
              </span>
              {pictured ? <OptionPicture pictures={question.pictures} index={index} id={`${id}-${index}-picture`} /> : null}
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
