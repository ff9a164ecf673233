import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { mockApi, signInAs, type FakeCall, type FakeHandler, type FakeResponse } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

/** A quiz of a question A–D and questions of other types (issue 29), as the server sends them. */
const quiz = {
  success: true,
  category: { id: 31, name: 'Every Type', valid_until: '2030-01-01T00:00:00Z', time_limit: 30, quizCode: 'K7QH2M', audience: null },
  questions: [
    { id: 101, text: 'Which gas do plants take in?', optionA: 'Oxygen', optionB: 'Carbon dioxide', optionC: 'Helium', optionD: 'Neon', answer: 'Carbon dioxide', correctLetter: 'B', explanation: '' },
    { id: 102, text: 'Which of these is a prime?', type: 'single_choice', definition: { type: 'single_choice', options: ['4', '6', '7', '9', '10'], right: [2] }, explanation: '' },
    {
      id: 103,
      text: 'How fast does a dropped stone speed up?',
      type: 'numeric',
      definition: { type: 'numeric', answer: 9.81, tolerance: { kind: 'absolute', value: 0.05 }, unit: 'm/s²' },
      explanation: 'Near the surface of the Earth.',
    },
    { id: 104, text: 'Put the planets in order.', type: 'ordering', definition: { type: 'ordering', items: ['Mercury', 'Venus', 'Earth'], partial: false }, explanation: '' },
    { id: 105, text: 'That was the last question.', type: 'slide', definition: { type: 'slide' }, explanation: '' },
  ],
}

function setup(overrides: Record<string, FakeHandler | FakeResponse> = {}) {
  const api = mockApi({
    'GET /api/hostQuiz/quiz/31': { body: quiz },
    'POST /api/question/update-category-questions': { body: { success: true, message: 'Successfully updated questions!', questionCount: 5 } },
    'GET /api/hostQuiz/myQuizzes': { body: { success: true, data: [] } },
    'GET /api/hostQuiz/quiz/31/accommodations': { body: { accommodations: [] } },
    ...overrides,
  })
  signInAs()
  return { ...api, ...renderApp('/host/viewQuiz/31'), user: userEvent.setup() }
}

const question = (n: number) => screen.getByRole('listitem', { name: `Question ${n}` })
const saves = (calls: FakeCall[]) => calls.filter((c) => c.path === '/api/question/update-category-questions')

