/** The answer views with pictures on their options or items (issue 30): the text stays the name, the picture describes it. */
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderAnswerView } from '@/testing/answer-view'
import { decorativeImage, servedImage } from '@/testing/media-fixtures'
import { MultiSelectAnswer } from './multi-select-answer'
import { CategorizeAnswer } from './select-rows-answer'

const ALT = 'A map of Europe with France shaded'

describe('answer views with pictures', () => {
  it('ticks a multiple select’s option by its text; its picture describes it', async () => {
    const { changes } = renderAnswerView(MultiSelectAnswer, {
      id: 1,
      type: 'multi_select',
      text: 'Which are maps?',
      options: ['Europe', 'Leaf', 'Asia'],
      pictures: [servedImage, decorativeImage, null],
    })
    const europe = screen.getByRole('checkbox', { name: 'Europe' })
    expect(europe).toHaveAccessibleDescription(ALT)
    expect(screen.getByRole('checkbox', { name: 'Leaf' })).toHaveAccessibleDescription('')
    expect(screen.getByRole('checkbox', { name: 'Asia' })).not.toHaveAttribute('aria-describedby')
    await userEvent.setup().click(europe)
    expect(changes.map((c) => c.response)).toEqual([{ choices: [0] }])
  })

  it('shows a categorize item’s picture by its row, describing its select', () => {
    renderAnswerView(CategorizeAnswer, { id: 2, type: 'categorize', text: 'Sort', groups: ['Map', 'Plant'], items: ['Europe', 'Leaf'], pictures: [servedImage, null] })
    const europe = screen.getByRole('combobox', { name: 'Europe' })
    expect(europe).toHaveAccessibleDescription(ALT)
    expect(within(europe.closest('li') as HTMLElement).getByRole('img', { name: ALT })).toHaveAttribute('sizes', '6rem')
    expect(screen.getByRole('combobox', { name: 'Leaf' })).not.toHaveAttribute('aria-describedby')
  })
})
