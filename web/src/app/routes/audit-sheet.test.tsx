import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { SHEET } from '@/features/audit/testing/fixtures'
import { mockApi, signInAs, type FakeHandler, type FakeResponse } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

beforeAll(() => import('./audit'))

function setup(handlers: Record<string, FakeHandler | FakeResponse> = {}) {
  const api = mockApi({ 'GET /api/audit/attempts/a-ben-1': { body: SHEET }, ...handlers })
  signInAs()
  return { ...api, ...renderApp('/audit/attempts/a-ben-1'), user: userEvent.setup() }
}

const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
const local = (iso: string) => new Date(iso).toLocaleString()

describe('/audit/attempts/:attemptId', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('shows the attempt as it was scored: who, when, how, the result and the retake', async () => {
    const { calls } = setup()
    expect(await screen.findByText('Attempt sheet: Ben Baker', { selector: 'h1' }, { timeout: 5000 })).toBeInTheDocument()
    expect(calls[0].headers.Authorization).toMatch(/^Bearer /)
    expect(screen.getAllByRole('link', { name: 'Warm-up' })[0]).toHaveAttribute('href', '/audit/quizzes/12')
    expect(screen.getByRole('link', { name: 'Ben Baker' })).toHaveAttribute('href', '/audit/people/u-ben')
    expect(fact('Quiz version')).toBe('2')
    expect(fact('Started')).toBe(local(SHEET.startedAt))
    expect(fact('Deadline')).toBe(local(SHEET.deadline))
    expect(fact('Accommodations')).toBe('Extra time ×2, read aloud')
    expect(fact('Submitted')).toBe(local(SHEET.submittedAt))
    expect(fact('How')).toBe('Submitted by the server at the deadline')
    expect(fact('Result')).toBe('1/2 right, 10 points')
    expect(fact('Retake granted')).toBe(`by Hedy Lamarr at ${local(SHEET.retakeGrantedAt)}`)
    expect(screen.getByText('Submitted after the deadline: only the answers saved in time counted.')).toBeInTheDocument()
  })

  it.each([
    [{ extraTime: 'unlimited', readAloud: false }, 'No time limit'],
    [{ extraTime: 'x1.5', readAloud: false }, 'Extra time ×1.5'],
    [{ extraTime: 'none', readAloud: true }, 'Read aloud'],
  ])('says the accommodation %j in words', async (accommodation, words) => {
    setup({ 'GET /api/audit/attempts/a-ben-1': { body: { ...SHEET, accommodation } } })
    await screen.findByText('Attempt sheet: Ben Baker', { selector: 'h1' }, { timeout: 5000 })
    expect(fact('Accommodations')).toBe(words)
  })

  it('has no accommodations line when the attempt had none', async () => {
    setup({ 'GET /api/audit/attempts/a-ben-1': { body: { ...SHEET, accommodation: { extraTime: 'none', readAloud: false } } } })
    await screen.findByText('Attempt sheet: Ben Baker', { selector: 'h1' }, { timeout: 5000 })
    expect(screen.queryByText('Accommodations', { selector: 'dt' })).not.toBeInTheDocument()
    expect(screen.queryByText(/Extra time|read aloud|No time limit/i)).not.toBeInTheDocument()
  })

  it('lists the questions in order, marking the key and the answer in words', async () => {
    setup()
    await screen.findByText('Attempt sheet: Ben Baker', { selector: 'h1' }, { timeout: 5000 })
    const table = screen.getByRole('table', { name: 'Questions in the order served' })
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['#', 'Question', 'Options', 'Answer', 'Answered at', 'Correct'])
    const [first, second] = within(table).getAllByRole('row').slice(1)
    expect(within(first).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['A. 3', 'B. 4 (key, answered)', 'C. 5', 'D. 6'])
    expect(within(first).getByRole('rowheader')).toHaveTextContent('What is 2 + 2?')
    const firstCells = within(first).getAllByRole('cell').map((c) => c.textContent)
    expect(firstCells[0]).toBe('1')
    expect(firstCells[2]).toBe('B (saved 2 times)')
    expect(firstCells[3]).toBe(local('2026-11-26T10:01:00.000Z'))
    expect(firstCells[4]).toBe('✓ Correct')
    expect(within(second).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['A. Venus', 'B. Jupiter', 'C. Mars (key)', 'D. Saturn'])
    expect(within(second).getByRole('rowheader')).toHaveTextContent('Red planet?Marked for review')
    expect(within(second).getAllByRole('cell').map((c) => c.textContent).slice(2)).toEqual(['—', '—', '✗ Not answered'])
  })

  it('draws the formulae of a question and its options (issue 30), MathML for screen readers', async () => {
    const [first, second] = SHEET.questions
    const questions = [{ ...first, text: 'What is \\(\\sqrt{16}\\)?', options: ['\\(2\\)', '\\(4\\)', '5', '6'] }, second]
    setup({ 'GET /api/audit/attempts/a-ben-1': { body: { ...SHEET, questions } } })
    await screen.findByText('Attempt sheet: Ben Baker', { selector: 'h1' }, { timeout: 5000 })
    const [row] = within(screen.getByRole('table', { name: 'Questions in the order served' })).getAllByRole('row').slice(1)
    const question = within(row).getByRole('rowheader')
    await waitFor(() => expect(question.querySelector('math annotation')?.textContent).toBe('\\sqrt{16}'))
    // KaTeX's drawing is hidden from screen readers; its MathML is read.
    expect(question.querySelector('.katex-html')).toHaveAttribute('aria-hidden', 'true')
    const options = within(row).getAllByRole('listitem')
    await waitFor(() => expect(options.map((option) => option.querySelector('math annotation')?.textContent ?? null)).toEqual(['2', '4', null, null]))
    expect(options[2]).toHaveTextContent('C. 5')
  })

  it.each([
    [403, 'You may not audit this attempt.'],
    [404, 'No such attempt.'],
  ])('says so when refused with %i', async (status, text) => {
    setup({ 'GET /api/audit/attempts/a-ben-1': { status, body: { error: 'refused' } } })
    expect(await screen.findByText(text, {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Audit' })).toHaveAttribute('href', '/audit')
  })
})