describe('/host/viewQuiz/:categoryId with questions of every type', () => {
  it('shows each question as a group with its type named and its type’s fields', async () => {
    setup()
    await screen.findByRole('heading', { name: 'Every Type' })
    const names = [1, 2, 3, 4, 5].map((n) => within(question(n)).getByRole('combobox', { name: 'Question type' }))
    expect(names.map((select) => (select as HTMLSelectElement).selectedOptions[0].textContent)).toEqual([
      'Four options (A–D)',
      'Single choice',
      'Number',
      'Ordering',
      'Slide',
    ])
    expect(within(question(2)).getByRole('group', { name: 'Question 2' })).toBeInTheDocument()
    expect(within(question(2)).getByText('Single choice', { selector: '.question-type-name' })).toBeInTheDocument()
    expect(within(question(2)).getByRole('checkbox', { name: 'Option 3: Right' })).toBeChecked()
    expect(within(question(3)).getByRole('spinbutton', { name: 'Correct number' })).toHaveValue(9.81)
    expect(within(question(3)).getByLabelText('Unit (optional)')).toHaveValue('m/s²')
    expect(within(question(4)).getAllByRole('textbox', { name: /^Item \d$/ }).map((input) => (input as HTMLInputElement).value)).toEqual([
      'Mercury',
      'Venus',
      'Earth',
    ])
    expect(within(question(5)).getByText('A slide shows its text between questions; there is nothing to answer.')).toBeInTheDocument()
  })

  // Many fields clicked and typed: more than 5 s on a busy machine.
  it('edits, retypes and adds questions of any type, and saves A–D in its shape and the others as definitions', async () => {
    const { user, calls } = setup()
    await screen.findByRole('heading', { name: 'Every Type' })
    await user.selectOptions(within(question(1)).getByRole('combobox', { name: 'Question type' }), 'Multiple select')
    await user.click(within(question(1)).getByRole('checkbox', { name: 'Option 1: Right' }))
    await user.click(within(question(2)).getByRole('checkbox', { name: 'Option 5: Right' }))
    await user.click(within(question(4)).getByRole('button', { name: 'Move down item 1' }))
    await user.click(screen.getByRole('button', { name: 'Add Question' }))
    await user.selectOptions(within(question(6)).getByRole('combobox', { name: 'Question type' }), 'True or false')
    await user.type(within(question(6)).getByLabelText('Question text'), 'The Sun is a star.')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))

    expect(await screen.findByText('Successfully updated questions!')).toBeInTheDocument()
    expect(saves(calls)[0].body).toEqual({
      categoryId: 31,
      questions: [
        {
          id: 101,
          text: 'Which gas do plants take in?',
          definition: { type: 'multi_select', options: ['Oxygen', 'Carbon dioxide', 'Helium', 'Neon'], right: [0, 1], all_or_nothing: false },
          explanation: '',
        },
        { id: 102, text: 'Which of these is a prime?', definition: { type: 'single_choice', options: ['4', '6', '7', '9', '10'], right: [2, 4] }, explanation: '' },
        {
          id: 103,
          text: 'How fast does a dropped stone speed up?',
          definition: { type: 'numeric', answer: 9.81, tolerance: { kind: 'absolute', value: 0.05 }, unit: 'm/s²' },
          explanation: 'Near the surface of the Earth.',
        },
        { id: 104, text: 'Put the planets in order.', definition: { type: 'ordering', items: ['Venus', 'Mercury', 'Earth'], partial: false }, explanation: '' },
        { id: 105, text: 'That was the last question.', definition: { type: 'slide' }, explanation: '' },
        { text: 'The Sun is a star.', definition: { type: 'true_false', answer: true }, explanation: '' },
      ],
    })
  }, 15_000)

  it('checks the questions before saving: the message beside the question, focus on it, cleared by an edit', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user, calls } = setup()
    await screen.findByRole('heading', { name: 'Every Type' })
    await user.click(within(question(2)).getByRole('checkbox', { name: 'Option 3: Right' }))
    await user.clear(within(question(3)).getByRole('spinbutton', { name: 'Correct number' }))
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))

    expect(saves(calls)).toHaveLength(0)
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Question 2: right: mark at least one option right Question 3: answer: a numeric answer needs a number',
    )
    const errors = within(question(2)).getByText('Question 2: right: mark at least one option right').parentElement
    await waitFor(() => expect(errors).toHaveFocus())
    expect(within(question(2)).getByRole('group', { name: 'Question 2' })).toHaveAccessibleDescription('Question 2: right: mark at least one option right')
    expect(within(question(3)).getByRole('spinbutton', { name: 'Correct number' })).toHaveAttribute('aria-invalid', 'true')

    await user.click(within(question(2)).getByRole('checkbox', { name: 'Option 3: Right' }))
    expect(within(question(2)).queryByText(/mark at least one option right/)).not.toBeInTheDocument()
    expect(within(question(3)).getByText('Question 3: answer: a numeric answer needs a number')).toBeInTheDocument()
  })

  it("shows the server's messages (422) beside the questions they name", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const refused = 'Question 4: items: “Venus” is given twice'
    const { user, router } = setup({
      'POST /api/question/update-category-questions': {
        status: 422,
        body: { error: refused, code: 'validation', details: { errors: [refused] } },
      },
    })
    await screen.findByRole('heading', { name: 'Every Type' })
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(refused)
    expect(within(question(4)).getByText(refused)).toBeInTheDocument()
    expect(within(question(4)).getByRole('group', { name: 'Items in the right order' })).toHaveAccessibleDescription(
      `3 to 8 items. First at the top; players see them shuffled. ${refused}`,
    )
    expect(within(question(1)).queryByText(refused)).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/host/viewQuiz/31')
  })
})
