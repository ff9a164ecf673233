/**
 * Pick one (issue 29): a single choice or a poll (options A–F) and true/false, as pressed
 * buttons like the options A–D: Tab and Enter or Space (or a tap) choose, choosing again clears.
 * An option's picture (issue 30) shows under its text, which stays the button's name.
 */
import { hasPicture } from '@/components/option-picture/has-picture'
import { OptionPicture } from '@/components/option-picture/option-picture'
import { RichText } from '@/components/rich-text/rich-text'
import type { ServedPictures } from '@/types/api'
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
  /** The options' pictures, in their order (issue 30). */
  pictures?: ServedPictures | null
}

function PressedOptions({ legend, labels, chosen, lettered, onPick, pictures }: PressedOptionsProps) {
  return (
    <fieldset className="answer-fieldset">
      <legend className="answer-legend">{legend}</legend>
      <div className="options">
        {labels.map((label, index) => {
          const pressed = chosen === index
          const letter = String.fromCharCode(65 + index)
          const pictured = hasPicture(pictures, index)
          return (
            <button
              key={index}
              type="button"
              className={`option${pressed ? ' option-chosen' : ''}${pictured ? ' has-picture' : ''}`}
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
              {/* Named by its content: the text first, then the picture's alt text. */}
              {pictured ? <OptionPicture pictures={pictures} index={index} /> : null}
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
      pictures={question.pictures}
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
