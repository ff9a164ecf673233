/**
 * A question of another type (issue 29) on the projector while it is open: its type's name and
 * what the players answer on their phones, as served (in the game's one secret order, never the
 * right one) — the options, the items to put in order, the two lists to match, the groups and
 * the items to put in them, the text with its gaps, the range of a slider, what to type, or a
 * hotspot's places by name (its picture is shown above, as every question's). An option's or an
 * item's picture (issue 30: the options, an ordering's or a categorize's items, a matching's left
 * items) shows large with it. The presenter may show something else in their place (`children`:
 * a poll's live bars).
 */
import type { ReactNode } from 'react'
import { formatNumber, gapText } from '@/components/feedback/answer-words'
import { hasPicture } from '@/components/option-picture/has-picture'
import { OptionPicture } from '@/components/option-picture/option-picture'
import { RichText } from '@/components/rich-text/rich-text'
import { QUESTION_TYPE_NAMES } from '@/lib/question-types'
import type { ServedPictures, ServedQuestion } from '@/types/api'
import { letterAt, toneAt } from '../utils/typed-questions'
import '../live.css'
import '../live-presenter.css'
import '../live-types.css'

/** The pictures of a list shown (absent: none). */
type Pictured = { pictures?: ServedPictures | null }

function Options({ options, lettered = true, pictures }: { options: string[]; lettered?: boolean } & Pictured) {
  return (
    <ul className="live-options" aria-label="Options">
      {options.map((option, i) => (
        <li key={i} className={`live-option ${toneAt(i)}${hasPicture(pictures, i) ? ' has-picture' : ''}`}>
          {lettered ? (
            <span className="live-letter" aria-hidden="true">
              {letterAt(i)}
            </span>
          ) : null}
          <span>
            {lettered ? <span className="visually-hidden">{letterAt(i)}. </span> : null}
            <RichText text={option} />
          </span>
          <OptionPicture pictures={pictures} index={i} large />
        </li>
      ))}
    </ul>
  )
}

type ItemsProps = { label: string; items: string[] } & Pictured

function Items({ label, items, pictures }: ItemsProps) {
  return (
    <ul className="live-served-items" aria-label={label}>
      {items.map((item, i) => (
        <li key={i} className="live-served-item">
          <RichText text={item} />
          <OptionPicture pictures={pictures} index={i} large />
        </li>
      ))}
    </ul>
  )
}

function Columns({ first, second }: { first: ItemsProps; second: ItemsProps }) {
  return (
    <div className="live-served-columns">
      {[first, second].map((column) => (
        <div key={column.label}>
          <p className="live-served-hint">{column.label}</p>
          <Items {...column} />
        </div>
      ))}
    </div>
  )
}

function ServedBody({ served, pictures }: { served: ServedQuestion } & Pictured) {
  switch (served.type) {
    case 'single_choice':
    case 'poll':
      return <Options options={served.options} pictures={pictures} />
    case 'multi_select':
      return (
        <>
          <p className="live-served-hint">Choose all that apply.</p>
          <Options options={served.options} pictures={pictures} />
        </>
      )
    case 'true_false':
      return <Options options={['True', 'False']} lettered={false} />
    case 'ordering':
      return (
        <>
          <p className="live-served-hint">Put these in order:</p>
          <Items label="Items to put in order" items={served.items} pictures={pictures} />
        </>
      )
    case 'matching':
      return <Columns first={{ label: 'Match these', items: served.left, pictures }} second={{ label: 'with these', items: served.right }} />
    case 'categorize':
      return <Columns first={{ label: 'Groups', items: served.groups }} second={{ label: 'Items to sort', items: served.items, pictures }} />
    case 'gaps':
      return (
        <p className="live-served-text">
          <RichText
            text={gapText(
              served.cloze,
              served.gaps.map((gap) => (gap.type === 'choice' ? gap.options.join(' / ') : null)),
            )}
          />
        </p>
      )
    case 'slider':
      return (
        <p className="live-served-hint">
          Choose a value from {formatNumber(served.min)} to {formatNumber(served.max)}
          {served.step !== 1 ? ` in steps of ${formatNumber(served.step)}` : ''}.
        </p>
      )
    case 'numeric':
      return <p className="live-served-hint">Type a number{served.unit ? ` (in ${served.unit})` : ''}.</p>
    case 'type_answer':
      return <p className="live-served-hint">Type the answer.</p>
    case 'word_cloud':
      return <p className="live-served-hint">Type a word or a short phrase.</p>
    case 'hotspot':
      return (
        <>
          <p className="live-served-hint">Tap the place on the picture, or choose it by name:</p>
          <Items label="Places" items={served.regions} />
        </>
      )
    case 'slide':
      return null
  }
}

export function ServedQuestionView({ served, children, pictures }: { served: ServedQuestion; children?: ReactNode } & Pictured) {
  return (
    <div className="live-served">
      <p className="live-served-type">{QUESTION_TYPE_NAMES[served.type]}</p>
      {children ?? <ServedBody served={served} pictures={pictures} />}
    </div>
  )
}
