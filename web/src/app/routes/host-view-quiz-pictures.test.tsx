/** /host/viewQuiz/:categoryId with pictures on options and items (issue 30). */
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { installFakeXhr, lastXhr } from '@/testing/fake-xhr'
import { decorativeImage, fakeFile, PHONE_ID, PROJECTOR_ID, servedImage, uploadedImage } from '@/testing/media-fixtures'
import { mockApi, signInAs, type FakeCall, type FakeHandler, type FakeResponse } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

const map = { kind: 'image', phone: { id: PHONE_ID }, projector: { id: PROJECTOR_ID }, alt: 'A map of Europe with France shaded', decorative: false }
const leaf = { kind: 'image', phone: { id: 'e'.repeat(64) }, projector: { id: 'f'.repeat(64) }, alt: '', decorative: true }

const quiz = {
  success: true,
  category: { id: 32, name: 'Pictured', valid_until: '2030-01-01T00:00:00Z', time_limit: 30, quizCode: 'P1CTUR', audience: null },
  questions: [
    {
      id: 201,
      text: 'Which country is shaded?',
      optionA: 'France',
      optionB: 'Spain',
      optionC: 'Italy',
      optionD: 'Portugal',
      answer: 'France',
      correctLetter: 'A',
      explanation: '',
      pictures: [servedImage, null, decorativeImage, null],
    },
    {
      id: 202,
      text: 'Order them',
      type: 'ordering',
      definition: { type: 'ordering', items: ['Mercury', 'Venus', 'Earth'] },
      explanation: '',
      pictures: [null, servedImage, null],
    },
  ],
}

function setup(overrides: Record<string, FakeHandler | FakeResponse> = {}) {
  installFakeXhr()
  const api = mockApi({
    'GET /api/hostQuiz/quiz/32': { body: quiz },
    'POST /api/question/update-category-questions': { body: { success: true, message: 'Successfully updated questions!', questionCount: 2 } },
    'GET /api/hostQuiz/myQuizzes': { body: { success: true, data: [] } },
    'GET /api/hostQuiz/quiz/32/accommodations': { body: { accommodations: [] } },
    ...overrides,
  })
  signInAs()
  return { ...api, ...renderApp('/host/viewQuiz/32'), user: userEvent.setup() }
}

const question = (n: number) => screen.getByRole('listitem', { name: `Question ${n}` })
const saves = (calls: FakeCall[]) => calls.filter((c) => c.path === '/api/question/update-category-questions')
const sent = (calls: FakeCall[], n = 0) => (saves(calls)[n].body as { questions: Array<Record<string, unknown>> }).questions

describe('/host/viewQuiz/:categoryId with pictures on options and items', () => {
  it('shows each option’s picture as loaded and saves them back, aligned, by their files’ ids', async () => {
    const { user, calls } = setup()
    await screen.findByRole('heading', { name: 'Pictured' })
    expect(within(question(1)).getByRole('textbox', { name: 'Alt text of the picture for option A' })).toHaveValue('A map of Europe with France shaded')
    expect(within(question(1)).getByRole('checkbox', { name: 'Decorative image for option C' })).toBeChecked()
    expect(within(question(1)).getByLabelText('Picture for option B')).toHaveAttribute('type', 'file')
    expect(within(question(2)).getByRole('textbox', { name: 'Alt text of the picture for item 2' })).toHaveValue('A map of Europe with France shaded')

    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Successfully updated questions!')).toBeInTheDocument()
    expect(sent(calls)[0].pictures).toEqual([map, null, leaf, null])
    expect(sent(calls)[1].pictures).toEqual([null, map, null])
  })

  it('keeps the pictures aligned as items move and go', async () => {
    const { user, calls } = setup()
    await screen.findByRole('heading', { name: 'Pictured' })
    await user.click(within(question(2)).getByRole('button', { name: 'Move up item 2' }))
    await user.click(within(question(2)).getByRole('button', { name: 'Add item' }))
    await user.keyboard('Mars')
    await user.click(within(question(2)).getByRole('button', { name: 'Remove item 2' }))
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Successfully updated questions!')).toBeInTheDocument()
    expect(sent(calls)[1]).toMatchObject({ definition: { items: ['Venus', 'Earth', 'Mars'] }, pictures: [map, null, null] })
  })

  it('uploads a picture to an option; the checks ask for its alt text before it is saved with it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user, calls } = setup()
    await screen.findByRole('heading', { name: 'Pictured' })
    await user.upload(within(question(1)).getByLabelText('Picture for option D'), fakeFile('malta.png', 'image/png'))
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(saves(calls)).toHaveLength(0)
    expect(within(question(1)).getByText('Question 1: picture 4: media.file: wait for the upload to finish, or cancel it')).toBeInTheDocument()

    await act(async () => lastXhr().respond(201, uploadedImage))
    const alt = await within(question(1)).findByRole('textbox', { name: 'Alt text of the picture for option D' })
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    const message = 'Question 1: picture 4: media.alt: describe the image for those who cannot see it, or mark it decorative'
    expect(within(question(1)).getByText(message)).toBeInTheDocument()
    expect(alt).toHaveAttribute('aria-invalid', 'true')
    expect(saves(calls)).toHaveLength(0)

    await user.type(alt, 'A map of Malta')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Successfully updated questions!')).toBeInTheDocument()
    expect(sent(calls)[0].pictures).toEqual([map, null, leaf, { ...map, alt: 'A map of Malta' }])
  })

  it('marks the picture the server’s refusal of a save names', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const refused = 'Question 2: picture 2: media.alt: describe the image for those who cannot see it, or mark it decorative'
    const { user } = setup({
      'POST /api/question/update-category-questions': { status: 422, body: { error: refused, code: 'validation', details: { errors: [refused] } } },
    })
    await screen.findByRole('heading', { name: 'Pictured' })
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await within(question(2)).findByText(refused)).toBeInTheDocument()
    expect(within(question(2)).getByRole('textbox', { name: 'Alt text of the picture for item 2' })).toHaveAttribute('aria-invalid', 'true')
    expect(within(question(1)).getByRole('textbox', { name: 'Alt text of the picture for option A' })).not.toHaveAttribute('aria-invalid')
  })
})
