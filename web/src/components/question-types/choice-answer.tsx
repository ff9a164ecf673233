/**
 * Pick one (issue 29): a single choice or a poll (options A–F) and true/false, as pressed
 * buttons like the options A–D: Tab and Enter or Space (or a tap) choose, choosing again clears.
 */
import { RichText } from '@/components/rich-text/rich-text'
import type { AnswerProps } from './answer-props'
import './question-types.css'

type PressedOptionsProps = {
  legend: string
  labels: string[]
  /** The index chosen, or null. */
  chosen: number | null
  /** Letters before the options (A, B, …); none for True / False. */
  lettered: boolean
  onPick: (index: number | null) => void
}

function PressedOptions({ legend, labels, chosen, lettered, onPick }: PressedOptionsProps) {
  return (
    <fieldset className="answer-fieldset">
      <legend className="answer-legend">{legend}</legend>
      <div className="options">
        {labels.map((label, index) => {
          const pressed = chosen === index
          const letter = String.fromCharCode(65 + index)
          return (
            <button
              key={index}
              type="button"
              className={`option${pressed ? ' option-chosen' : ''}`}
              aria-pressed={pressed}
              onClick={() => onPick(pressed ? null : index)}
            >
              {lettered ? (
                <span className="option-letter" aria-hidden="true">
                  {letter}
                </span>
              ) : null}
              <span className="option-text">
                {lettered ? <span className="visually-hidden">{letter}. </span> : null}
                <RichText text={label} />
              </span>
            </button>
          )
        })}
      </div>
    </fieldset>
  )
}

export function ChoiceAnswer({ question, response, onChange }: AnswerProps<'single_choice' | 'poll'>) {
  return (
    <PressedOptions
      legend={question.type === 'poll' ? 'Choose one (not scored).' : 'Choose one answer.'}
      labels={question.options}
      chosen={response && 'choice' in response ? response.choice : null}
      lettered
      onPick={(index) => onChange(index === null ? null : { choice: index })}
    />
  )
}

const TRUE_FALSE = ['True', 'False']

export function TrueFalseAnswer({ response, onChange }: AnswerProps<'true_false'>) {
  const chosen = response && 'bool' in response ? (response.bool ? 0 : 1) : null
  return (
    <PressedOptions
      legend="True or false?"
      labels={TRUE_FALSE}
      chosen={chosen}
      lettered={false}
      onPick={(index) => onChange(index === null ? null : { bool: index === 0 })}
    />
  )
}
