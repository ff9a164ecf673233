/** /play/quiz with questions of every type (issue 29); A–D play is play-quiz.test.tsx. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeWebSocket } from '@/testing/fake-websocket'
import { servedImage, servedVideo } from '@/testing/media-fixtures'
import { mockApi, signInAs, type FakeHandler, type FakeResponse } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

const questions = [
  { id: 1, text: 'Which letter is B?', optionA: 'Alpha', optionB: 'Bravo', optionC: 'Charlie', optionD: 'Delta' },
  { id: 2, text: 'How fast does a dropped stone speed up?', type: 'numeric', unit: 'm/s²' },
  { id: 3, text: 'Nearest the Sun first', type: 'ordering', items: ['Venus', 'Mercury', 'Earth'] },
  { id: 4, text: 'Well done so far', type: 'slide' },
]

const attempt = {
  attemptId: 'att-1',
  categoryId: 7,
  timeLimit: 10,
  startedAt: '2026-01-01T10:00:00Z',
  deadline: '2026-01-01T10:10:00Z',
  remainingMs: 600_000,
  answers: [] as unknown[],
  resumed: false,
}

const scoreResult = {
  attemptId: 'att-1',
  score: 1,
  points: 15,
  total: 3,
  message: "Keep learning! You'll do better next time.",
  feedback: [
    {
      id: 1,
      questionText: 'Which letter is B?',
      optionA: 'Alpha',
      optionB: 'Bravo',
      optionC: 'Charlie',
      optionD: 'Delta',
      correctAnswer: 'B',
      userAnswer: null,
      isCorrect: false,
      explanation: '',
    },
    {
      id: 2,
      questionText: 'How fast does a dropped stone speed up?',
      type: 'numeric',
      definition: { type: 'numeric', answer: 9.81, tolerance: { kind: 'absolute', value: 0.05 }, unit: 'm/s²' },
      response: { number: 9.8 },
      f: 1,
      isCorrect: true,
      explanation: '',
    },
    {
      id: 3,
      questionText: 'Nearest the Sun first',
      type: 'ordering',
      definition: { type: 'ordering', items: ['Mercury', 'Venus', 'Earth'], partial: true },
      response: { order: [0, 1, 2] },
      f: 0.5,
      isCorrect: false,
      explanation: '',
    },
  ],
}

function setup(overrides: Record<string, FakeHandler | FakeResponse> = {}) {
  const api = mockApi({
    'GET /api/question/7': { body: { questions, time_limit: 10 } },
    'POST /api/attempt/start': { body: attempt },
    'PUT /api/attempt/att-1/answer': { body: { saved: true, remainingMs: 590_000 } },
    'POST /api/question/score': { body: scoreResult },
    'GET /api/leaderboard': { body: [] },
    ...overrides,
  })
  signInAs()
  return { ...api, ...renderApp('/play/quiz', { state: { category_id: 7, category_name: 'Physics' } }) }
}

const saves = (calls: ReturnType<typeof setup>['calls']) => calls.filter((c) => c.method === 'PUT').map((c) => c.body)
const grid = () => screen.getByRole('navigation', { name: 'Questions' })

describe('/play/quiz with questions of every type', () => {
  beforeEach(() => {
    installFakeWebSocket()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('plays a number, an ordering and a slide by keyboard, reviews them, submits and reads the feedback', async () => {
    const { calls } = setup()
    const user = userEvent.setup()
    await screen.findByText('Which letter is B?')
    await user.keyboard('{ArrowRight}')
    const field = await screen.findByRole('textbox', { name: 'Your answer (in m/s²)' })
    // Keys A–D answer only questions A–D.
    await user.keyboard('b')
    expect(field).toHaveValue('')
    await user.click(field)
    // In a field the keys are the field's: typing and the arrows stay there.
    await user.keyboard('9,8{ArrowLeft}{ArrowRight}')
    expect(field).toHaveValue('9,8')
    expect(screen.getByText('Question 2 of 4')).toBeInTheDocument()
    expect(within(grid()).getByRole('button', { name: 'Question 2: Answered' })).toBeInTheDocument()
    await waitFor(() => expect(saves(calls)).toEqual([{ questionId: 2, response: { number: 9.8 }, marked: false }]))

    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.click(await screen.findByRole('button', { name: 'Move down Venus' }))
    expect(screen.getByRole('button', { name: 'Move down Venus' })).toHaveFocus()
    await waitFor(() => expect(saves(calls).at(-1)).toEqual({ questionId: 3, response: { order: [1, 0, 2] }, marked: false }))
    // Clear answer puts the items back as served and focus on the question.
    await user.click(screen.getByRole('button', { name: 'Clear answer' }))
    expect(screen.getByRole('heading', { name: 'Nearest the Sun first' })).toHaveFocus()
    expect(within(grid()).getByRole('button', { name: 'Question 3: Not answered' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Move down Venus' }))

    await user.keyboard('{ArrowRight}')
    expect(await screen.findByText('Nothing to answer here: read it, then go on.')).toBeInTheDocument()
    expect(within(grid()).getByRole('button', { name: 'Question 4: Nothing to answer' })).toHaveAttribute('aria-current', 'step')
    expect(screen.queryByRole('button', { name: 'Clear answer' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Finish' }))
    const summary = screen.getByRole('region', { name: 'Review Summary' })
    expect(within(summary).getByText('2 answered')).toBeInTheDocument()
    expect(within(summary).getByText('1 not answered')).toBeInTheDocument()
    expect(within(summary).getByRole('button', { name: /stone speed up/ })).toHaveTextContent('Answered (9.8 m/s²)')
    expect(within(summary).getByRole('button', { name: /Nearest the Sun/ })).toHaveTextContent('Answered (Mercury, Venus, Earth)')
    await user.click(within(summary).getByRole('button', { name: 'Submit Quiz' }))

    expect(await screen.findByRole('heading', { name: 'Quiz Results' })).toBeInTheDocument()
    expect(calls.find((c) => c.path === '/api/question/score')?.body).toEqual({
      userId: 'u1',
      categoryId: 7,
      answers: [
        { questionId: 1, status: 'incomplete' },
        { questionId: 2, response: { number: 9.8 } },
        { questionId: 3, response: { order: [1, 0, 2] } },
        { questionId: 4, response: null },
      ],
    })
    const feedback = screen.getByRole('region', { name: 'Feedback' })
    expect(feedback).toHaveTextContent('Your answer: 9.8 m/s²')
    expect(feedback).toHaveTextContent('Right answer: 9.81 m/s² (± 0.05)')
    expect(within(feedback).getByText('Half right')).toBeInTheDocument()
  })

  it("shows the server's refusal of a save beside the question and keeps the answer", async () => {
    setup({
      'PUT /api/attempt/att-1/answer': { status: 400, body: { error: 'Question 2: this question takes a number', code: 'invalid_response' } },
    })
    const user = userEvent.setup()
    await screen.findByText('Which letter is B?')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.type(await screen.findByRole('textbox', { name: 'Your answer (in m/s²)' }), '12')
    const question = screen.getByRole('region', { name: 'How fast does a dropped stone speed up?' })
    expect(await within(question).findByRole('alert')).toHaveTextContent('Question 2: this question takes a number')
    expect(screen.getByRole('textbox', { name: 'Your answer (in m/s²)' })).toHaveValue('12')
    expect(within(grid()).getByRole('button', { name: 'Question 2: Answered' })).toBeInTheDocument()
  })

  it('resumes responses as they were saved', async () => {
    setup({
      'POST /api/attempt/start': {
        body: {
          ...attempt,
          resumed: true,
          answers: [
            { questionId: 2, answer: null, response: { number: 9.81 }, marked: false },
            { questionId: 3, answer: null, response: { order: [2, 1, 0] }, marked: true },
          ],
        },
      },
    })
    const user = userEvent.setup()
    await screen.findByText('Which letter is B?')
    expect(within(grid()).getByRole('button', { name: 'Question 2: Answered' })).toBeInTheDocument()
    expect(within(grid()).getByRole('button', { name: 'Question 3: Marked for review' })).toBeInTheDocument()
    await user.keyboard('{ArrowRight}')
    expect(await screen.findByRole('textbox', { name: 'Your answer (in m/s²)' })).toHaveValue('9.81')
    await user.keyboard('{ArrowRight}')
    const items = await screen.findAllByText(/^(Venus|Mercury|Earth)$/)
    expect(items.map((item) => item.textContent)).toEqual(['Earth', 'Mercury', 'Venus'])
  })

  it('shows a question’s picture or video under its text, loaded when needed, never playing by itself (issue 30)', async () => {
    const withMedia = [
      { ...questions[0], media: servedImage },
      { ...questions[1], media: servedVideo },
      ...questions.slice(2),
    ]
    setup({ 'GET /api/question/7': { body: { questions: withMedia, time_limit: 10 } } })
    const user = userEvent.setup()
    const picture = await screen.findByRole('img', { name: 'A map of Europe with France shaded' })
    expect(picture).toHaveAttribute('src', servedImage.phone.url)
    expect(picture.compareDocumentPosition(screen.getByRole('heading', { name: 'Which letter is B?' }))).toBe(Node.DOCUMENT_POSITION_PRECEDING)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    const media = await screen.findByTestId('question-media')
    expect(media.querySelector('video')).toHaveAttribute('controls')
    expect(media.querySelector('[autoplay]')).toBeNull()
    expect(within(media).getByText('Transcript')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByRole('button', { name: 'Move down Venus' })
    expect(screen.queryByTestId('question-media')).toBeNull()
  })

  it('points at a hotspot’s picture (shown once), saves the point or a place by name, and shows it on the picture in the feedback (issue 30)', async () => {
    const hotspot = { id: 5, text: 'Where is Paris?', type: 'hotspot', regions: ['Lyon', 'Paris'], media: servedImage }
    const definition = {
      type: 'hotspot',
      regions: [
        { name: 'Lyon', right: false, shape: { kind: 'rect', x: 0.5, y: 0.5, w: 0.2, h: 0.2 } },
        { name: 'Paris', right: true, shape: { kind: 'circle', x: 0.3, y: 0.25, r: 0.05 } },
      ],
      aspect: 4 / 3,
    }
    const { calls } = setup({
      'GET /api/question/7': { body: { questions: [hotspot, questions[3]], time_limit: 10 } },
      'POST /api/question/score': {
        body: {
          ...scoreResult,
          score: 1,
          total: 1,
          feedback: [{ id: 5, questionText: 'Where is Paris?', type: 'hotspot', definition, response: { point: [0.3, 0.25] }, f: 1, isCorrect: true, explanation: '' }],
        },
      },
    })
    const user = userEvent.setup()
    const target = await screen.findByRole('group', { name: 'Picture: tap or click a point; or choose a place by name below' })
    expect(screen.getAllByRole('img', { name: servedImage.alt })).toHaveLength(1)
    expect(screen.queryByTestId('question-media')).toBeNull()
    vi.spyOn(screen.getByTestId('hotspot-box'), 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 300, height: 400 }))
    fireEvent.click(within(target).getByRole('img', { name: servedImage.alt }), { clientX: 90, clientY: 100 })
    await waitFor(() => expect(saves(calls).at(-1)).toEqual({ questionId: 5, response: { point: [0.3, 0.25] }, marked: false }))
    await user.click(screen.getByRole('radio', { name: 'Lyon' }))
    await waitFor(() => expect(saves(calls).at(-1)).toEqual({ questionId: 5, response: { region: 0 }, marked: false }))
    fireEvent.click(within(target).getByRole('img', { name: servedImage.alt }), { clientX: 90, clientY: 100 })

    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.click(screen.getByRole('button', { name: 'Finish' }))
    const summary = screen.getByRole('region', { name: 'Review Summary' })
    expect(within(summary).getByRole('button', { name: /Where is Paris/ })).toHaveTextContent('Answered (A point on the picture)')
    await user.click(within(summary).getByRole('button', { name: 'Submit Quiz' }))

    const feedback = await screen.findByRole('region', { name: 'Feedback' })
    expect(feedback).toHaveTextContent('Right answer: Paris')
    expect(await within(feedback).findByText('Your point: in Paris')).toBeInTheDocument()
    // The picture played comes with the feedback, the regions drawn on it.
    expect(within(feedback).getByRole('img', { name: servedImage.alt })).toHaveAttribute('src', servedImage.phone.url)
    expect(within(feedback).getByTestId('hotspot-point')).toHaveStyle({ left: '30%', top: '25%' })
  })
})
