/** /generate/review: a picture, a sound or a video added to a generated question (issue 30). */
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { QuizMetadata } from '@/features/generate/machines/review.machine'
import { generated, ORDERING, typed } from '@/features/generate/testing/fixtures'
import { installFakeXhr, lastXhr } from '@/testing/fake-xhr'
import { fakeFile, PHONE_ID, PROJECTOR_ID, SOUND_ID, uploadedImage, uploadedSound } from '@/testing/media-fixtures'
import { mockApi, signInAs } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

const quizMetadata: QuizMetadata = {
  title: 'Plants',
  validityOption: '48h',
  timeLimit: 5,
  audienceType: 'open',
  generationId: 'gen-1',
  dropped: [],
}

async function setup() {
  installFakeXhr()
  const api = mockApi({
    'POST /api/generate/gen-1/publish': {
      status: 201,
      body: { success: true, message: 'Quiz created successfully', quiz: { id: 9, title: 'Plants', quizCode: 'PL4NTS', link: '/x', questionCount: 2 } },
    },
    'GET /api/hostQuiz/myQuizzes': { body: { success: true, data: [] } },
  })
  signInAs()
  const rendered = renderApp('/generate/review?generation=gen-1', { state: { questions: [generated(1), typed(2, ORDERING)], quizMetadata } })
  await screen.findByRole('heading', { name: 'Review Questions' })
  return { ...api, ...rendered, user: userEvent.setup() }
}

const question = (n: number) => screen.getByRole('listitem', { name: `Question ${n}` })
const editForm = () => screen.getByRole('form', { name: 'Edit question' })

describe('/generate/review with media', () => {
  it('adds a sound to a question A–D and a picture to another type, checked, shown and published by their ids', async () => {
    const { user, calls } = await setup()
    await user.click(screen.getByRole('button', { name: 'Edit question 1' }))
    await user.upload(within(editForm()).getByLabelText('Picture, sound or video'), fakeFile('bird.mp3', 'audio/mpeg'))
    await act(async () => lastXhr().respond(201, uploadedSound))
    await within(editForm()).findByLabelText('Transcript')
    await user.click(within(editForm()).getByRole('button', { name: 'Save' }))
    expect(within(editForm()).getByRole('alert')).toHaveTextContent(
      'Question 1: media.transcript: give a transcript of the sound for those who cannot hear it',
    )
    expect(within(editForm()).getByLabelText('Transcript')).toHaveAttribute('aria-invalid', 'true')
    await user.type(within(editForm()).getByLabelText('Transcript'), 'A blackbird sings.')
    await user.click(within(editForm()).getByRole('button', { name: 'Save' }))
    expect(screen.queryByRole('form', { name: 'Edit question' })).not.toBeInTheDocument()
    const shown = await within(question(1)).findByTestId('question-media')
    expect(shown.querySelector('audio')).toHaveAttribute('controls')
    expect(within(shown).getByText('A blackbird sings.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Edit question 2' }))
    await user.upload(within(editForm()).getByLabelText('Picture, sound or video'), fakeFile('order.png', 'image/png'))
    await act(async () => lastXhr().respond(201, uploadedImage))
    await user.type(await within(editForm()).findByLabelText('Alt text'), 'Three planets in a row')
    await user.click(within(editForm()).getByRole('button', { name: 'Save' }))
    expect(await within(question(2)).findByRole('img', { name: 'Three planets in a row' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Confirm and Create Quiz' }))
    expect(await screen.findByText('Quiz Created!')).toBeInTheDocument()
    const body = calls.find((c) => c.path === '/api/generate/gen-1/publish')?.body as { questions: Array<Record<string, unknown>> }
    expect(body.questions[0].media).toEqual({ kind: 'audio', file: { id: SOUND_ID }, transcript: 'A blackbird sings.' })
    expect(body.questions[1]).toMatchObject({
      definition: ORDERING,
      media: { kind: 'image', phone: { id: PHONE_ID }, projector: { id: PROJECTOR_ID }, alt: 'Three planets in a row', decorative: false },
    })
  })
})
