/**
 * A question of another type (issue 29) on the projector while it is open: its type's name and
 * what the players answer on their phones, as served (in the game's one secret order, never the
 * right one) — the options, the items to put in order, the two lists to match, the groups and
 * the items to put in them, the text with its gaps, the range of a slider, what to type, or a
 * hotspot's places by name (its picture is shown above, as every question's). The
 * presenter may show something else in their place (`children`: a poll's live bars).
 */
import type { ReactNode } from 'react'
import { formatNumber, gapText } from '@/components/feedback/answer-words'
import { RichText } from '@/components/rich-text/rich-text'
import { QUESTION_TYPE_NAMES } from '@/lib/question-types'
import type { ServedQuestion } from '@/types/api'
import { letterAt, toneAt } from '../utils/typed-questions'
import '../live.css'
import '../live-presenter.css'
import '../live-types.css'

function Options({ options, lettered = true }: { options: string[]; lettered?: boolean }) {
  return (
    <ul className="live-options" aria-label="Options">
      {options.map((option, i) => (
        <li key={i} className={`live-option ${toneAt(i)}`}>
          {lettered ? (
            <span className="live-letter" aria-hidden="true">
              {letterAt(i)}
            </span>
          ) : null}
          <span>
            {lettered ? <span className="visually-hidden">{letterAt(i)}. </span> : null}
            <RichText text={option} />
          </span>
        </li>
      ))}
    </ul>
  )
}

function Items({ label, items }: { label: string; items: string[] }) {
  return (
    <ul className="live-served-items" aria-label={label}>
      {items.map((item, i) => (
        <li key={i} className="live-served-item">
          <RichText text={item} />
        </li>
      ))}
    </ul>
  )
}

function Columns({ first, second }: { first: { label: string; items: string[] }; second: { label: string; items: string[] } }) {
  return (
    <div className="live-served-columns">
      {[first, second].map((column) => (
        <div key={column.label}>
          <p className="live-served-hint">{column.label}</p>
          <Items label={column.label} items={column.items} />
        </div>
      ))}
    </div>
  )
}

function ServedBody({ served }: { served: ServedQuestion }) {
  switch (served.type) {
    case 'single_choice':
    case 'poll':
      return <Options options={served.options} />
    case 'multi_select':
      return (
        <>
          <p className="live-served-hint">Choose all that apply.</p>
          <Options options={served.options} />
        </>
      )
    case 'true_false':
      return <Options options={['True', 'False']} lettered={false} />
    case 'ordering':
      return (
        <>
          <p className="live-served-hint">Put these in order:</p>
          <Items label="Items to put in order" items={served.items} />
        </>
      )
    case 'matching':
      return <Columns first={{ label: 'Match these', items: served.left }} second={{ label: 'with these', items: served.right }} />
    case 'categorize':
      return <Columns first={{ label: 'Groups', items: served.groups }} second={{ label: 'Items to sort', items: served.items }} />
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

export function ServedQuestionView({ served, children }: { served: ServedQuestion; children?: ReactNode }) {
  return (
    <div className="live-served">
      <p className="live-served-type">{QUESTION_TYPE_NAMES[served.type]}</p>
      {children ?? <ServedBody served={served} />}
    </div>
  )
}
