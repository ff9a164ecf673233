/** Pictures on a live question's options and items (issue 30), on the phone and on the projector. */
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { readGameView } from '@/lib/hub/game-view'
import { decorativeImage, servedImage } from '@/testing/media-fixtures'
import type { LiveQuestion } from '@/types/live-game'
import { makeQuestion, makeTypedQuestion, playerView } from '../testing/fixtures'
import { PlayerQuestion } from './player-question'
import { PresenterQuestion } from './presenter-question'

const ALT = 'A map of Europe with France shaded'
const clock = { getReadyMs: 0, remainingMs: 20_000 }

// Options shuffled for this player: the pictures come in the same order as the options.
const shuffled = makeQuestion({
  options: [
    { letter: 'C', text: 'Nice' },
    { letter: 'A', text: 'Paris' },
    { letter: 'D', text: 'Lille' },
    { letter: 'B', text: 'Lyon' },
  ],
  pictures: [null, servedImage, null, decorativeImage],
})

function phone(question: LiveQuestion, onAnswer = vi.fn(), step: 'answering' | 'locked' = 'answering', choice: 'A' | null = null) {
  render(
    <PlayerQuestion
      question={question}
      count={3}
      clock={clock}
      step={step}
      choice={choice}
      response={null}
      note={null}
      onAnswer={onAnswer}
      onRespond={() => undefined}
    />,
  )
  return onAnswer
}

const projector = (question: LiveQuestion) => render(<PresenterQuestion question={question} count={3} clock={clock} answered={0} players={2} counting={false} />)

describe('pictures on a live question’s options and items', () => {
  it('reads them from the view: absent when none, null when not a list', () => {
    expect(readGameView(playerView({ phase: 'question', question: shuffled }))?.question?.pictures).toEqual([null, servedImage, null, decorativeImage])
    expect(readGameView(playerView({ phase: 'question', question: makeQuestion() }))?.question?.pictures).toBeUndefined()
    expect(readGameView(playerView({ phase: 'question', question: makeQuestion({ pictures: 'x' as never }) }))?.question?.pictures).toBeNull()
  })

  it('a phone shows each option’s picture in its button, in the player’s order, named by its text and then its alt text', async () => {
    const onAnswer = phone(shuffled)
    const paris = screen.getByRole('button', { name: /^A\.\s?Paris\s?A map of Europe with France shaded$/ })
    const img = within(paris).getByRole('img', { name: ALT })
    expect(img).toHaveAttribute('src', servedImage.phone.url)
    expect(screen.getByRole('button', { name: /^B\.\s?Lyon$/ }).querySelector('img')).toHaveAttribute('alt', '')
    expect(within(screen.getByRole('button', { name: /Nice/ })).queryByRole('img')).toBeNull()
    await userEvent.setup().keyboard('2')
    expect(onAnswer).toHaveBeenCalledWith('A')
  })

  it('a phone’s locked answer keeps “Your answer” in its name', () => {
    phone(shuffled, vi.fn(), 'locked', 'A')
    expect(screen.getByRole('button', { name: /^A\.\s?Paris\s?A map of Europe with France shaded\s?✓ Your answer$/ })).toBeInTheDocument()
  })

  it('the projector shows them larger, from the projector file', () => {
    projector(shuffled)
    const paris = within(screen.getByRole('list', { name: 'Options' })).getAllByRole('listitem')[1]
    expect(within(paris).getByRole('img', { name: ALT })).toHaveAttribute('src', servedImage.projector.url)
    expect(within(paris).getByRole('img', { name: ALT })).toHaveClass('is-large')
  })

  it('a phone and the projector show an item’s picture with the served list: an ordering’s items, a matching’s left', async () => {
    const ordering = makeTypedQuestion({ type: 'ordering', items: ['Venus', 'Mercury', 'Earth'] }, { pictures: [null, servedImage, null] })
    phone(ordering)
    const items = within(await screen.findByRole('group', { name: 'Put the items in order, first at the top.' })).getAllByRole('listitem')
    expect(await within(items[1]).findByRole('img', { name: ALT })).toBeInTheDocument()
    expect(items[1]).toHaveTextContent('Mercury')

    const matching = makeTypedQuestion({ type: 'matching', left: ['France', 'Italy'], right: ['Rome', 'Paris'] }, { pictures: [servedImage, null] })
    projector(matching)
    const left = within(screen.getByRole('list', { name: 'Match these' })).getAllByRole('listitem')
    expect(within(left[0]).getByRole('img', { name: ALT })).toHaveAttribute('src', servedImage.projector.url)
    expect(within(screen.getByRole('list', { name: 'with these' })).queryByRole('img')).toBeNull()
  })

  it('a poll’s bars on the projector keep each option’s picture', () => {
    const poll = makeTypedQuestion({ type: 'poll', options: ['Tea', 'Coffee'] }, { pictures: [null, servedImage] })
    render(<PresenterQuestion question={poll} count={3} clock={clock} answered={1} players={2} counting={false} pollCounts={[0, 1]} />)
    const rows = within(screen.getByRole('list', { name: 'Answers so far per option' })).getAllByRole('listitem')
    expect(within(rows[1]).getByRole('img', { name: ALT })).toHaveAttribute('src', servedImage.phone.url)
    expect(within(rows[0]).queryByRole('img')).toBeNull()
  })

  it('shows nothing more for a question without pictures', () => {
    phone(makeQuestion())
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.getByRole('button', { name: /Paris/ })).not.toHaveAttribute('aria-labelledby')
  })
})
