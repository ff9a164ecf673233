/** /host/viewQuiz/:categoryId with pictures, sounds and videos on questions (issue 30). */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { installFakeXhr, lastXhr } from '@/testing/fake-xhr'
import { fakeFile, PHONE_ID, PROJECTOR_ID, servedImage, servedSound, SOUND_ID, uploadedImage } from '@/testing/media-fixtures'
import { mockApi, signInAs, type FakeCall, type FakeHandler, type FakeResponse } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

const quiz = {
  success: true,
  category: { id: 31, name: 'Sights and Sounds', valid_until: '2030-01-01T00:00:00Z', time_limit: 30, quizCode: 'K7QH2M', audience: null },
  questions: [
    {
      id: 101,
      text: 'Which country is shaded?',
      optionA: 'France',
      optionB: 'Spain',
      optionC: 'Italy',
      optionD: 'Portugal',
      answer: 'France',
      correctLetter: 'A',
      explanation: '',
      media: servedImage,
    },
    { id: 102, text: 'Which bird sings?', type: 'poll', definition: { type: 'poll', options: ['Blackbird', 'Robin'] }, explanation: '', media: servedSound },
    { id: 103, text: 'What is 2 + 2?', type: 'numeric', definition: { type: 'numeric', answer: 4 }, explanation: '' },
  ],
}

function setup(overrides: Record<string, FakeHandler | FakeResponse> = {}) {
  installFakeXhr()
  const api = mockApi({
    'GET /api/hostQuiz/quiz/31': { body: quiz },
    'POST /api/question/update-category-questions': { body: { success: true, message: 'Successfully updated questions!', questionCount: 3 } },
    'GET /api/hostQuiz/myQuizzes': { body: { success: true, data: [] } },
    'GET /api/hostQuiz/quiz/31/accommodations': { body: { accommodations: [] } },
    ...overrides,
  })
  signInAs()
  return { ...api, ...renderApp('/host/viewQuiz/31'), user: userEvent.setup() }
}

const question = (n: number) => screen.getByRole('listitem', { name: `Question ${n}` })
const saves = (calls: FakeCall[]) => calls.filter((c) => c.path === '/api/question/update-category-questions')

