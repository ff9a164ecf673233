import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeWebSocket, installFakeWebSocket } from '@/testing/fake-websocket'
import { mockApi, signInAs, type FakeHandler, type FakeResponse } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

const questions = [1, 2, 3].map((id) => ({
  id,
  text: `Question number ${id}?`,
  optionA: `Alpha ${id}`,
  optionB: `Bravo ${id}`,
  optionC: `Charlie ${id}`,
  optionD: `Delta ${id}`,
}))

const attempt = {
  attemptId: 'att-1',
  categoryId: 7,
  timeLimit: 10,
  startedAt: '2026-01-01T10:00:00Z',
  deadline: '2026-01-01T10:10:00Z',
  remainingMs: 600_000,
  answers: [] as Array<{ questionId: number; answer: string | null; marked: boolean }>,
  resumed: false,
}

const scoreResult = {
  attemptId: 'att-1',
  score: 1,
  points: 10,
  total: 3,
  message: "Keep learning! You'll do better next time.",
  feedback: questions.map((q, i) => ({
    id: q.id,
    questionText: q.text,
    optionA: q.optionA,
    optionB: q.optionB,
    optionC: q.optionC,
    optionD: q.optionD,
    correctAnswer: 'B',
    userAnswer: i === 0 ? 'B' : null,
    isCorrect: i === 0,
    explanation: `Because ${q.id}.`,
  })),
}

function setup(overrides: Record<string, FakeHandler | FakeResponse> = {}, state: unknown = { category_id: 7, category_name: 'Chemistry' }) {
  const api = mockApi({
    'GET /api/question/7': { body: { questions, time_limit: 10 } },
    'POST /api/attempt/start': { body: attempt },
    'PUT /api/attempt/att-1/answer': { body: { saved: true, remainingMs: 590_000 } },
    'POST /api/question/score': { body: scoreResult },
    'GET /api/leaderboard': { body: [] },
    'GET /api/categories': { body: [] },
    ...overrides,
  })
  signInAs()
  const rendered = renderApp('/play/quiz', { state })
  return { ...api, ...rendered }
}

const option = (name: RegExp) => screen.getByRole('button', { name })
const saves = (calls: ReturnType<typeof setup>['calls']) => calls.filter((c) => c.method === 'PUT').map((c) => c.body)

