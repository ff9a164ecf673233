/**
 * One choice per row from a list (issue 29): a matching (each left item to one of the right
 * items, distractors among them) and a categorizing (each item to a group). Each row is a
 * labelled native select, usable by keyboard and touch alike; rows left unchosen are null, and
 * no row chosen is no answer. A row's picture (issue 30: a matching's left item, a categorize's
 * item) shows beside its label and describes its select.
 */
import { useId } from 'react'
import { hasPicture } from '@/components/option-picture/has-picture'
import { OptionPicture } from '@/components/option-picture/option-picture'
import { RichText } from '@/components/rich-text/rich-text'
import type { AnswerProps, WithPictures } from './answer-props'
import './question-types.css'

type SelectRowsProps = {
  legend: string
  rows: string[]
  choices: string[]
  placeholder: string
  chosen: Array<number | null> | undefined
  onChange: (chosen: Array<number | null> | null) => void
} & WithPictures

function SelectRows({ legend, rows, choices, placeholder, chosen, onChange, pictures }: SelectRowsProps) {
  const id = useId()
  const current = rows.map((_, i) => chosen?.[i] ?? null)
  const choose = (row: number, value: string) => {
    const next = current.map((choice, i) => (i === row ? (value === '' ? null : Number(value)) : choice))
    onChange(next.some((choice) => choice !== null) ? next : null)
  }
  return (
    <fieldset className="answer-fieldset">
      <legend className="answer-legend">{legend}</legend>
      <ul className="select-rows">
        {rows.map((row, i) => (
          <li key={i} className="select-row">
            <label htmlFor={`${id}-${i}`} className="select-row-label">
              <RichText text={row} />
            </label>
            <OptionPicture pictures={pictures} index={i} id={`${id}-${i}-picture`} small />
            <select
              id={`${id}-${i}`}
              className="answer-select"
              value={current[i] ?? ''}
              aria-describedby={hasPicture(pictures, i) ? `${id}-${i}-picture` : undefined}
              onChange={(event) => choose(i, event.target.value)}
            >
              <option value="">{placeholder}</option>
              {choices.map((choice, j) => (
                <option key={j} value={j}>
                  {choice}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
    </fieldset>
  )
}

export function MatchingAnswer({ question, response, onChange }: AnswerProps<'matching'>) {
  return (
    <SelectRows
      legend="Match each item with one on the list."
      rows={question.left}
      choices={question.right}
      placeholder="Choose a match"
      chosen={response && 'pairs' in response ? response.pairs : undefined}
      onChange={(pairs) => onChange(pairs ? { pairs } : null)}
      pictures={question.pictures}
    />
  )
}

export function CategorizeAnswer({ question, response, onChange }: AnswerProps<'categorize'>) {
  return (
    <SelectRows
      legend="Put each item in a group."
      rows={question.items}
      choices={question.groups}
      placeholder="Choose a group"
      chosen={response && 'groups' in response ? response.groups : undefined}
      onChange={(groups) => onChange(groups ? { groups } : null)}
      pictures={question.pictures}
    />
  )
}
