import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { quizCreated } from '@/features/host/testing/fixtures'
import { mockApi, signInAs, type FakeHandler, type FakeResponse } from '@/testing/test-utils'
import type { QuestionDefinition } from '@/types/api'
import { renderApp } from '../testing/render-app'

const row = (n: number) => ({
  row: n,
  text: `What is ${n}?`,
  optionA: `A${n}`,
  optionB: `B${n}`,
  optionC: `C${n}`,
  optionD: `D${n}`,
  answer: `B${n}`,
  correctLetter: 'B',
  explanation: '',
})

const preview = { success: true, format: 'csv', questions: [row(2), row(3), row(4)], errors: [] }

const created = quizCreated({ questionCount: 3, timeLimit: 45 })

async function setup(overrides: Record<string, FakeHandler | FakeResponse> = {}) {
  const api = mockApi({
    'POST /api/hostQuiz/preview': { body: preview },
    'POST /api/hostQuiz/upload': { status: 201, body: created },
    'GET /api/hostQuiz/myQuizzes': { body: { success: true, data: [] } },
    'GET /api/audience': { body: [{ id: 'l1', name: 'Biology 7B', emails: ['a@b.c'], count: 1 }] },
    ...overrides,
  })
  signInAs()
  const rendered = renderApp('/host/quiz')
  // The page is loaded on first visit.
  await screen.findByRole('heading', { name: 'Host Quiz' })
  return { ...api, ...rendered, user: userEvent.setup() }
}

const csv = () => new File(['Question,Option A,Option B,Option C,Option D,Correct Option Letter\n'], 'quiz.csv', { type: 'text/csv' })
const create = () => screen.getByRole('button', { name: 'Create Quiz' })

async function choose(user: ReturnType<typeof userEvent.setup>, file: File = csv()) {
  await user.upload(screen.getByLabelText('Questions file'), file)
}