describe('/play/quiz', () => {
  beforeEach(() => {
    installFakeWebSocket()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('asks for a category when none was chosen', async () => {
    const { calls } = setup({}, null)
    expect(await screen.findByText('No category selected. Please select a category.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Categories' })).toHaveAttribute('href', '/play/categories')
    expect(calls.filter((c) => c.path.startsWith('/api/question'))).toHaveLength(0)
  })

  it('says when the category has no questions', async () => {
    setup({ 'GET /api/question/7': { status: 404, body: { error: 'No questions found for this category.', code: 'not_found' } } })
    expect(await screen.findByText('No questions found for this category.')).toBeInTheDocument()
  })

  it('rejects invalid quiz data', async () => {
    setup({ 'GET /api/question/7': { body: { questions: 'nope' } } })
    expect(await screen.findByText('Invalid quiz data received. Please try again.')).toBeInTheDocument()
  })

  it('plays with the keyboard and the mouse, reviews, submits and shows the result', async () => {
    const { calls, router } = setup()
    const user = userEvent.setup()
    expect(await screen.findByText('Question number 1?')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Chemistry' })).toBeInTheDocument()
    expect(screen.getByText('Question 1 of 3')).toBeInTheDocument()
    expect(screen.getByTestId('quiz-timer')).toHaveTextContent(/^00:(10:00|09:5\d)$/)

    await user.keyboard('b')
    expect(option(/Bravo 1/)).toHaveAttribute('aria-pressed', 'true')
    await user.keyboard('{ArrowRight}')
    expect(screen.getByText('Question number 2?')).toBeInTheDocument()
    await user.click(option(/Charlie 2/))
    expect(option(/Charlie 2/)).toHaveAttribute('aria-pressed', 'true')
    await user.click(option(/Charlie 2/))
    expect(option(/Charlie 2/)).toHaveAttribute('aria-pressed', 'false')
    await user.keyboard('D')
    await user.click(screen.getByRole('button', { name: 'Mark for review' }))
    expect(screen.getByText('Marked for review', { selector: '.status-pill' })).toBeInTheDocument()
    await user.keyboard('{ArrowLeft}')
    expect(screen.getByText('Question number 1?')).toBeInTheDocument()

    const grid = screen.getByRole('navigation', { name: 'Questions' })
    expect(within(grid).getByRole('button', { name: 'Question 1: Answered' })).toHaveAttribute('aria-current', 'step')
    expect(within(grid).getByRole('button', { name: 'Question 2: Marked for review' })).toBeInTheDocument()
    expect(within(grid).getByRole('button', { name: 'Question 3: Not answered' })).toBeInTheDocument()

    await waitFor(() =>
      expect(saves(calls)).toEqual([
        { questionId: 1, answer: 'B', marked: false },
        { questionId: 2, answer: 'C', marked: false },
        { questionId: 2, answer: null, marked: false },
        { questionId: 2, answer: 'D', marked: false },
        { questionId: 2, answer: 'D', marked: true },
      ]),
    )
    expect(calls.find((c) => c.method === 'PUT')?.headers.Authorization).toMatch(/^Bearer /)

    await user.click(screen.getByRole('button', { name: 'Review & Submit' }))
    const summary = screen.getByRole('region', { name: 'Review Summary' })
    expect(within(summary).getByText('1 answered')).toBeInTheDocument()
    expect(within(summary).getByText('1 marked for review')).toBeInTheDocument()
    expect(within(summary).getByText('1 not answered')).toBeInTheDocument()
    // Revisit question 3 from the summary, answer it, then come back.
    await user.click(within(summary).getByRole('button', { name: /Question number 3\?/ }))
    expect(screen.getByText('Question 3 of 3')).toBeInTheDocument()
    await user.keyboard('a')
    await user.click(screen.getByRole('button', { name: 'Finish' }))
    await user.click(screen.getByRole('button', { name: 'Submit Quiz' }))

    expect(await screen.findByRole('heading', { name: 'Quiz Results' })).toBeInTheDocument()
    const score = calls.find((c) => c.method === 'POST' && c.path === '/api/question/score')
    expect(score?.body).toEqual({
      userId: 'u1',
      categoryId: 7,
      answers: [
        { questionId: 1, status: 'B' },
        { questionId: 2, status: 'incomplete' },
        { questionId: 3, status: 'A' },
      ],
    })
    expect(screen.getByTestId('result-score')).toHaveTextContent('1 / 3')
    expect(screen.getByTestId('result-points')).toHaveTextContent('10')
    expect(screen.getByText("Keep learning! You'll do better next time.")).toBeInTheDocument()
    expect(screen.getByText('Because 1.')).toBeInTheDocument()
    expect(screen.getAllByText('Correct', { selector: '.status-pill' })).toHaveLength(1)
    // The old client's leaderboard update is never sent: the server records points itself.
    expect(calls.some((c) => c.path === '/api/leaderboard/updateScore')).toBe(false)

    await user.click(screen.getByRole('button', { name: 'View Leaderboard' }))
    expect(router.state.location.pathname).toBe('/play/leaderboard')
  })

  it('says each change in a status region and moves focus into the summary, back, and to the result', async () => {
    setup()
    const user = userEvent.setup()
    await screen.findByText('Question number 1?')
    const status = screen.getByTestId('quiz-status')
    expect(status).toHaveAttribute('role', 'status')

    await user.keyboard('b')
    expect(status).toHaveTextContent('Option B selected for question 1.')
    await user.click(screen.getByRole('button', { name: 'Mark for review' }))
    expect(status).toHaveTextContent('Question 1 marked for review.')
    await user.click(option(/Bravo 1/))
    expect(status).toHaveTextContent('Answer cleared for question 1.')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(status).toHaveTextContent('Now on question 2 (of 3).')

    // Previous on question 2 goes to question 1, where Previous is disabled: focus moves to Next.
    await user.click(screen.getByRole('button', { name: 'Previous' }))
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus()

    // The review summary takes focus and gives it back to the button that opened it.
    await user.click(screen.getByRole('button', { name: 'Review & Submit' }))
    expect(screen.getByRole('heading', { name: 'Review Summary' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Back to Quiz' }))
    expect(screen.getByRole('button', { name: 'Review & Submit' })).toHaveFocus()
    await user.keyboard('{ArrowRight}{ArrowRight}')
    await user.click(screen.getByRole('button', { name: 'Finish' }))
    await user.click(within(screen.getByRole('region', { name: 'Review Summary' })).getByRole('button', { name: /Question number 2\?/ }))
    expect(screen.getByRole('heading', { name: 'Question number 2?' })).toHaveFocus()
    await user.keyboard('{ArrowRight}')
    await user.click(screen.getByRole('button', { name: 'Finish' }))
    await user.click(screen.getByRole('button', { name: 'Back to Quiz' }))
    expect(screen.getByRole('button', { name: 'Finish' })).toHaveFocus()

    await user.click(screen.getByRole('button', { name: 'Finish' }))
    await user.click(screen.getByRole('button', { name: 'Submit Quiz' }))
    const heading = await screen.findByRole('heading', { name: 'Quiz Results' })
    await waitFor(() => expect(heading).toHaveFocus())
    expect(screen.getByTestId('quiz-status')).toHaveTextContent('Quiz submitted. You scored 1 out of 3, 10 points.')
  })

  it('moves focus to the message of a failed submit', async () => {
    setup({ 'POST /api/question/score': { status: 500, body: { error: 'boom' } } })
    const user = userEvent.setup()
    await screen.findByText('Question number 1?')
    await user.click(screen.getByRole('button', { name: 'Review & Submit' }))
    await user.click(screen.getByRole('button', { name: 'Submit Quiz' }))
    const failed = await screen.findByRole('region', { name: 'Submit failed' })
    await waitFor(() => expect(failed).toHaveFocus())
    expect(failed).toHaveTextContent('Failed to submit quiz. Please try again.')
  })

  it('says when a result is a practice attempt, and only then', async () => {
    const submit = async (practice: boolean | undefined) => {
      const { unmount } = setup({ 'POST /api/question/score': { body: { ...scoreResult, practice } } })
      const user = userEvent.setup()
      await screen.findByText('Question number 1?')
      await user.click(screen.getByRole('button', { name: 'Review & Submit' }))
      await user.click(screen.getByRole('button', { name: 'Submit Quiz' }))
      expect(await screen.findByRole('heading', { name: 'Quiz Results' })).toBeInTheDocument()
      const note = screen.queryByRole('note')
      unmount()
      return note
    }
    const practiceNote = await submit(true)
    expect(practiceNote).toHaveTextContent('Practice attempt: this score does not count on the leaderboard.')
    expect(await submit(false)).toBeNull()
    // Older servers leave the field out.
    expect(await submit(undefined)).toBeNull()
  })

  it.each([
    [409, 'already_attempted', 'You have already taken this quiz. Ask the host for a retake.'],
    [403, 'forbidden', 'This quiz is not open to you.'],
    [410, 'expired', 'This quiz has expired and is no longer available.'],
  ])("shows the server's reason when reading the questions answers %i", async (status, code, error) => {
    const { calls } = setup({ 'GET /api/question/7': { status, body: { error, code } } })
    expect(await screen.findByText(error)).toBeInTheDocument()
    expect(calls.some((c) => c.path === '/api/attempt/start')).toBe(false)
  })

  it('ignores the answer keys while typing in a text field', async () => {
    const { calls } = setup()
    const user = userEvent.setup()
    await screen.findByText('Question number 1?')
    const field = document.createElement('input')
    document.body.appendChild(field)
    field.focus()
    await user.keyboard('a{ArrowRight}')
    expect(screen.getByText('Question number 1?')).toBeInTheDocument()
    expect(option(/Alpha 1/)).toHaveAttribute('aria-pressed', 'false')
    expect(saves(calls)).toHaveLength(0)
    field.remove()
  })

  it('resumes an attempt with its saved answers and remaining time', async () => {
    setup({
      'POST /api/attempt/start': {
        body: {
          ...attempt,
          resumed: true,
          remainingMs: 123_000,
          answers: [
            { questionId: 1, answer: 'C', marked: false },
            { questionId: 3, answer: null, marked: true },
          ],
        },
      },
    })
    expect(await screen.findByText('Question number 1?')).toBeInTheDocument()
    expect(option(/Charlie 1/)).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('button', { name: 'Question 3: Marked for review' })).toBeInTheDocument()
    expect(screen.getByTestId('quiz-timer')).toHaveTextContent(/^00:02:0[23]$/)
  })

  it('turns the timer red at 5% of the time limit or less', async () => {
    setup({ 'POST /api/attempt/start': { body: { ...attempt, remainingMs: 29_000 } } })
    await screen.findByText('Question number 1?')
    expect(screen.getByRole('timer')).toHaveClass('timer-warning')
  })

  it('shows the submit error and lets the player try again', async () => {
    let fail = true
    setup({
      'POST /api/question/score': () => (fail ? { status: 500, body: { error: 'boom' } } : { body: scoreResult }),
    })
    const user = userEvent.setup()
    await screen.findByText('Question number 1?')
    await user.click(screen.getByRole('button', { name: 'Review & Submit' }))
    await user.click(screen.getByRole('button', { name: 'Submit Quiz' }))
    expect(await screen.findByText('Failed to submit quiz. Please try again.')).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByRole('heading', { name: 'Quiz Results' })).toBeInTheDocument()
  })

  it('warns before leaving a quiz in progress, and not after submitting', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false)
    const { router } = setup()
    const user = userEvent.setup()
    await screen.findByText('Question number 1?')
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Leaderboard' }))
    expect(confirm).toHaveBeenCalledWith(
      'You are in the middle of a quiz. Are you sure you want to leave? Your progress will be lost.',
    )
    expect(router.state.location.pathname).toBe('/play/quiz')

    const unload = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(unload)
    expect(unload.defaultPrevented).toBe(true)

    await user.click(screen.getByRole('button', { name: 'Review & Submit' }))
    await user.click(screen.getByRole('button', { name: 'Submit Quiz' }))
    await screen.findByRole('heading', { name: 'Quiz Results' })
    confirm.mockClear()
    const after = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(after)
    expect(after.defaultPrevented).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Go to Categories' }))
    expect(router.state.location.pathname).toBe('/play/categories')
    expect(confirm).not.toHaveBeenCalled()
  })

  it('stays signed in when Logout is cancelled during a quiz', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false)
    const { router } = setup()
    const user = userEvent.setup()
    await screen.findByText('Question number 1?')
    await user.click(screen.getByRole('button', { name: /account menu/ }))
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }))
    expect(confirm).toHaveBeenCalledTimes(1)
    expect(router.state.location.pathname).toBe('/play/quiz')
    await user.click(screen.getByRole('button', { name: 'Review & Submit' }))
    await user.click(screen.getByRole('button', { name: 'Submit Quiz' }))
    await screen.findByRole('heading', { name: 'Quiz Results' })
    await act(() => router.navigate('/'))
    expect(router.state.location.pathname).toBe('/')
    expect(window.localStorage.getItem('token')).not.toBeNull()
  })

  it('leaves after confirming', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true)
    const { router } = setup()
    const user = userEvent.setup()
    await screen.findByText('Question number 1?')
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Leaderboard' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/play/leaderboard'))
  })

  it("subscribes to the hub, follows its clock and shows the server's result after a timeout", async () => {
    const { calls } = setup()
    await screen.findByText('Question number 1?')
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1))
    const socket = FakeWebSocket.instances[0]
    expect(socket.url).toMatch(/\/ws\?token=/)
    act(() => socket.serverOpen())
    expect(socket.sent).toEqual([
      { type: 'subscribe', channel: 'attempt:att-1' },
      { type: 'subscribe', channel: 'quiz:7' },
    ])
    act(() => socket.serverSend({ type: 'tick', channel: 'attempt:att-1', remainingMs: 61_000 }))
    expect(screen.getByTestId('quiz-timer')).toHaveTextContent('00:01:01')
    // A tick of another attempt is ignored.
    act(() => socket.serverSend({ type: 'tick', channel: 'attempt:other', remainingMs: 5_000 }))
    expect(screen.getByTestId('quiz-timer')).toHaveTextContent(/^00:01:0[01]$/)

    act(() =>
      socket.serverSend({
        type: 'leaderboard',
        channel: 'quiz:7',
        top: [{ rank: 1, userId: 'u9', firstName: 'Grace', lastName: 'Hopper', points: 30 }],
        me: null,
        participants: 1,
      }),
    )
    act(() => socket.serverSend({ type: 'submitted', channel: 'attempt:att-1', reason: 'timeout', score: 1, points: 10, total: 3 }))
    expect(await screen.findByRole('heading', { name: 'Quiz Results' })).toBeInTheDocument()
    expect(screen.getByText("Time's up! Your answers were submitted automatically.")).toBeInTheDocument()
    expect(calls.filter((c) => c.path === '/api/question/score')).toHaveLength(1)
    expect(screen.getByRole('region', { name: 'Live ranking for this quiz' })).toHaveTextContent('Grace Hopper')
  })
})
