import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { readInsights } from '../api/insights-read'
import { numericQuestion, orderingQuestion, quizInsights, typedQuestion } from '../testing/fixtures'
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

const texts = (list: HTMLElement) => within(list).getAllByRole('listitem').map((item) => item.textContent)

/** Neither a share right per part nor a number line. */
function expectNoPartsOrNumbers() {
  expect(screen.queryByText(/Share right per/)).not.toBeInTheDocument()
  expect(screen.queryByText('Numbers given')).not.toBeInTheDocument()
  expect(screen.queryByRole('figure', { name: /^The answer is/ })).not.toBeInTheDocument()
  expect(screen.queryByTestId('number-line')).not.toBeInTheDocument()
}

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
    expectNoPartsOrNumbers()
  })

  it("shows an ordering's share right per place in the definition's order, the place most often wrong marked in words", () => {
    renderQuestion(orderingQuestion())
    const question = screen.getByRole('listitem', { name: /Question 4/ })
    expect(within(question).getByText('Type').nextElementSibling).toHaveTextContent('Ordering')
    const places = within(question).getByRole('list', { name: 'Share right per place' })
    expect(places.tagName).toBe('OL')
    // 8 answered (9 seen, 1 skipped): 6, 4 and 1 of them got each place right.
    expect(texts(places)).toEqual(['1. Mercury75% right', '2. Venus50% right', '3. Earth13% right⚠ most often wrong'])
    const rows = within(places).getAllByRole('listitem')
    expect(rows.map((row) => within(row).getByRole('img').getAttribute('aria-label'))).toEqual(['75% right', '50% right', '13% right'])
    expect(rows.filter((row) => within(row).queryByText('most often wrong'))).toEqual([rows[2]])
    expect(rows[2].querySelector('.share-bar')).toHaveClass('tone-warn')
    // The median time is measured for every type now, and shown.
    expect(within(question).getByText('Median time to answer').nextElementSibling).toHaveTextContent('7.2 s')
    expect(within(question).getByRole('list', { name: 'Given most' })).toBeInTheDocument()
    expect(screen.queryByRole('figure')).not.toBeInTheDocument()
    expect(screen.queryByText('Numbers given')).not.toBeInTheDocument()
  })

  it('names the parts of a matching, a categorize question and a text by their type, every part of a tie marked, none when nobody answered', () => {
    const parts = [
      { label: 'France', right: 2 },
      { label: 'Italy', right: 5 },
      { label: 'Spain', right: 2 },
    ]
    const { unmount } = renderQuestion(orderingQuestion({ type: 'matching', parts }))
    const pairs = screen.getByRole('list', { name: 'Share right per pair' })
    expect(pairs.tagName).toBe('UL')
    expect(texts(pairs)).toEqual(['France25% right⚠ most often wrong', 'Italy63% right', 'Spain25% right⚠ most often wrong'])
    unmount()

    const categorize = renderQuestion(orderingQuestion({ type: 'categorize', parts }))
    expect(screen.getByRole('list', { name: 'Share right per item' })).toBeInTheDocument()
    categorize.unmount()

    renderQuestion(orderingQuestion({ type: 'gaps', seen: 2, skipped: 2, parts: [{ label: 'Paris', right: 0 }, { label: 'Rome', right: 0 }] }))
    expect(texts(screen.getByRole('list', { name: 'Share right per gap' }))).toEqual(['Paris0% right', 'Rome0% right'])
    expect(screen.queryByText('most often wrong')).not.toBeInTheDocument()
  })

  it("draws a numeric question's numbers given on the number line, with the answer and the right stretch in words and its unit", () => {
    renderQuestion(numericQuestion())
    const question = screen.getByRole('listitem', { name: /Question 5/ })
    expect(within(question).getByRole('heading', { name: 'Numbers given' })).toBeInTheDocument()
    const figure = within(question).getByRole('figure', { name: 'The answer is 9.81 m/s², right from 9.71 to 9.91 m/s².' })
    expect(texts(within(figure).getByRole('list', { name: 'Numbers given' }))).toEqual(['5 gave 9.81 m/s² (right)', '3 gave 10 m/s²'])
    const drawing = within(figure).getByTestId('number-line')
    expect(drawing).toHaveAttribute('aria-hidden', 'true')
    const bars = Array.from(drawing.querySelectorAll('.number-line-value'))
    expect(bars.map((bar) => [bar.getAttribute('data-value'), bar.getAttribute('data-count'), bar.classList.contains('is-right')])).toEqual([
      ['9.81', '5', true],
      ['10', '3', false],
    ])
    expect(drawing.querySelector('.number-line-band')).toBeInTheDocument()
    expect(Array.from(drawing.querySelectorAll('text')).map((text) => text.textContent)).toEqual(['✓ 9.81 m/s²', '9', '11'])
    expect(within(question).getByText('Median time to answer').nextElementSibling).toHaveTextContent('7.2 s')
    expect(screen.queryByText(/Share right per/)).not.toBeInTheDocument()
  })

  it("draws a slider's number line and says when no number was given", () => {
    renderQuestion(
      numericQuestion({ type: 'slider', seen: 2, skipped: 2, topAnswers: [], numbers: { low: 0, high: 100, target: 40, band: [30, 50], values: [] } }),
    )
    const figure = screen.getByRole('figure', { name: 'The answer is 40, right from 30 to 50.' })
    expect(within(figure).getByText('No numbers were given.')).toBeInTheDocument()
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
    expectNoPartsOrNumbers()
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
    expectNoPartsOrNumbers()
  })
})