describe('/host/quiz', () => {
  it('shows the steps, the tips, the template downloads and the accepted files', async () => {
    await setup()
    expect(screen.getByRole('heading', { name: 'Host Quiz' })).toBeInTheDocument()
    for (const text of ['Download Template (Excel)', 'Fill Template', 'Share Quiz']) expect(screen.getByText(text)).toBeInTheDocument()
    for (const tip of [
      'Keep questions clear and concise',
      'Include a variety of difficulty levels',
      'Double-check answers before uploading',
      'Consider the time limits of the test',
    ])
      expect(screen.getByText(tip)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Download Excel template' })).toHaveAttribute('href', '/api/hostQuiz/template.xlsx')
    expect(screen.getByRole('link', { name: 'Download Excel template' })).toHaveAttribute('download')
    expect(screen.getByRole('link', { name: 'Download CSV template' })).toHaveAttribute('href', '/api/hostQuiz/template.csv')
    expect(screen.getByLabelText('Questions file')).toHaveAttribute('accept', '.xlsx,.xls,.ods,.csv')
    expect(screen.getByLabelText('Time limit (minutes)')).toHaveValue(30)
    expect(screen.getByRole('radio', { name: '24 hours' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Open to all' })).toBeChecked()
  })

  it('previews the chosen file: questions, options, correct answers', async () => {
    const { user, calls } = await setup()
    await choose(user)
    expect(await screen.findByRole('heading', { name: 'Preview: 3 questions found' })).toBeInTheDocument()
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(3)
    expect(within(rows[0]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2', 'What is 2?', 'A2B2C2D2', 'B: B2'])
    const sent = calls.find((c) => c.path === '/api/hostQuiz/preview')
    expect((sent?.form?.get('file') as File).name).toBe('quiz.csv')
    expect(sent?.headers.Authorization).toMatch(/^Bearer /)
  })

  it('previews questions of other types: their type, what they offer and their right answer', async () => {
    const defined = (n: number, text: string, definition: QuestionDefinition) => ({ row: n, text, type: definition.type, definition, explanation: '' })
    const { user } = await setup({
      'POST /api/hostQuiz/preview': {
        body: {
          ...preview,
          questions: [
            row(2),
            defined(3, 'Which are planets?', { type: 'multi_select', options: ['Mars', 'Moon', 'Venus'], right: [0, 2] }),
            defined(4, 'Order them', { type: 'ordering', items: ['Mercury', 'Venus', 'Earth'] }),
            defined(5, 'Sort', { type: 'categorize', groups: ['Fruit', 'Vegetable'], items: [{ text: 'Leek', group: 1 }] }),
            defined(6, 'Tea or coffee?', { type: 'poll', options: ['Tea', 'Coffee'] }),
          ],
        },
      },
    })
    await choose(user)
    await screen.findByRole('heading', { name: 'Preview: 5 questions found' })
    const cells = within(screen.getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((tr) => within(tr).getAllByRole('cell').map((c) => c.textContent))
    expect(cells).toEqual([
      ['2', 'What is 2?', 'A2B2C2D2', 'B: B2'],
      ['3', 'Which are planets?Multiple select', 'MarsMoonVenus', 'Mars, Venus'],
      ['4', 'Order themOrdering', '', 'MercuryVenusEarth'],
      ['5', 'SortCategorize', 'FruitVegetable', 'Leek → Vegetable'],
      ['6', 'Tea or coffee?Poll', 'TeaCoffee', 'Not scored'],
    ])
  })

  it('lists row errors and refuses to create from such a file', async () => {
    const { user, calls } = await setup({
      'POST /api/hostQuiz/preview': {
        body: {
          ...preview,
          errors: [
            { row: 5, message: 'Row 5 is missing one or more required fields' },
            { row: 7, message: 'Row 7 is missing one or more required fields' },
          ],
        },
      },
    })
    await choose(user)
    const list = await screen.findByRole('list', { name: 'Row errors' })
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Row 5 is missing one or more required fields',
      'Row 7 is missing one or more required fields',
    ])
    await user.type(screen.getByLabelText('Quiz Title'), 'Cells')
    await user.click(create())
    expect(screen.getByText('Error with Excel file: Row 5 is missing one or more required fields')).toBeInTheDocument()
    expect(calls.some((c) => c.path === '/api/hostQuiz/upload')).toBe(false)
  })

  it('checks the rules before creating', async () => {
    const { user, calls } = await setup({ 'POST /api/hostQuiz/preview': { body: { ...preview, questions: [] } } })
    await user.click(create())
    expect(screen.getByRole('alert')).toHaveTextContent('Please provide a quiz title and upload a file')
    await user.type(screen.getByLabelText('Quiz Title'), 'Cells')
    await choose(user)
    await screen.findByRole('heading', { name: 'Preview: 0 questions found' })
    await user.click(create())
    expect(screen.getByRole('alert')).toHaveTextContent(
      'No questions found in the uploaded file. Please check the format and try again.',
    )
    expect(calls.some((c) => c.path === '/api/hostQuiz/upload')).toBe(false)
  })

  it('moves focus to the missing field, or to the message, on a failed submit', async () => {
    const { user } = await setup({ 'POST /api/hostQuiz/upload': { status: 402, body: { success: false, code: 'insufficient_tokens', error: 'Not enough tokens' } } })
    await user.click(create())
    const title = screen.getByLabelText('Quiz Title')
    expect(title).toHaveFocus()
    expect(title).toHaveAttribute('aria-invalid', 'true')
    expect(title).toHaveAccessibleDescription('Please provide a quiz title and upload a file')
    await user.type(title, 'Cells')
    await user.click(create())
    expect(screen.getByLabelText('Questions file')).toHaveFocus()
    await choose(user)
    await screen.findByRole('table')
    await user.click(create())
    const alert = await screen.findByRole('alert')
    await waitFor(() => expect(alert).toHaveFocus())
    expect(alert).toHaveTextContent('Failed to create quiz: Not enough tokens')
    expect(screen.getByLabelText('Quiz Title')).not.toHaveAttribute('aria-invalid')
  })

  it('needs a custom date from today on, and emails for the emails audience', async () => {
    const { user } = await setup()
    await user.type(screen.getByLabelText('Quiz Title'), 'Cells')
    await choose(user)
    await screen.findByRole('table')
    await user.click(screen.getByRole('radio', { name: 'Custom date' }))
    const date = screen.getByLabelText('Expiry date')
    const today = date.getAttribute('min') as string
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    await user.click(create())
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a valid date for quiz expiry')
    await user.type(date, '2001-01-01')
    await user.click(create())
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a valid date for quiz expiry')
    await user.click(screen.getByRole('radio', { name: '48 hours' }))
    await user.click(screen.getByRole('radio', { name: 'Specific emails' }))
    await user.type(screen.getByLabelText('Participant emails'), ' , ')
    await user.click(create())
    expect(screen.getByRole('alert')).toHaveTextContent('Please provide email addresses for quiz participants')
  })

  it("creates the quiz, says 'Quiz Created!' and goes to My Quizzes 2 s later", async () => {
    const { user, calls, router } = await setup()
    await user.type(screen.getByLabelText('Quiz Title'), '  Cells  ')
    await choose(user)
    await screen.findByRole('table')
    await user.clear(screen.getByLabelText('Time limit (minutes)'))
    await user.type(screen.getByLabelText('Time limit (minutes)'), '45')
    await user.click(screen.getByRole('radio', { name: 'Specific emails' }))
    await user.type(screen.getByLabelText('Participant emails'), 'ana@example.com, ben@example.com')
    await user.type(screen.getByLabelText('List name'), 'Lab group')
    await user.click(create())
    expect(await screen.findByText('Quiz Created!')).toBeInTheDocument()
    const upload = calls.find((c) => c.path === '/api/hostQuiz/upload')
    const form = upload?.form as FormData
    expect((form.get('file') as File).name).toBe('quiz.csv')
    expect(Object.fromEntries([...form.entries()].filter(([key]) => key !== 'file'))).toEqual({
      title: 'Cells',
      validityOption: '24h',
      timeLimit: '45',
      audienceType: 'emails',
      emails: 'ana@example.com, ben@example.com',
      audienceName: 'Lab group',
    })
    expect(router.state.location.pathname).toBe('/host/quiz')
    await waitFor(() => expect(router.state.location.pathname).toBe('/host/myquizzes'), { timeout: 3000 })
  })

  it('shows the busy label while creating', async () => {
    let finish: (value: FakeResponse) => void = () => undefined
    const { user } = await setup({ 'POST /api/hostQuiz/upload': () => new Promise<FakeResponse>((resolve) => (finish = resolve)) })
    await user.type(screen.getByLabelText('Quiz Title'), 'Cells')
    await choose(user)
    await screen.findByRole('table')
    await user.click(create())
    expect(await screen.findByRole('button', { name: 'Creating Quiz...' })).toBeDisabled()
    expect(screen.getByLabelText('Quiz Title')).toBeDisabled()
    finish({ status: 400, body: { success: false, code: 'validation', error: 'Invalid email address: x', message: 'Invalid email address: x' } })
    expect(await screen.findByText('Failed to create quiz: Invalid email address: x')).toBeInTheDocument()
    expect(create()).toBeEnabled()
  })

  it('links to Pricing when the host has no tokens left', async () => {
    const { user } = await setup({
      'POST /api/hostQuiz/upload': {
        status: 402,
        body: {
          success: false,
          code: 'insufficient_tokens',
          error: 'Not enough tokens: hosting a quiz costs 1 token',
          message: 'Not enough tokens: hosting a quiz costs 1 token',
          details: { balance: 0, needed: 1, pricing: '/pricing' },
        },
      },
    })
    await user.type(screen.getByLabelText('Quiz Title'), 'Cells')
    await choose(user)
    await screen.findByRole('table')
    await user.click(create())
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to create quiz: Not enough tokens: hosting a quiz costs 1 token')
    expect(within(alert).getByRole('link', { name: /Buy tokens/ })).toHaveAttribute('href', '/pricing')
  })

  it('says when no response arrives', async () => {
    const { user } = await setup({
      'POST /api/hostQuiz/upload': () => {
        throw new TypeError('Failed to fetch')
      },
    })
    await user.type(screen.getByLabelText('Quiz Title'), 'Cells')
    await choose(user)
    await screen.findByRole('table')
    await user.click(create())
    expect(await screen.findByText('Failed to create quiz: Network error')).toBeInTheDocument()
  })

  it('loads saved audience lists and sends the chosen one', async () => {
    const { user, calls } = await setup()
    await user.type(screen.getByLabelText('Quiz Title'), 'Cells')
    await choose(user)
    await screen.findByRole('table')
    expect(calls.some((c) => c.path === '/api/audience')).toBe(false)
    await user.click(screen.getByRole('radio', { name: 'Saved audience list' }))
    const select = await screen.findByLabelText('Audience list')
    expect(screen.getByRole('link', { name: 'Manage audience lists' })).toHaveAttribute('href', '/host/audience')
    await user.click(create())
    expect(screen.getByRole('alert')).toHaveTextContent('Please select an audience list')
    await user.selectOptions(select, 'l1')
    await user.click(create())
    await screen.findByText('Quiz Created!')
    const form = calls.find((c) => c.path === '/api/hostQuiz/upload')?.form as FormData
    expect(form.get('audienceType')).toBe('list')
    expect(form.get('audienceListId')).toBe('l1')
  })

  it('says when the audience lists cannot be loaded, and retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let fail = true
    const { user } = await setup({
      'GET /api/audience': () => (fail ? { status: 500, body: { error: 'boom' } } : { body: [{ id: 'l2', name: 'Team' }] }),
    })
    await user.click(screen.getByRole('radio', { name: 'Saved audience list' }))
    expect(await screen.findByText('Failed to load audience lists. Please try again.')).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('option', { name: 'Team' })).toBeInTheDocument()
  })
})
