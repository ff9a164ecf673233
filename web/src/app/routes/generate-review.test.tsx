import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { QuizMetadata } from '@/features/generate/machines/review.machine'
import { generated, mixedQuestions, ORDERING, TRUE_FALSE } from '@/features/generate/testing/fixtures'
import { mockApi, signInAs, type FakeHandler, type FakeResponse } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

const quizMetadata: QuizMetadata = {
  title: 'Plants',
  validityOption: '48h',
  timeLimit: 5,
  audienceType: 'open',
  generationId: 'gen-1',
  dropped: [{ reason: 'It repeats another question', count: 2 }],
  generator: 'offline',
  requested: 5,
}

const routerState = { questions: [generated(1), generated(2), generated(3)], quizMetadata }

const published = {
  success: true,
  message: 'Quiz created successfully',
  quiz: { id: 9, title: 'Plants', quizCode: 'PL4NTS', link: '/host/attemptQuiz?code=PL4NTS', questionCount: 2 },
}

async function setup({
  handlers = {},
  path = '/generate/review?generation=gen-1',
  state = routerState as unknown,
}: { handlers?: Record<string, FakeHandler | FakeResponse>; path?: string; state?: unknown } = {}) {
  const api = mockApi({
    'POST /api/generate/gen-1/publish': { status: 201, body: published },
    'GET /api/hostQuiz/myQuizzes': { body: { success: true, data: [] } },
    ...handlers,
  })
  signInAs()
  const rendered = renderApp(path, { state })
  await screen.findByRole('heading', { name: 'Review Questions' })
  return { ...api, ...rendered, user: userEvent.setup() }
}

const question = (n: number) => screen.getByRole('listitem', { name: `Question ${n}` })
const questionTexts = () =>
  within(screen.getByRole('list', { name: 'Questions' }))
    .getAllByRole('listitem', { name: /^Question \d+$/ })
    .map((item) => item.querySelector('.review-question-text')?.textContent)
const confirm = () => screen.getByRole('button', { name: 'Confirm and Create Quiz' })
const typeOf = (n: number) => question(n).querySelector('.question-type-name')?.textContent

