import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { generateResponse } from '@/features/generate/testing/fixtures'
import { mockApi, signInAs, type FakeHandler, type FakeResponse } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

async function setup(overrides: Record<string, FakeHandler | FakeResponse> = {}, path = '/generate/quiz') {
  const api = mockApi({
    'POST /api/generate/keyword': { status: 201, body: generateResponse(3) },
    'POST /api/generate/file': { status: 201, body: generateResponse(3) },
    'GET /api/audience': { body: [{ id: 'l1', name: 'Biology 7B' }] },
    ...overrides,
  })
  signInAs()
  const rendered = renderApp(path)
  await screen.findByRole('heading', { name: 'Generate Quiz' })
  // The picker's accept list is not applied, so the form's own type check can be seen.
  return { ...api, ...rendered, user: userEvent.setup({ applyAccept: false }) }
}

const pdf = (name = 'notes.pdf', type = 'application/pdf') => new File(['%PDF-1.4'], name, { type })
const generate = () => screen.getByRole('button', { name: 'Generate Quiz' })
const DEFAULT_TYPES = ['single_choice', 'true_false', 'multi_select', 'type_answer', 'ordering', 'matching']
const picker = () => screen.getByLabelText('Lecture file') as HTMLInputElement

describe('/generate/quiz', () => {
  it('shows the form; /generate is the same page', async () => {
    await setup({}, '/generate')
    expect(screen.getByLabelText('Quiz Title')).toBeInTheDocument()
    expect(screen.getByLabelText('Topics or text')).toBeInTheDocument()
    expect(picker()).toHaveAttribute('accept', '.pdf,.doc,.docx,.txt,.md')
    expect(screen.getByLabelText('Time limit (minutes)')).toHaveValue(null)
    expect(screen.getByRole('radio', { name: '24 hours' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Open to all' })).toBeChecked()
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveTextContent('My Quizzes')
  })

  it('offers every generatable question type, a mix checked', async () => {
    await setup()
    const group = screen.getByRole('group', { name: 'Question types' })
    const boxes = within(group).getAllByRole('checkbox')
    expect(boxes.map((box) => [box.parentElement?.textContent, (box as HTMLInputElement).checked])).toEqual([
      ['Four options (A–D)', true],
      ['True or false', true],
      ['Multiple select', true],
      ['Type the answer', true],
      ['Number', false],
      ['Ordering', true],
      ['Matching', true],
      ['Categorize', false],
      ['Fill in the gaps', false],
    ])
  })

  it('refuses to generate with no question type, focusing the error, and sends the types chosen', async () => {
    const { user, calls } = await setup()
    await user.type(screen.getByLabelText('Quiz Title'), 'History')
    await user.type(screen.getByLabelText('Topics or text'), 'world history')
    const group = screen.getByRole('group', { name: 'Question types' })
    for (const box of within(group).getAllByRole('checkbox', { checked: true })) await user.click(box)
    await user.click(generate())
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one question type')
    expect(screen.getByRole('alert')).toHaveFocus()
    expect(calls.some((c) => c.path.startsWith('/api/generate'))).toBe(false)
    await user.click(within(group).getByRole('checkbox', { name: 'Fill in the gaps' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await user.click(within(group).getByRole('checkbox', { name: 'True or false' }))
    await user.click(within(group).getByRole('checkbox', { name: 'Number' }))
    await user.click(generate())
    await screen.findByRole('heading', { name: 'Review Questions' })
    expect(calls.find((c) => c.path === '/api/generate/keyword')?.body).toEqual({
      keyword: 'world history',
      title: 'History',
      types: ['true_false', 'numeric', 'gaps'],
    })
  })

  it('sends the types chosen with a file, joined by commas', async () => {
    const { user, calls } = await setup()
    await user.type(screen.getByLabelText('Quiz Title'), 'Plants')
    await user.upload(picker(), pdf())
    const group = screen.getByRole('group', { name: 'Question types' })
    for (const name of ['Multiple select', 'Ordering', 'Matching']) await user.click(within(group).getByRole('checkbox', { name }))
    await user.click(generate())
    await screen.findByRole('heading', { name: 'Review Questions' })
    const form = calls.find((c) => c.path === '/api/generate/file')?.form as FormData
    expect(form.get('types')).toBe('single_choice,true_false,type_answer')
  })

  it("shows the server's refusal of an unknown question type as the form's error", async () => {
    const { user } = await setup({
      'POST /api/generate/keyword': {
        status: 400,
        body: { error: "Unknown question type 'slider': choose from single_choice, true_false", code: 'validation' },
      },
    })
    await user.type(screen.getByLabelText('Quiz Title'), 'Plants')
    await user.type(screen.getByLabelText('Topics or text'), 'leaves')
    await user.click(generate())
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Failed to generate quiz: Unknown question type 'slider': choose from single_choice, true_false",
    )
  })

  it('checks title, content, file type, file size and the settings in that order', async () => {
    const { user, calls } = await setup()
    await user.click(generate())
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a quiz title')
    await user.type(screen.getByLabelText('Quiz Title'), 'Plants')
    await user.click(generate())
    expect(screen.getByRole('alert')).toHaveTextContent('Please either enter text content or upload a file')
    await user.upload(picker(), pdf('sheet.xlsx', 'application/vnd.ms-excel'))
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid file type. Please upload PDF, Word, or text files only.')
    const big = pdf('big.pdf')
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 })
    await user.upload(picker(), big)
    expect(screen.getByRole('alert')).toHaveTextContent('File is too large. Please upload a file smaller than 10MB.')
    await user.click(generate())
    expect(screen.getByRole('alert')).toHaveTextContent('File is too large. Please upload a file smaller than 10MB.')
    await user.upload(picker(), pdf())
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Custom date' }))
    await user.click(generate())
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a valid date for quiz expiry')
    await user.click(screen.getByRole('radio', { name: '48 hours' }))
    await user.click(screen.getByRole('radio', { name: 'Specific emails' }))
    await user.click(generate())
    expect(screen.getByRole('alert')).toHaveTextContent('Please provide email addresses for quiz participants')
    await user.click(screen.getByRole('radio', { name: 'Saved audience list' }))
    await screen.findByLabelText('Audience list')
    await user.click(generate())
    expect(screen.getByRole('alert')).toHaveTextContent('Please select an audience list')
    expect(calls.some((c) => c.path.startsWith('/api/generate'))).toBe(false)
  })

  it('typing topics removes the chosen file and empties the picker', async () => {
    const { user } = await setup()
    await user.upload(picker(), pdf())
    expect(screen.getByText(/Chosen: notes\.pdf/)).toBeInTheDocument()
    expect(picker().files).toHaveLength(1)
    await user.type(screen.getByLabelText('Topics or text'), 'c')
    expect(screen.queryByText(/Chosen:/)).not.toBeInTheDocument()
    expect(picker().value).toBe('')
  })

  it('generates from topics and opens the review with the questions', async () => {
    const { user, calls, router } = await setup()
    await user.type(screen.getByLabelText('Quiz Title'), ' Plants ')
    await user.type(screen.getByLabelText('Topics or text'), 'photosynthesis, chlorophyll')
    await user.type(screen.getByLabelText('Time limit (minutes)'), '3')
    await user.click(generate())
    await waitFor(() => expect(router.state.location.pathname).toBe('/generate/review'))
    const call = calls.find((c) => c.path === '/api/generate/keyword')
    expect(call?.body).toEqual({ keyword: 'photosynthesis, chlorophyll', title: 'Plants', numberOfQuestions: 3, types: DEFAULT_TYPES })
    expect(call?.headers.Authorization).toMatch(/^Bearer /)
    expect(router.state.location.search).toBe('?generation=gen-1')
    expect(router.state.location.state).toMatchObject({
      questions: generateResponse(3).questions,
      quizMetadata: { title: 'Plants', timeLimit: 3, validityOption: '24h', audienceType: 'open', generationId: 'gen-1', requested: 5 },
    })
    const list = await screen.findByRole('list', { name: 'Questions' })
    expect(within(list).getAllByRole('listitem', { name: /^Question \d$/ })).toHaveLength(3)
  })

  it('leaves out the question count when the time limit is empty', async () => {
    const { user, calls } = await setup()
    await user.type(screen.getByLabelText('Quiz Title'), 'Plants')
    await user.type(screen.getByLabelText('Topics or text'), 'leaves')
    await user.click(generate())
    await screen.findByRole('heading', { name: 'Review Questions' })
    expect(calls.find((c) => c.path === '/api/generate/keyword')?.body).toEqual({ keyword: 'leaves', title: 'Plants', types: DEFAULT_TYPES })
  })

  it('generates from a file with the topics as the prompt, and shows progress meanwhile', async () => {
    let finish: (value: FakeResponse) => void = () => undefined
    const { user, calls } = await setup({ 'POST /api/generate/file': () => new Promise<FakeResponse>((resolve) => (finish = resolve)) })
    await user.type(screen.getByLabelText('Quiz Title'), 'Plants')
    await user.type(screen.getByLabelText('Topics or text'), 'the light reactions')
    await user.upload(picker(), pdf())
    await user.type(screen.getByLabelText('Time limit (minutes)'), '5')
    await user.click(screen.getByRole('radio', { name: 'Custom date' }))
    await user.type(screen.getByLabelText('Expiry date'), '2099-12-31')
    await user.click(generate())
    expect(await screen.findByRole('status')).toHaveTextContent('Generating questions…')
    expect(screen.getByRole('button', { name: 'Generating...' })).toBeDisabled()
    expect(screen.getByLabelText('Quiz Title')).toBeDisabled()
    const form = calls.find((c) => c.path === '/api/generate/file')?.form as FormData
    expect((form.get('file') as File).name).toBe('notes.pdf')
    const fields = Object.fromEntries([...form.entries()].filter(([key]) => key !== 'file'))
    expect(fields).toEqual({
      title: 'Plants',
      prompt: 'the light reactions',
      numberOfQuestions: '5',
      validityOption: 'custom',
      customDate: new Date(2099, 11, 31, 23, 59, 59).toISOString(),
      types: DEFAULT_TYPES.join(','),
    })
    finish({ status: 201, body: generateResponse(5) })
    expect(await screen.findByRole('heading', { name: 'Review Questions' })).toBeInTheDocument()
  })

  it('sends no prompt or custom date the file call does not need', async () => {
    const { user, calls } = await setup()
    await user.type(screen.getByLabelText('Quiz Title'), 'Plants')
    await user.upload(picker(), pdf())
    await user.click(generate())
    await screen.findByRole('heading', { name: 'Review Questions' })
    const form = calls.find((c) => c.path === '/api/generate/file')?.form as FormData
    expect([...form.keys()]).toEqual(['file', 'title', 'validityOption', 'types'])
  })

  it("shows the server's error, mentions a refund, and links to Pricing when tokens are short", async () => {
    let answer: FakeResponse = {
      status: 504,
      body: {
        error: 'The question generator did not answer within 60 s',
        code: 'generator_timeout',
        details: { generationId: 'g', refunded: 5, balance: 5 },
      },
    }
    const { user } = await setup({ 'POST /api/generate/keyword': () => answer })
    await user.type(screen.getByLabelText('Quiz Title'), 'Plants')
    await user.type(screen.getByLabelText('Topics or text'), 'leaves')
    await user.click(generate())
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to generate quiz: The question generator did not answer within 60 s Your 5 tokens were refunded.',
    )
    expect(generate()).toBeEnabled()
    answer = {
      status: 402,
      body: {
        error: 'Generating a quiz costs 5 tokens and you have 0. Buy tokens on the pricing page.',
        code: 'insufficient_tokens',
        details: { balance: 0, needed: 5, pricing: '/pricing' },
      },
    }
    await user.click(generate())
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Failed to generate quiz: Generating a quiz costs 5 tokens and you have 0. Buy tokens on the pricing page.',
      ),
    )
    expect(within(screen.getByRole('alert')).getByRole('link', { name: /Buy tokens/ })).toHaveAttribute('href', '/pricing')
  })

  it('falls back to the call’s own text when the server gives none', async () => {
    const { user } = await setup({ 'POST /api/generate/file': { status: 500, text: '' } })
    await user.type(screen.getByLabelText('Quiz Title'), 'Plants')
    await user.upload(picker(), pdf())
    await user.click(generate())
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to generate quiz from file$/)
  })
})
