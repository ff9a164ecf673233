import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { mockApi, signInAs, type FakeHandler, type FakeResponse } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

const quiz = {
  success: true,
  category: {
    id: 31,
    name: 'Cell Biology',
    valid_until: '2026-03-11T09:30:00Z',
    time_limit: 45,
    quizCode: 'K7QH2M',
    audience: { name: 'Biology 7B' },
  },
  questions: [
    { id: 101, text: 'Powerhouse of the cell?', optionA: 'Nucleus', optionB: 'Mitochondria', optionC: 'Ribosome', optionD: 'Golgi', answer: 'Mitochondria', correctLetter: 'B', explanation: 'ATP.' },
    { id: 102, text: 'Holds DNA?', optionA: 'Nucleus', optionB: 'Vacuole', optionC: 'Membrane', optionD: 'Wall', answer: 'Nucleus', explanation: null },
  ],
}

function setup(path = '/host/viewQuiz/31', overrides: Record<string, FakeHandler | FakeResponse> = {}) {
  const api = mockApi({
    'GET /api/hostQuiz/quiz/31': { body: quiz },
    'POST /api/question/update-category-questions': { body: { success: true, message: 'Successfully updated questions!', questionCount: 2 } },
    'GET /api/hostQuiz/myQuizzes': { body: { success: true, data: [] } },
    'GET /api/hostQuiz/quiz/31/accommodations': { body: { accommodations: [] } },
    ...overrides,
  })
  signInAs()
  return { ...api, ...renderApp(path), user: userEvent.setup() }
}

const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
const question = (n: number) => screen.getByRole('listitem', { name: `Question ${n}` })

describe('/host/viewQuiz/:categoryId', () => {
  it('loads, then shows the header and the questions', async () => {
    const { calls } = setup()
    expect(screen.getByText('Loading...')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Cell Biology' })).toBeInTheDocument()
    expect(fact('Time')).toBe('45 minutes')
    expect(fact('Validity')).toBe(new Date('2026-03-11T09:30:00Z').toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }))
    expect(fact('Audience')).toBe('Biology 7B')
    expect(fact('Code')).toBe('K7QH2M')
    expect(within(question(1)).getByLabelText('Question text')).toHaveValue('Powerhouse of the cell?')
    expect(within(question(1)).getByLabelText('Option B')).toHaveValue('Mitochondria')
    expect(within(question(1)).getByLabelText('Correct answer')).toHaveValue('B')
    // No correctLetter: the letter comes from the answer's text.
    expect(within(question(2)).getByLabelText('Correct answer')).toHaveValue('A')
    expect(calls[0].headers.Authorization).toMatch(/^Bearer /)
  })

  it('falls back when the quiz has no title, validity, audience or code', async () => {
    setup('/host/viewQuiz/31', {
      'GET /api/hostQuiz/quiz/31': {
        body: { ...quiz, category: { id: 31, name: '', valid_until: '2100-06-01T00:00:00Z', time_limit: 10, quizCode: null, audience: null } },
      },
    })
    expect(await screen.findByRole('heading', { name: 'Untitled Quiz' })).toBeInTheDocument()
    expect(fact('Validity')).toBe('No expiration')
    expect(fact('Audience')).toBe('Open to all')
    expect(fact('Code')).toBe('Unavailable')
  })

  // Some thirty characters typed: more than 5 s on a busy machine.
  it('edits, adds and deletes questions, saves them and goes to My Quizzes 1.5 s later', async () => {
    const { user, calls, router } = setup()
    await screen.findByRole('heading', { name: 'Cell Biology' })
    const first = question(1)
    await user.clear(within(first).getByLabelText('Option C'))
    await user.type(within(first).getByLabelText('Option C'), 'Chloroplast')
    await user.selectOptions(within(first).getByLabelText('Correct answer'), 'C')
    await user.click(screen.getByRole('button', { name: 'Delete question 2' }))
    expect(screen.queryByRole('listitem', { name: 'Question 2' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add Question' }))
    const added = question(2)
    await user.type(within(added).getByLabelText('Question text'), 'New?')
    for (const letter of ['A', 'B', 'C', 'D']) await user.type(within(added).getByLabelText(`Option ${letter}`), `opt ${letter}`)
    await user.selectOptions(within(added).getByLabelText('Correct answer'), 'D')
    await user.type(within(added).getByLabelText('Explanation'), 'Because.')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))

    // The toast is a status; so is the accommodations section's own (empty) message line.
    expect((await screen.findByText('Successfully updated questions!')).closest('[role="status"]')).not.toBeNull()
    const save = calls.find((c) => c.path === '/api/question/update-category-questions')
    expect(save?.method).toBe('POST')
    expect(save?.body).toEqual({
      categoryId: 31,
      questions: [
        { id: 101, text: 'Powerhouse of the cell?', answer: 'C', optionA: 'Nucleus', optionB: 'Mitochondria', optionC: 'Chloroplast', optionD: 'Golgi', explanation: 'ATP.' },
        { text: 'New?', answer: 'D', optionA: 'opt A', optionB: 'opt B', optionC: 'opt C', optionD: 'opt D', explanation: 'Because.' },
      ],
    })
    expect(router.state.location.pathname).toBe('/host/viewQuiz/31')
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/myQuizzes'), { timeout: 2500 })
  }, 15_000)

  it("shows the server's validation detail, or the fixed text, when saving fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let answer: FakeResponse = {
      status: 400,
      body: { error: 'Invalid questions', code: 'validation', details: { errors: ['Question 2 is missing one or more required fields'] } },
    }
    const { user, router } = setup('/host/viewQuiz/31', { 'POST /api/question/update-category-questions': () => answer })
    await screen.findByRole('heading', { name: 'Cell Biology' })
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Question 2 is missing one or more required fields')
    answer = { status: 500, body: { error: 'boom' } }
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to update questions. Please try again.'))
    expect(router.state.location.pathname).toBe('/host/viewQuiz/31')
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled()
  })

  it('says when the quiz cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    setup('/host/viewQuiz/31', { 'GET /api/hostQuiz/quiz/31': { status: 403, body: { error: "Only the quiz's host can do this", code: 'not_host' } } })
    const text = await screen.findByText('Failed to load quiz data')
    expect(text).toHaveClass('error-text')
  })

  it('refuses a non-numeric id without calling the server', async () => {
    const { calls } = setup('/host/viewQuiz/abc')
    expect(await screen.findByText('Invalid category ID format.')).toHaveClass('error-text')
    expect(calls).toHaveLength(0)
  })
})