describe('/generate/review', () => {
  it('lists the questions with their answers and sources, and what was dropped', async () => {
    await setup()
    expect(questionTexts()).toEqual(['Question 1?', 'Question 2?', 'Question 3?'])
    const first = question(1)
    expect(within(first).getByText('Bravo 1').closest('li')).toHaveTextContent('Correct')
    expect(within(first).getByText('Page 1 · passage 11')).toBeInTheDocument()
    expect(within(first).getByText('Excerpt 1.')).toBeInTheDocument()
    expect(within(first).getByText('Because 1.')).toBeInTheDocument()
    expect(screen.getByText('2 questions were dropped: It repeats another question (2)')).toBeInTheDocument()
    expect(screen.getByLabelText('Quiz Title')).toHaveValue('Plants')
    expect(screen.getByText('3 questions kept')).toBeInTheDocument()
    expect(typeOf(1)).toBe('Four options (A–D)')
  })

  describe('questions of other types (issue 29)', () => {
    const mixed = { questions: mixedQuestions(), quizMetadata }

    it('shows each question’s type and its right answer', async () => {
      await setup({ state: mixed })
      expect(questionTexts()).toEqual(['Question 1?', 'Typed 2?', 'Typed 3?', 'Typed 4?'])
      expect([1, 2, 3, 4].map(typeOf)).toEqual(['Four options (A–D)', 'True or false', 'Type the answer', 'Ordering'])
      expect(within(question(2)).getByText('Right answer:').parentElement).toHaveTextContent('Right answer: True')
      expect(within(question(3)).getByText('Right answer:').parentElement).toHaveTextContent('Right answer: Paris')
      const order = within(question(4)).getByRole('list')
      expect(within(order).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['One', 'Two', 'Three'])
      expect(within(question(4)).getByText('Because 4.')).toBeInTheDocument()
    })

    it('edits a typed question with the fields of its type, checked before it is saved, and publishes its definition', async () => {
      const { user, calls } = await setup({ state: mixed })
      await user.click(screen.getByRole('button', { name: 'Edit question 2' }))
      let form = screen.getByRole('form', { name: 'Edit question' })
      expect(within(form).queryByLabelText('Correct answer')).not.toBeInTheDocument()
      expect(within(form).getByRole('radio', { name: 'True' })).toBeChecked()
      await user.click(within(form).getByRole('radio', { name: 'False' }))
      await user.click(within(form).getByRole('button', { name: 'Save' }))
      expect(within(question(2)).getByText('Right answer:').parentElement).toHaveTextContent('Right answer: False')

      await user.click(screen.getByRole('button', { name: 'Edit question 3' }))
      form = screen.getByRole('form', { name: 'Edit question' })
      await user.clear(within(form).getByLabelText('Accepted answer 1'))
      await user.click(within(form).getByRole('button', { name: 'Save' }))
      const alert = within(form).getByRole('alert')
      expect(alert).toHaveTextContent('Question 3: accepted: give at least one accepted answer')
      expect(alert).toHaveFocus()
      expect(within(form).getByRole('group', { name: 'Accepted answers' })).toHaveAccessibleDescription(
        /Question 3: accepted: give at least one accepted answer/,
      )
      await user.type(within(form).getByLabelText('Accepted answer 1'), 'Paris')
      await user.click(within(form).getByRole('button', { name: 'Add accepted answer' }))
      await user.type(within(form).getByLabelText('Accepted answer 2'), 'Lutetia')
      await user.clear(within(form).getByLabelText('Question text'))
      await user.type(within(form).getByLabelText('Question text'), 'Capital of France?')
      await user.click(within(form).getByRole('button', { name: 'Save' }))
      expect(screen.queryByRole('form', { name: 'Edit question' })).not.toBeInTheDocument()
      expect(within(question(3)).getByText('Right answer:').parentElement).toHaveTextContent('Right answer: Paris or Lutetia')

      await user.click(confirm())
      await screen.findByText('Quiz Created!')
      expect((calls.find((c) => c.path === '/api/generate/gen-1/publish')?.body as { questions: unknown[] }).questions).toEqual([
        { question: 'Question 1?', optionA: 'Alpha 1', optionB: 'Bravo 1', optionC: 'Charlie 1', optionD: 'Delta 1', answer: 'B', explanation: 'Because 1.' },
        { question: 'Typed 2?', definition: { type: 'true_false', answer: false }, explanation: 'Because 2.' },
        {
          question: 'Capital of France?',
          definition: { type: 'type_answer', accepted: ['Paris', 'Lutetia'], case_sensitive: false, accents_matter: false },
          explanation: 'Because 3.',
        },
        { question: 'Typed 4?', definition: ORDERING, explanation: 'Because 4.' },
      ])
    })

    it('deletes a typed question into the list with Undo, which puts it back as it was', async () => {
      const { user } = await setup({ state: mixed })
      await user.click(screen.getByRole('button', { name: 'Delete question 2' }))
      expect(questionTexts()).toEqual(['Question 1?', 'Typed 3?', 'Typed 4?'])
      const deleted = screen.getByRole('list', { name: 'Deleted questions' })
      await user.click(within(within(deleted).getByRole('listitem', { name: 'Typed 2?' })).getByRole('button', { name: 'Undo' }))
      expect(questionTexts()).toEqual(['Question 1?', 'Typed 2?', 'Typed 3?', 'Typed 4?'])
      expect(typeOf(2)).toBe('True or false')
      expect(within(question(2)).getByText('Right answer:').parentElement).toHaveTextContent('Right answer: True')
    })
  })

  it('edits a question; the answer may be the text of an option', async () => {
    const { user } = await setup()
    await user.click(screen.getByRole('button', { name: 'Edit question 2' }))
    const form = screen.getByRole('form', { name: 'Edit question' })
    expect(within(form).getByLabelText('Correct answer')).toHaveValue('B')
    await user.clear(within(form).getByLabelText('Correct answer'))
    await user.type(within(form).getByLabelText('Correct answer'), 'purple')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('The answer must be a letter A to D or the text of one of the options')
    expect(screen.getByRole('button', { name: 'Delete question 1' })).toBeDisabled()
    await user.clear(within(form).getByLabelText('Question text'))
    await user.type(within(form).getByLabelText('Question text'), 'Which one is fourth?')
    await user.clear(within(form).getByLabelText('Correct answer'))
    await user.type(within(form).getByLabelText('Correct answer'), ' delta 2 ')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(screen.queryByRole('form', { name: 'Edit question' })).not.toBeInTheDocument()
    expect(questionTexts()[1]).toBe('Which one is fourth?')
    expect(within(question(2)).getByText('Delta 2').closest('li')).toHaveTextContent('Correct')
  })

  it('cancels an edit', async () => {
    const { user } = await setup()
    await user.click(screen.getByRole('button', { name: 'Edit question 1' }))
    await user.type(screen.getByLabelText('Question text'), ' changed')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(questionTexts()[0]).toBe('Question 1?')
  })

  it('deletes questions into a list with Undo, which puts them back in place', async () => {
    const { user } = await setup()
    await user.click(screen.getByRole('button', { name: 'Delete question 1' }))
    expect(questionTexts()).toEqual(['Question 2?', 'Question 3?'])
    const deleted = screen.getByRole('list', { name: 'Deleted questions' })
    expect(within(deleted).getByRole('listitem', { name: 'Question 1?' })).toBeInTheDocument()
    await user.click(within(deleted).getByRole('button', { name: 'Undo' }))
    expect(questionTexts()).toEqual(['Question 1?', 'Question 2?', 'Question 3?'])
    expect(screen.queryByRole('list', { name: 'Deleted questions' })).not.toBeInTheDocument()
  })

  it("with every question deleted shows 'No Questions Available', keeps Undo and cannot confirm", async () => {
    const { user } = await setup()
    for (let i = 0; i < 3; i += 1) await user.click(screen.getByRole('button', { name: 'Delete question 1' }))
    expect(screen.getByText('No Questions Available')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Generate Quiz' })).toHaveAttribute('href', '/generate')
    expect(confirm()).toBeDisabled()
    const deleted = screen.getByRole('list', { name: 'Deleted questions' })
    await user.click(within(within(deleted).getByRole('listitem', { name: 'Question 2?' })).getByRole('button', { name: 'Undo' }))
    expect(questionTexts()).toEqual(['Question 2?'])
    expect(confirm()).toBeEnabled()
  })

  it("shows 'No Questions Available' when opened without questions or a generation", async () => {
    const { calls } = await setup({ path: '/generate/review', state: null })
    expect(screen.getByText('No Questions Available')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Generate Quiz' })).toHaveAttribute('href', '/generate')
    expect(confirm()).toBeDisabled()
    expect(calls).toHaveLength(0)
  })

  it("publishes the kept questions with the form's settings, says 'Quiz Created!' and goes to My Quizzes", async () => {
    const { user, calls, router } = await setup()
    await user.click(screen.getByRole('button', { name: 'Delete question 3' }))
    await user.click(screen.getByRole('button', { name: 'Edit question 1' }))
    await user.clear(screen.getByLabelText('Correct answer'))
    await user.type(screen.getByLabelText('Correct answer'), 'c')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await user.click(confirm())
    expect(await screen.findByText('Quiz Created!')).toBeInTheDocument()
    const call = calls.find((c) => c.path === '/api/generate/gen-1/publish')
    expect(call?.method).toBe('POST')
    expect(call?.body).toEqual({
      title: 'Plants',
      questions: [1, 2].map((n) => ({
        question: `Question ${n}?`,
        optionA: `Alpha ${n}`,
        optionB: `Bravo ${n}`,
        optionC: `Charlie ${n}`,
        optionD: `Delta ${n}`,
        answer: n === 1 ? 'C' : 'B',
        explanation: `Because ${n}.`,
      })),
      validityOption: '48h',
      timeLimit: 5,
      audienceType: 'open',
    })
    expect(router.state.location.pathname).toBe('/generate/review')
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/myQuizzes'), { timeout: 3000 })
  })

  it('asks for a title before publishing', async () => {
    const { user, calls } = await setup()
    await user.clear(screen.getByLabelText('Quiz Title'))
    await user.click(confirm())
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a quiz title')
    expect(calls.some((c) => c.path.endsWith('/publish'))).toBe(false)
  })

  it('goes to My Quizzes with the error text when publishing fails', async () => {
    const { user, router } = await setup({
      handlers: { 'POST /api/generate/gen-1/publish': { status: 409, body: { error: 'This generation has already been published', code: 'already_published' } } },
    })
    await user.click(confirm())
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/myQuizzes'))
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred while creating the quiz.')
    expect(await screen.findByText('No quizzes available')).toBeInTheDocument()
  })

  describe('after a reload', () => {
    const generation = (body: Record<string, unknown>) => ({
      'GET /api/generate/gen-1': {
        body: { success: true, generationId: 'gen-1', generator: 'offline', requested: 2, questions: [], dropped: [], ...body },
      },
    })

    it('reads the questions back and asks for the title again', async () => {
      const { user, calls } = await setup({
        state: null,
        handlers: generation({ status: 'generated', questions: [generated(1), generated(2)] }),
      })
      await screen.findByRole('list', { name: 'Questions' })
      expect(questionTexts()).toEqual(['Question 1?', 'Question 2?'])
      expect(screen.getByLabelText('Quiz Title')).toHaveValue('')
      await user.click(confirm())
      expect(screen.getByRole('alert')).toHaveTextContent('Please enter a quiz title')
      await user.type(screen.getByLabelText('Quiz Title'), 'Again')
      await user.click(confirm())
      await screen.findByText('Quiz Created!')
      expect(calls.find((c) => c.path === '/api/generate/gen-1/publish')?.body).toMatchObject({
        title: 'Again',
        validityOption: '24h',
        timeLimit: 30,
        audienceType: 'open',
      })
    })

    it('reads questions of every type back', async () => {
      const { user, calls } = await setup({ state: null, handlers: generation({ status: 'generated', title: 'Mixed', questions: mixedQuestions() }) })
      await screen.findByRole('list', { name: 'Questions' })
      expect([1, 2, 3, 4].map(typeOf)).toEqual(['Four options (A–D)', 'True or false', 'Type the answer', 'Ordering'])
      await user.click(confirm())
      await screen.findByText('Quiz Created!')
      const body = calls.find((c) => c.path === '/api/generate/gen-1/publish')?.body as { questions: unknown[] }
      expect(body.questions[1]).toEqual({ question: 'Typed 2?', definition: TRUE_FALSE, explanation: 'Because 2.' })
      expect(body.questions[3]).toEqual({ question: 'Typed 4?', definition: ORDERING, explanation: 'Because 4.' })
    })

    it('says when the quiz is already published', async () => {
      await setup({ state: null, handlers: generation({ status: 'published', quizId: 4 }) })
      expect(await screen.findByText('This quiz has already been published.')).toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'Go to My Quizzes' })).toHaveAttribute('href', '/host/myQuizzes')
    })

    it("shows a failed generation's error", async () => {
      await setup({
        state: null,
        handlers: generation({ status: 'failed', error: 'The document does not have enough text to write questions from' }),
      })
      expect(await screen.findByRole('alert')).toHaveTextContent('The document does not have enough text to write questions from')
      expect(screen.getByRole('link', { name: 'Generate Quiz' })).toHaveAttribute('href', '/generate')
    })

    it('says when the generation cannot be found', async () => {
      await setup({ state: null })
      expect(await screen.findByRole('alert')).toHaveTextContent('Not found')
    })
  })
})
