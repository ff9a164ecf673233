/**
 * The quiz-taking screen with accommodations (issue 15): the extra-time note, "No time limit",
 * and read-aloud through a recorded stand-in for the browser's speech synthesis.
 */
import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeWebSocket } from '@/testing/fake-websocket'
import { mockApi, signInAs } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

const questions = [1, 2].map((id) => ({
  id,
  text: `Question number ${id}?`,
  optionA: `Alpha ${id}`,
  optionB: `Bravo ${id}`,
  optionC: `Charlie ${id}`,
  optionD: `Delta ${id}`,
}))

const attempt = (accommodation: unknown, minutes = 20) => ({
  attemptId: 'att-1',
  categoryId: 7,
  timeLimit: minutes,
  startedAt: '2026-01-01T10:00:00Z',
  deadline: '2026-01-01T10:20:00Z',
  remainingMs: minutes * 60_000,
  answers: [],
  resumed: false,
  accommodation,
})

function setup(accommodation: unknown, minutes?: number) {
  mockApi({
    'GET /api/question/7': { body: { questions, time_limit: 10 } },
    'POST /api/attempt/start': { body: attempt(accommodation, minutes) },
    'GET /api/leaderboard': { body: [] },
  })
  signInAs()
  renderApp('/play/quiz', { state: { category_id: 7, category_name: 'Chemistry' } })
  return userEvent.setup()
}

class FakeUtterance {
  text: string
  lang = ''
  onstart: (() => void) | null = null
  onend: (() => void) | null = null
  onerror: (() => void) | null = null
  constructor(text: string) {
    this.text = text
  }
}

/** A speech synthesis that records what it was asked to say; `finish` ends the current utterance. */
function installSpeech() {
  const spoken: string[] = []
  let current: FakeUtterance | null = null
  const synth = {
    cancels: 0,
    speak: (utterance: FakeUtterance) => {
      spoken.push(utterance.text)
      current = utterance
      utterance.onstart?.()
    },
    cancel: () => {
      synth.cancels += 1
    },
  }
  vi.stubGlobal('speechSynthesis', synth)
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance)
  return { spoken, synth, finish: () => act(() => current?.onend?.()) }
}

/** The lazily loaded pages can take a while on a busy machine. */
const LOADED = { timeout: 5000 }

const QUESTION_1 = 'Question number 1? A: Alpha 1. B: Bravo 1. C: Charlie 1. D: Delta 1.'
const QUESTION_2 = 'Question number 2? A: Alpha 2. B: Bravo 2. C: Charlie 2. D: Delta 2.'

describe('/play/quiz with accommodations', () => {
  beforeEach(() => {
    installFakeWebSocket()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('notes the extra time and reads each question aloud, on arrival and on request', async () => {
    const { spoken, synth, finish } = installSpeech()
    const user = setup({ extraTime: 'x2', readAloud: true })
    expect(await screen.findByText('Question 1 of 2', {}, LOADED)).toBeInTheDocument()
    expect(screen.getByText('Extra time ×2')).toBeInTheDocument()
    expect(screen.getByTestId('quiz-timer')).toHaveTextContent('00:20:00')
    // The first question is read as it appears.
    expect(spoken).toEqual([QUESTION_1])

    // Stop silences it and leaves focus on "Read aloud".
    await user.click(screen.getByRole('button', { name: 'Stop reading' }))
    expect(synth.cancels).toBeGreaterThan(0)
    expect(screen.queryByRole('button', { name: 'Stop reading' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Read aloud' })).toHaveFocus()

    // Again on request, cancelling anything still being said first.
    const cancels = synth.cancels
    await user.click(screen.getByRole('button', { name: 'Read aloud' }))
    expect(spoken).toEqual([QUESTION_1, QUESTION_1])
    expect(synth.cancels).toBe(cancels + 1)
    finish()
    expect(screen.queryByRole('button', { name: 'Stop reading' })).not.toBeInTheDocument()

    // A new question is read when the player moves to it.
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(spoken).toEqual([QUESTION_1, QUESTION_1, QUESTION_2])
    expect(screen.getByRole('button', { name: 'Stop reading' })).toBeInTheDocument()

    // Leaving the question for the review summary stops the speech.
    const before = synth.cancels
    await user.click(screen.getByRole('button', { name: 'Review & Submit' }))
    expect(synth.cancels).toBe(before + 1)
    expect(spoken).toHaveLength(3)
  }, 15_000)

  it('shows "No time limit" for unlimited time, and nothing to read without read-aloud', async () => {
    const { spoken } = installSpeech()
    setup({ extraTime: 'unlimited', readAloud: false }, 3 * 24 * 60)
    expect(await screen.findByText('Question 1 of 2', {}, LOADED)).toBeInTheDocument()
    expect(screen.getByRole('timer')).toHaveAccessibleName('No time limit')
    expect(screen.queryByText(/Extra time/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Read aloud' })).not.toBeInTheDocument()
    expect(spoken).toEqual([])
  }, 15_000)

  it('says read-aloud is unavailable in a browser without speech synthesis', async () => {
    vi.stubGlobal('speechSynthesis', undefined)
    setup({ extraTime: 'none', readAloud: true })
    expect(await screen.findByText('Question 1 of 2', {}, LOADED)).toBeInTheDocument()
    expect(screen.getByText('Read aloud is not available in this browser.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Read aloud' })).not.toBeInTheDocument()
    expect(screen.getByRole('timer')).toHaveAccessibleName(/Time left 00:/)
  }, 15_000)
})
