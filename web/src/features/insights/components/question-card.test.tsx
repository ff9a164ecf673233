import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { readInsights } from '../api/insights-read'
import { quizInsights, typedQuestion } from '../testing/fixtures'
import { QuestionCard } from './question-card'

const option = (letter: string, text: string, count: number, isKey: boolean) => ({ letter, text, count, isKey })

function renderQuestion(raw: Record<string, unknown>) {
  const question = readInsights(quizInsights({ questions: [raw] }), 12).questions[0]
  return render(
    <ol>
      <QuestionCard question={question} rank={1} />
    </ol>,
  )
}

const card = () => screen.getByRole('listitem', { name: /Question 3/ })

describe('QuestionCard of another type than A–D', () => {
  it('shows a typed answer with its type, the answers given most, the right one written, and the mean right', () => {
    renderQuestion(typedQuestion())
    expect(within(card()).getByText('Type').nextElementSibling).toHaveTextContent('Type the answer')
    const given = screen.getByRole('list', { name: 'Given most' })
    const rows = within(given).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual(['Sydney — 5', 'Canberra — 3 ✓ (right)'])
    expect(screen.getByText('Mean right: 38%')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: '33% right' })).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.queryByRole('note')).not.toBeInTheDocument()
  })

  it('draws six options of a multiple select with both keys marked, and no wrong option "most chosen" below a key', () => {
    renderQuestion(
      typedQuestion({
        type: 'multi_select',
        topAnswers: [{ answer: 'A, C', count: 4, right: true }],
        options: [
          option('A', 'Iron', 6, true),
          option('B', 'Wood', 1, false),
          option('C', 'Nickel', 5, true),
          option('D', 'Glass', 0, false),
          option('E', 'Cobalt', 5, false),
          option('F', 'Paper', 0, false),
        ],
      }),
    )
    expect(within(card()).getByText('Type').nextElementSibling).toHaveTextContent('Multiple select')
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('A. Iron'),
      expect.stringContaining('B. Wood'),
      expect.stringContaining('C. Nickel'),
      expect.stringContaining('D. Glass'),
      expect.stringContaining('E. Cobalt'),
      expect.stringContaining('F. Paper'),
    ])
    expect(rows.filter((row) => row.textContent?.includes('(key)'))).toHaveLength(2)
    expect(screen.queryByText(/most chosen/)).not.toBeInTheDocument()
    expect(within(screen.getByRole('list', { name: 'Given most' })).getByText('(right)')).toBeInTheDocument()
  })

  it('shows a poll without a share right, a mean right or a "most chosen" option', () => {
    renderQuestion(
      typedQuestion({ type: 'poll', topAnswers: [], meanF: null, correctShare: 0, options: [option('A', 'Tea', 4, false), option('B', 'Coffee', 2, false)] }),
    )
    expect(within(card()).getByText('Type').nextElementSibling).toHaveTextContent('Poll')
    expect(screen.queryByText('Answered right')).not.toBeInTheDocument()
    expect(screen.queryByText(/Mean right/)).not.toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Given most' })).not.toBeInTheDocument()
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3)
    expect(screen.queryByText(/most chosen|\(key\)/)).not.toBeInTheDocument()
  })

  it('keeps a question A–D as it was: no type, no mean right, even when the server sends them', () => {
    const [first] = quizInsights().questions as Array<Record<string, unknown>>
    render(
      <ol>
        <QuestionCard question={readInsights(quizInsights({ questions: [{ ...first, type: 'single_choice', topAnswers: [], meanF: 0.25 }] }), 12).questions[0]} rank={1} />
      </ol>,
    )
    expect(screen.queryByText('Type')).not.toBeInTheDocument()
    expect(screen.queryByText(/Mean right/)).not.toBeInTheDocument()
    expect(screen.getByRole('note')).toHaveTextContent('Check the key: most strong players chose A')
  })
})
