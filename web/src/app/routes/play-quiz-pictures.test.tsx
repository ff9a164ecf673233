/** /play/quiz with pictures on options and items (issue 30): shown with them, and in the feedback. */
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetAnimationChoice } from '@/components/animation/animation-choice'
import { FakeWebSocket, installFakeWebSocket } from '@/testing/fake-websocket'
import { decorativeImage, servedGif, servedImage } from '@/testing/media-fixtures'
import { mockApi, signInAs } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

const ALT = 'A map of Europe with France shaded'

const questions = [
  { id: 1, text: 'Which country is shaded?', optionA: 'France', optionB: 'Spain', optionC: 'Italy', optionD: 'Malta', pictures: [servedImage, decorativeImage, null, null] },
  // Served shuffled: the pictures follow the items as served.
  { id: 2, text: 'Order them', type: 'ordering', items: ['Earth', 'Mercury', 'Venus'], pictures: [null, servedImage, null] },
  { id: 3, text: 'Pick one', type: 'single_choice', options: ['Map', 'Leaf'], pictures: [servedImage, decorativeImage] },
]

const attempt = {
  attemptId: 'att-1',
  categoryId: 7,
  timeLimit: 10,
  startedAt: '2026-01-01T10:00:00Z',
  deadline: '2026-01-01T10:10:00Z',
  remainingMs: 600_000,
  answers: [],
  resumed: false,
}

const scoreResult = {
  attemptId: 'att-1',
  score: 1,
  points: 10,
  total: 3,
  feedback: [
    {
      id: 1,
      questionText: 'Which country is shaded?',
      optionA: 'France',
      optionB: 'Spain',
      optionC: 'Italy',
      optionD: 'Malta',
      correctAnswer: 'A',
      userAnswer: 'A',
      isCorrect: true,
      pictures: [servedImage, decorativeImage, null, null],
    },
    {
      id: 2,
      questionText: 'Order them',
      type: 'ordering',
      definition: { type: 'ordering', items: ['Mercury', 'Venus', 'Earth'] },
      response: null,
      f: 0,
      isCorrect: false,
      // In the definition's order.
      pictures: [servedImage, null, null],
    },
  ],
}

function setup(served: unknown[] = questions) {
  const api = mockApi({
    'GET /api/question/7': { body: { questions: served, time_limit: 10 } },
    'POST /api/attempt/start': { body: attempt },
    'PUT /api/attempt/att-1/answer': { body: { saved: true, remainingMs: 590_000 } },
    'POST /api/question/score': { body: scoreResult },
  })
  signInAs()
  return { ...api, ...renderApp('/play/quiz', { state: { category_id: 7, category_name: 'Maps' } }), user: userEvent.setup() }
}

describe('/play/quiz with pictures on options and items', () => {
  beforeEach(() => {
    installFakeWebSocket()
    resetAnimationChoice()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    FakeWebSocket.instances = []
  })

  it('shows an option A–D’s picture in its button, named by its text and then its alt text', async () => {
    const { user } = setup()
    expect(await screen.findByText('Which country is shaded?')).toBeInTheDocument()
    // Its name is its text, then the picture's alt text once the picture is there (jsdom drops
    // the space after the letter).
    const picture = await within(screen.getByRole('button', { name: /^A\.\s?France/ })).findByRole('img', { name: ALT })
    const france = screen.getByRole('button', { name: /^A\.\s?France\s?A map of Europe with France shaded$/ })
    expect(picture).toHaveAttribute('src', servedImage.phone.url)
    expect(picture).toHaveAttribute('width', '768')
    // Decorative: an empty alt text, nothing to describe.
    const spain = screen.getByRole('button', { name: /^B\.\s?Spain$/ })
    expect(spain.querySelector('img')).toHaveAttribute('alt', '')
    // An option without a picture is as it always was.
    expect(screen.getByRole('button', { name: /Italy/ })).not.toHaveAttribute('aria-describedby')
    expect(screen.getAllByRole('img')).toHaveLength(1)

    await user.keyboard('a')
    expect(france).toHaveAttribute('aria-pressed', 'true')
  })

  it('shows an item’s picture with it as served, and an option’s in a single choice', async () => {
    const { user } = setup()
    expect(await screen.findByText('Which country is shaded?')).toBeInTheDocument()
    await user.keyboard('{ArrowRight}')
    const items = within(await screen.findByRole('group', { name: 'Put the items in order, first at the top.' })).getAllByRole('listitem')
    expect(within(items[1]).getByText('Mercury')).toBeInTheDocument()
    expect(await within(items[1]).findByRole('img', { name: ALT })).toBeInTheDocument()
    expect(within(items[0]).queryByRole('img')).toBeNull()

    await user.keyboard('{ArrowRight}')
    const map = await screen.findByRole('button', { name: /^A\.\s?Map/ })
    expect(await within(map).findByRole('img', { name: ALT })).toBeInTheDocument()
    await user.click(map)
    expect(map).toHaveAttribute('aria-pressed', 'true')
  })

  it('shows the pictures in the feedback, in the definition’s order', async () => {
    const { user } = setup()
    expect(await screen.findByText('Which country is shaded?')).toBeInTheDocument()
    await user.keyboard('a')
    await user.click(screen.getByRole('button', { name: 'Review & Submit' }))
    await user.click(screen.getByRole('button', { name: 'Submit Quiz' }))
    expect(await screen.findByRole('heading', { name: 'Quiz Results' })).toBeInTheDocument()
    const feedback = screen.getAllByRole('listitem').filter((item) => item.classList.contains('feedback-item'))
    expect(await within(feedback[0]).findByRole('img', { name: ALT })).toHaveAttribute('sizes', '6rem')
    // The right order lists Mercury first, with its picture.
    const right = await within(feedback[1]).findByRole('img', { name: ALT })
    expect(right.closest('li')).toHaveTextContent('Mercury')
  })

  it('offers Pause animations once under the options when a picture is a GIF, outside the option buttons', async () => {
    const moving = { ...questions[0], pictures: [servedImage, null, servedGif, null] }
    const { user } = setup([moving, questions[2]])
    const italy = await screen.findByRole('button', { name: /^C\.\s?Italy/ })
    await within(italy).findByRole('img', { name: 'A pendulum swinging' })
    const pause = await screen.findByRole('button', { name: 'Pause animations' })
    expect(pause.closest('.options')).toBeNull()
    await user.click(pause)
    expect(italy.querySelector('canvas')).toHaveAttribute('aria-hidden', 'true')
    expect(within(italy).getByRole('img', { name: 'A pendulum swinging' })).toHaveClass('visually-hidden')
    // The still picture is as it was; the next question, without a GIF, offers nothing to pause.
    expect(screen.getByRole('button', { name: /^A\.\s?France/ }).querySelector('canvas')).toBeNull()
    await user.keyboard('{ArrowRight}')
    expect(await screen.findByRole('button', { name: /^A\.\s?Map/ })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /animations/ })).toBeNull()
  })
})
