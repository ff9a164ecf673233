import { describe, expect, it } from 'vitest'
import { mockApi, signInAs } from '@/testing/test-utils'
import { checkQuiz, createQuiz, deleteLeaderboardEntry, getFeedback, getMyQuizzes, previewFile } from './host-api'

const file = new File(['Question\n'], 'quiz.csv', { type: 'text/csv' })
const input = { file, title: 'T', validityOption: '24h' as const, timeLimit: 30, audienceType: 'open' as const }

describe('host api', () => {
  it("throws 'No authentication token found' without a saved token and sends nothing", async () => {
    const { calls } = mockApi({})
    await expect(checkQuiz('ABC', 'a@b.c')).rejects.toEqual({ error: 'No authentication token found' })
    await expect(createQuiz(input)).rejects.toEqual({ error: 'No authentication token found' })
    await expect(getMyQuizzes()).rejects.toEqual({ error: 'No authentication token found' })
    await expect(previewFile(file)).rejects.toEqual({ error: 'No authentication token found' })
    await expect(getFeedback('u2', 3)).rejects.toEqual({ error: 'No authentication token found' })
    expect(calls).toHaveLength(0)
  })

  it('builds the no-response answers of the upload and check calls', async () => {
    mockApi({
      'POST /api/hostQuiz/upload': () => {
        throw new TypeError('Failed to fetch')
      },
      'GET /api/hostQuiz/checkQuiz': () => {
        throw new TypeError('Failed to fetch')
      },
    })
    signInAs()
    await expect(createQuiz(input)).resolves.toEqual({
      success: false,
      error: 'Network error',
      details: 'No response from the server',
      message: 'Failed to create quiz',
    })
    await expect(checkQuiz('ABC', 'a@b.c')).resolves.toMatchObject({
      success: false,
      error: 'Network error',
      message: 'Failed to check quiz access',
    })
  })

  it("returns the server's error body as it came, and sends multipart fields", async () => {
    const body = {
      success: false,
      error: 'Not enough tokens',
      message: 'Not enough tokens',
      code: 'insufficient_tokens',
      details: { balance: 0, needed: 1, pricing: '/pricing' },
    }
    const { calls } = mockApi({ 'POST /api/hostQuiz/upload': { status: 402, body } })
    const { token } = signInAs()
    await expect(
      createQuiz({ ...input, validityOption: 'custom', customDate: '2026-03-12T22:59:59.000Z', audienceType: 'emails', emails: 'a@b.c', audienceName: 'L' }),
    ).resolves.toEqual({ ...body, status: 402 })
    const form = calls[0].form as FormData
    expect(calls[0].headers.Authorization).toBe(`Bearer ${token}`)
    expect(calls[0].headers['Content-Type']).toBeUndefined()
    expect(form.get('file')).toBeInstanceOf(File)
    expect(Object.fromEntries([...form.entries()].filter(([key]) => key !== 'file'))).toEqual({
      title: 'T',
      validityOption: 'custom',
      customDate: '2026-03-12T22:59:59.000Z',
      timeLimit: '30',
      audienceType: 'emails',
      emails: 'a@b.c',
      audienceName: 'L',
    })
  })

  it('sends the code and email of the check in the query', async () => {
    const { calls } = mockApi({
      'GET /api/hostQuiz/checkQuiz': { body: { success: true, quizDetails: { id: 31, title: 'Cells' } } },
    })
    signInAs()
    await checkQuiz('k7qh2m', 'ada@example.com')
    expect(new URLSearchParams(calls[0].query).get('quizCode')).toBe('k7qh2m')
    expect(new URLSearchParams(calls[0].query).get('email')).toBe('ada@example.com')
  })

  it('returns the delete error body, and treats a missing submission as no feedback', async () => {
    mockApi({
      'DELETE /api/leaderboard/deleteEntry': { status: 404, body: { success: false, error: 'No submission to remove' } },
      'GET /api/attempt/feedback': { status: 404, body: { error: 'No submission for this quiz', code: 'not_found' } },
    })
    signInAs()
    await expect(deleteLeaderboardEntry('u2', 3)).resolves.toEqual({ success: false, error: 'No submission to remove' })
    await expect(getFeedback('u2', 3)).resolves.toEqual([])
  })
})