describe('QuestionCard with formulae (issue 30)', () => {
  /** The TeX source of each formula drawn in `element` (KaTeX's MathML keeps it). */
  const formulae = (element: Element) => [...element.querySelectorAll('math annotation')].map((annotation) => annotation.textContent)

  it('draws the formulae of the text and the options, the options’ table shown first (a chart’s text cannot draw them)', async () => {
    const [first] = quizInsights().questions as Array<Record<string, unknown>>
    renderQuestion({
      ...first,
      number: 3,
      key: 'B',
      suspectKey: null,
      text: 'Which is \\(x^2\\) at \\(x = 3\\)?',
      options: [option('A', '\\(6\\)', 1, false), option('B', '\\(3^2\\)', 2, true), option('C', '9', 0, false), option('D', '\\(2^3\\)', 1, false)],
    })
    // Found before KaTeX draws: jsdom cannot compute a name through MathML.
    const question = card()
    const heading = within(question).getByRole('heading', { level: 3 })
    await waitFor(() => expect(heading.querySelectorAll('math')).toHaveLength(2))
    expect(formulae(heading)).toEqual(['x^2', 'x = 3'])
    // KaTeX's drawing is hidden from screen readers; its MathML is read.
    expect(heading.querySelector('.katex-html')).toHaveAttribute('aria-hidden', 'true')
    const table = within(question).getByRole('table')
    expect(table.parentElement).not.toHaveClass('visually-hidden')
    await waitFor(() => expect(formulae(table)).toEqual(['6', '3^2', '2^3']))
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)[2]).toBe('C. 9')
    await userEvent.setup().click(within(question).getByRole('button', { name: 'Show as chart: How many chose each option, question 3' }))
    expect(question.querySelector('svg.bar-chart')).toBeInTheDocument()
    expect(table.parentElement).toHaveClass('visually-hidden')
  })

  it('draws the formulae of the answers given and the parts; a chart without one shows as a chart', async () => {
    renderQuestion(
      orderingQuestion({
        number: 3,
        topAnswers: [{ answer: '\\(\\frac{1}{2}\\), 1', count: 3, right: true }],
        parts: [
          { label: '\\(\\frac{1}{2}\\)', right: 6 },
          { label: '1', right: 4 },
        ],
      }),
    )
    await waitFor(() => expect(formulae(screen.getByRole('list', { name: 'Given most' }))).toEqual(['\\frac{1}{2}']))
    await waitFor(() => expect(formulae(screen.getByRole('list', { name: 'Share right per place' }))).toEqual(['\\frac{1}{2}']))
    const [plain] = quizInsights().questions as Array<Record<string, unknown>>
    renderQuestion({ ...plain, questionId: 8 })
    expect(screen.getByRole('img', { name: /^How many chose each option, question 2/ })).toBeInTheDocument()
  })
})
