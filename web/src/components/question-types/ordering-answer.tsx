/**
 * Put items in order (issue 29): each item has Move up and Move down buttons (Tab, then Enter or
 * Space, or a tap), focus stays with the moved item, and each move is said in a polite status
 * ("Moved ‘Venus’ to position 1 of 4"). The items start in the order served, which is no answer
 * until the player moves one; the response is the served indices in the player's order. An item's
 * picture (issue 30) moves with it, under its text.
 */
import { useEffect, useRef, useState } from 'react'
import { OptionPicture } from '@/components/option-picture/option-picture'
import { RichText } from '@/components/rich-text/rich-text'
import { movedText } from '@/lib/moved-text'
import type { AnswerProps } from './answer-props'
import './question-types.css'

type Direction = 'up' | 'down'

export function OrderingAnswer({ question, response, onChange }: AnswerProps<'ordering'>) {
  const { items } = question
  const order = response && 'order' in response ? response.order : items.map((_, i) => i)
  const [said, setSaid] = useState('')
  const buttons = useRef(new Map<string, HTMLButtonElement>())
  /** The button to focus once the move is on screen (`item:direction`). */
  const focusNext = useRef<string | null>(null)

  useEffect(() => {
    if (!focusNext.current) return
    buttons.current.get(focusNext.current)?.focus()
    focusNext.current = null
  })

  const move = (place: number, direction: Direction) => {
    const to = direction === 'up' ? place - 1 : place + 1
    if (to < 0 || to >= order.length) return
    const next = [...order]
    ;[next[place], next[to]] = [next[to], next[place]]
    const item = order[place]
    onChange({ order: next })
    setSaid(movedText(items[item], to, order.length))
    // At an end the same button is disabled: focus goes to the other one.
    const edge = (direction === 'up' && to === 0) || (direction === 'down' && to === order.length - 1)
    focusNext.current = `${item}:${edge ? (direction === 'up' ? 'down' : 'up') : direction}`
  }

  const ref = (key: string) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(key, element)
    else buttons.current.delete(key)
  }

  return (
    <fieldset className="answer-fieldset">
      <legend className="answer-legend">Put the items in order, first at the top.</legend>
      <ol className="ordering-list">
        {order.map((item, place) => (
          <li key={item} className="ordering-item">
            <span className="ordering-text">
              <RichText text={items[item]} />
              <OptionPicture pictures={question.pictures} index={item} />
            </span>
            <span className="ordering-moves">
              <button
                ref={ref(`${item}:up`)}
                type="button"
                className="btn btn-secondary btn-small"
                aria-label={`Move up ${items[item]}`}
                disabled={place === 0}
                onClick={() => move(place, 'up')}
              >
                Move up
              </button>
              <button
                ref={ref(`${item}:down`)}
                type="button"
                className="btn btn-secondary btn-small"
                aria-label={`Move down ${items[item]}`}
                disabled={place === order.length - 1}
                onClick={() => move(place, 'down')}
              >
                Move down
              </button>
            </span>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" role="status" aria-live="polite">
        {said}
      </p>
    </fieldset>
  )
}
