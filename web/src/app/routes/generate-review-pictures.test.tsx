/** /generate/review: a picture added to a generated question’s option (issue 30). */
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { PublishInput } from '@/features/generate/api/generate-api'
import type { QuizMetadata } from '@/features/generate/machines/review.machine'
import { generated } from '@/features/generate/testing/fixtures'
import { installFakeXhr, lastXhr } from '@/testing/fake-xhr'
import { fakeFile, PHONE_ID, PROJECTOR_ID, uploadedImage } from '@/testing/media-fixtures'
import { mockApi, signInAs } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

const quizMetadata: QuizMetadata = { title: 'Maps', validityOption: '48h', timeLimit: 5, audienceType: 'open', generationId: 'gen-1', dropped: [] }

describe('/generate/review with pictures on options', () => {
  it('adds a picture to an option A–D, asks for its alt text, shows it and publishes it in its place', async () => {
    installFakeXhr()
    const { calls } = mockApi({
      'POST /api/generate/gen-1/publish': {
        status: 201,
        body: { success: true, message: 'Quiz created successfully', quiz: { id: 9, title: 'Maps', quizCode: 'M4PS00', link: '/x', questionCount: 1 } },
      },
      'GET /api/hostQuiz/myQuizzes': { body: { success: true, data: [] } },
    })
    signInAs()
    renderApp('/generate/review?generation=gen-1', { state: { questions: [generated(1)], quizMetadata } })
    await screen.findByRole('heading', { name: 'Review Questions' })
    const user = userEvent.setup()
    const form = () => screen.getByRole('form', { name: 'Edit question' })

    await user.click(screen.getByRole('button', { name: 'Edit question 1' }))
    await user.upload(within(form()).getByLabelText('Picture for option B'), fakeFile('map.png', 'image/png'))
    await act(async () => lastXhr().respond(201, uploadedImage))
    const alt = await within(form()).findByRole('textbox', { name: 'Alt text of the picture for option B' })
    await user.click(within(form()).getByRole('button', { name: 'Save' }))
    expect(within(form()).getByRole('alert')).toHaveTextContent(
      'Question 1: picture 2: media.alt: describe the image for those who cannot see it, or mark it decorative',
    )
    expect(alt).toHaveAttribute('aria-invalid', 'true')
    await user.type(alt, 'A map')
    await user.click(within(form()).getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('img', { name: 'A map' })).toHaveAttribute('src', uploadedImage.files[0].url)

    await user.click(screen.getByRole('button', { name: 'Confirm and Create Quiz' }))
    await screen.findByText('Quiz Created!', { exact: false })
    const body = calls.find((c) => c.path === '/api/generate/gen-1/publish')?.body as PublishInput
    expect(body.questions[0].pictures).toEqual([null, { kind: 'image', phone: { id: PHONE_ID }, projector: { id: PROJECTOR_ID }, alt: 'A map', decorative: false }, null, null])
  })
})