describe('/host/viewQuiz/:categoryId with media', () => {
  it('fills each question’s media as loaded and saves it back by its files’ ids', async () => {
    const { user, calls } = setup()
    await screen.findByRole('heading', { name: 'Sights and Sounds' })
    expect(within(question(1)).getByLabelText('Alt text')).toHaveValue('A map of Europe with France shaded')
    expect(within(question(1)).getByRole('checkbox', { name: 'Decorative image' })).not.toBeChecked()
    expect(within(question(1)).getByTestId('media-field').querySelector('img')).toHaveAttribute('src', servedImage.phone.url)
    expect(within(question(2)).getByLabelText('Transcript')).toHaveValue('A blackbird sings, then a car passes.')
    expect(within(question(3)).getByLabelText('Picture, sound or video')).toHaveAttribute('type', 'file')

    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Successfully updated questions!')).toBeInTheDocument()
    const body = saves(calls)[0].body as { questions: Array<Record<string, unknown>> }
    expect(body.questions[0].media).toEqual({
      kind: 'image',
      phone: { id: PHONE_ID },
      projector: { id: PROJECTOR_ID },
      alt: 'A map of Europe with France shaded',
      decorative: false,
    })
    expect(body.questions[1].media).toEqual({ kind: 'audio', file: { id: SOUND_ID }, transcript: 'A blackbird sings, then a car passes.' })
    expect('media' in body.questions[2]).toBe(false)
  })

  it('uploads a picture to a question; the checks ask for its alt text before it is saved with it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user, calls } = setup()
    await screen.findByRole('heading', { name: 'Sights and Sounds' })
    await user.upload(within(question(3)).getByLabelText('Picture, sound or video'), fakeFile('sum.png', 'image/png'))
    expect(within(question(3)).getByRole('progressbar', { name: 'Uploading sum.png…' })).toBeInTheDocument()

    // Not saved while the file is on its way.
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(saves(calls)).toHaveLength(0)
    expect(within(question(3)).getByText('Question 3: media.file: wait for the upload to finish, or cancel it')).toBeInTheDocument()

    expect(lastXhr().file?.name).toBe('sum.png')
    await act(async () => lastXhr().respond(201, uploadedImage))
    const alt = await within(question(3)).findByLabelText('Alt text')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(saves(calls)).toHaveLength(0)
    const message = 'Question 3: media.alt: describe the image for those who cannot see it, or mark it decorative'
    expect(screen.getByRole('alert')).toHaveTextContent(message)
    expect(within(question(3)).getByText(message)).toBeInTheDocument()
    expect(alt).toHaveAttribute('aria-invalid', 'true')

    await user.click(within(question(3)).getByRole('checkbox', { name: 'Decorative image' }))
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Successfully updated questions!')).toBeInTheDocument()
    const body = saves(calls)[0].body as { questions: Array<Record<string, unknown>> }
    expect(body.questions[2]).toEqual({
      id: 103,
      text: 'What is 2 + 2?',
      definition: { type: 'numeric', answer: 4, tolerance: { kind: 'absolute', value: 0 } },
      explanation: '',
      media: { kind: 'image', phone: { id: PHONE_ID }, projector: { id: PROJECTOR_ID }, alt: '', decorative: true },
    })
  })

  it('shows the server’s refusal of an upload as it came', async () => {
    const { user } = setup()
    await screen.findByRole('heading', { name: 'Sights and Sounds' })
    await user.upload(within(question(3)).getByLabelText('Picture, sound or video'), fakeFile('huge.png', 'image/png'))
    await act(async () => lastXhr().respond(413, { code: 'too_large', error: 'The image is larger than 10 MB. Upload a smaller one.' }))
    expect(await within(question(3)).findByRole('alert')).toHaveTextContent('The image is larger than 10 MB. Upload a smaller one.')
  })

  it('marks the media field the server’s refusal of a save names, and removes media', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const refused = 'Question 2: media.transcript: give a transcript of the sound for those who cannot hear it'
    const { user, calls } = setup({
      'POST /api/question/update-category-questions': { status: 422, body: { error: refused, code: 'validation', details: { errors: [refused] } } },
    })
    await screen.findByRole('heading', { name: 'Sights and Sounds' })
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await within(question(2)).findByText(refused)).toBeInTheDocument()
    expect(within(question(2)).getByLabelText('Transcript')).toHaveAttribute('aria-invalid', 'true')

    await user.click(within(question(1)).getByRole('button', { name: 'Remove the picture' }))
    await waitFor(() => expect(within(question(1)).getByLabelText('Picture, sound or video')).toHaveFocus())
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    await waitFor(() => expect(saves(calls)).toHaveLength(2))
    expect('media' in (saves(calls)[1].body as { questions: Array<Record<string, unknown>> }).questions[0]).toBe(false)
  })

  it('makes a question with a picture a hotspot, its regions added by keyboard, and saves them on it; one without a picture asks for one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user, calls } = setup()
    await screen.findByRole('heading', { name: 'Sights and Sounds' })
    await user.selectOptions(within(question(3)).getByRole('combobox', { name: 'Question type' }), 'Hotspot')
    expect(within(question(3)).getByText('Add a picture above first: the regions are drawn on it.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(within(question(3)).getByText('Question 3: regions: a hotspot question needs 2 to 10, got 0')).toBeInTheDocument()
    await user.selectOptions(within(question(3)).getByRole('combobox', { name: 'Question type' }), 'Slide')

    await user.selectOptions(within(question(1)).getByRole('combobox', { name: 'Question type' }), 'Hotspot')
    const q1 = question(1)
    expect(within(q1).getByTestId('hotspot-canvas')).toBeInTheDocument()
    await user.click(within(q1).getByRole('button', { name: 'Add region' }))
    await user.keyboard('France')
    await user.click(within(q1).getByRole('checkbox', { name: 'Region 1: Right' }))
    await user.click(within(q1).getByRole('radio', { name: 'Rectangle' }))
    await user.click(within(q1).getByRole('button', { name: 'Add region' }))
    expect(within(q1).getByLabelText('Name of region 2')).toHaveFocus()
    await user.keyboard('Spain')
    const left = within(q1).getByLabelText('Region 2: Left edge (%)')
    await user.clear(left)
    await user.type(left, '5')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Successfully updated questions!')).toBeInTheDocument()
    const body = saves(calls)[0].body as { questions: Array<Record<string, unknown>> }
    expect(body.questions[0]).toMatchObject({
      id: 101,
      definition: {
        type: 'hotspot',
        regions: [
          { name: 'France', right: true, shape: { kind: 'circle', x: 0.5, y: 0.5, r: 0.1 } },
          { name: 'Spain', right: false, shape: { kind: 'rect', x: 0.05, y: 0.4, w: 0.2, h: 0.2 } },
        ],
      },
      media: { kind: 'image', phone: { id: PHONE_ID }, projector: { id: PROJECTOR_ID } },
    })
    expect('aspect' in (body.questions[0].definition as object)).toBe(false)
  })

  it('warns under a hotspot region named as in the question’s text, as the text is edited', async () => {
    const { user } = setup()
    await screen.findByRole('heading', { name: 'Sights and Sounds' })
    await user.selectOptions(within(question(1)).getByRole('combobox', { name: 'Question type' }), 'Hotspot')
    const q1 = question(1)
    await user.click(within(q1).getByRole('button', { name: 'Add region' }))
    await user.keyboard('France')
    const warning = 'Players who choose by name see this name: it appears in the question, so it may give the answer away.'
    expect(within(q1).queryByText(warning)).toBeNull()
    const text = within(q1).getByLabelText('Question text')
    await user.clear(text)
    await user.type(text, 'Where is france?')
    const shown = within(q1).getByText(warning)
    expect(shown.closest('[role="status"]')).not.toBeNull()
    expect(within(q1).getByLabelText('Name of region 1')).toHaveAttribute('aria-describedby', shown.id)
  })
})
