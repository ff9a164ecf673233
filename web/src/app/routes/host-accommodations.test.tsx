/**
 * Accommodations on the host's screens (issue 15): the view-quiz page's editor (load, change,
 * remove, add by pasted e-mails, save the whole set, the server's refusal) and what the results
 * show of each attempt's.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeWebSocket } from '@/testing/fake-websocket'
import { mockApi, signInAs, type FakeHandler, type FakeResponse } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

const ACCOMMODATIONS = 'GET /api/hostQuiz/quiz/31/accommodations'
const SAVE = 'PUT /api/hostQuiz/quiz/31/accommodations'

const quiz = {
  success: true,
  category: { id: 31, name: 'Cell Biology', valid_until: '2026-03-11T09:30:00Z', time_limit: 45, quizCode: 'K7QH2M', audience: null },
  questions: [{ id: 101, text: 'Holds DNA?', optionA: 'Nucleus', optionB: 'Vacuole', optionC: 'Membrane', optionD: 'Wall', answer: 'Nucleus' }],
}

const stored = {
  accommodations: [
    { email: 'ana@example.com', extraTime: 'x1.5', readAloud: false },
    { email: 'ben@example.com', extraTime: 'none', readAloud: true },
  ],
}

function setup(overrides: Record<string, FakeHandler | FakeResponse> = {}) {
  const api = mockApi({
    'GET /api/hostQuiz/quiz/31': { body: quiz },
    [ACCOMMODATIONS]: { body: stored },
    // The server answers the set as stored: e-mails in lower case, players granted nothing left out.
    [SAVE]: ({ body }) => {
      const sent = (body as { accommodations: Array<{ email: string; extraTime: string; readAloud: boolean }> }).accommodations
      return {
        body: {
          accommodations: sent
            .filter((p) => p.extraTime !== 'none' || p.readAloud)
            .map((p) => ({ ...p, email: p.email.toLowerCase() })),
        },
      }
    },
    ...overrides,
  })
  signInAs()
  return { ...api, ...renderApp('/host/viewQuiz/31'), user: userEvent.setup() }
}

/** The lazily loaded host pages can take a while on a busy machine. */
const LOADED = { timeout: 5000 }
/** For the tests that click through a whole flow. */
const FLOW_MS = 15_000

const section = () => screen.getByRole('region', { name: 'Accommodations' })
const table = () => within(section()).getByRole('table', { name: /Players with accommodations/ })
const emailsInTable = () => within(table()).getAllByRole('rowheader').map((cell) => cell.textContent)

describe('accommodations on the view-quiz page', () => {
  it('lists the players, changes, removes and adds them, and saves the whole set', async () => {
    const { user, calls } = setup()
    await screen.findByRole('table', { name: 'Players with accommodations (2)' }, LOADED)
    expect(within(section()).getByText(/Extra time applies to attempts started after saving/)).toBeInTheDocument()
    expect(emailsInTable()).toEqual(['ana@example.com', 'ben@example.com'])
    expect(within(section()).getByRole('combobox', { name: 'Extra time for ana@example.com' })).toHaveValue('x1.5')
    expect(within(section()).getByRole('checkbox', { name: 'Read aloud for ben@example.com' })).toBeChecked()
    expect(
      within(within(section()).getByRole('combobox', { name: 'Extra time for ana@example.com' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', '×1.5', '×2', 'Unlimited'])

    await user.selectOptions(within(section()).getByRole('combobox', { name: 'Extra time for ana@example.com' }), 'x2')
    // Removing a row moves focus to the next row's Remove button.
    await user.click(within(section()).getByRole('button', { name: 'Remove ana@example.com' }))
    expect(emailsInTable()).toEqual(['ben@example.com'])
    expect(within(section()).getByRole('button', { name: 'Remove ben@example.com' })).toHaveFocus()

    // Several e-mails pasted at once; one already listed gets the new choice.
    await user.click(within(section()).getByLabelText('E-mails'))
    await user.paste('Cy@Example.com, dee@example.com\nben@example.com')
    await user.selectOptions(within(section()).getByLabelText('Extra time', { exact: true }), 'unlimited')
    await user.click(within(section()).getByRole('button', { name: 'Add players' }))
    expect(emailsInTable()).toEqual(['ben@example.com', 'Cy@Example.com', 'dee@example.com'])
    expect(within(section()).getByRole('status')).toHaveTextContent('Added 2 players. Updated 1 player. Save accommodations to apply.')
    expect(within(section()).getByLabelText('E-mails')).toHaveValue('')
    // A player left with nothing is dropped by the server.
    await user.selectOptions(within(section()).getByRole('combobox', { name: 'Extra time for dee@example.com' }), 'none')

    await user.click(within(section()).getByRole('button', { name: 'Save accommodations' }))
    expect(await within(section()).findByText('Accommodations saved for 2 players.')).toBeInTheDocument()
    const save = calls.find((c) => c.method === 'PUT')
    expect(save?.body).toEqual({
      accommodations: [
        { email: 'ben@example.com', extraTime: 'unlimited', readAloud: false },
        { email: 'Cy@Example.com', extraTime: 'unlimited', readAloud: false },
        { email: 'dee@example.com', extraTime: 'none', readAloud: false },
      ],
    })
    // The table shows the set as the server stored it.
    expect(emailsInTable()).toEqual(['ben@example.com', 'cy@example.com'])
  }, FLOW_MS)

  it('checks what is added before adding it', async () => {
    const { user } = setup({ [ACCOMMODATIONS]: { body: { accommodations: [] } } })
    expect(await screen.findByText('No player has accommodations yet.', {}, LOADED)).toBeInTheDocument()
    const emails = within(section()).getByLabelText('E-mails')
    await user.click(within(section()).getByRole('button', { name: 'Add players' }))
    expect(emails).toHaveAttribute('aria-invalid', 'true')
    expect(emails).toHaveAccessibleDescription(/Please enter at least one e-mail address\./)
    expect(emails).toHaveFocus()

    await user.paste('ana@example.com')
    await user.click(within(section()).getByRole('button', { name: 'Add players' }))
    expect(emails).toHaveAccessibleDescription(/Choose extra time or read aloud for the players you add\./)

    await user.clear(emails)
    await user.paste('ana@example.com, not-an-address')
    await user.click(within(section()).getByLabelText('Read aloud', { exact: true }))
    await user.click(within(section()).getByRole('button', { name: 'Add players' }))
    expect(emails).toHaveAccessibleDescription(/Invalid email address: not-an-address/)
    expect(within(section()).queryByRole('table')).not.toBeInTheDocument()
  }, FLOW_MS)

  it("shows the server's refusal next to the button and moves focus to it", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = setup({
      [SAVE]: { status: 422, body: { error: 'ana@example.com is listed more than once', code: 'validation', details: { email: 'ana@example.com' } } },
    })
    await screen.findByRole('table', { name: 'Players with accommodations (2)' }, LOADED)
    await user.click(within(section()).getByRole('button', { name: 'Save accommodations' }))
    const alert = await within(section()).findByRole('alert')
    expect(alert).toHaveTextContent('ana@example.com is listed more than once')
    await waitFor(() => expect(alert).toHaveFocus())
    // Nothing was lost: the table still holds what the host had.
    expect(emailsInTable()).toEqual(['ana@example.com', 'ben@example.com'])
  }, FLOW_MS)

  it('says when they cannot be loaded, and tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let answer: FakeResponse = { status: 500, body: { error: 'Something broke' } }
    const { user } = setup({ [ACCOMMODATIONS]: () => answer })
    const region = await screen.findByRole('region', { name: 'Accommodations' }, LOADED)
    expect(await within(region).findByRole('alert', {}, LOADED)).toHaveTextContent('Something broke')
    answer = { body: stored }
    await user.click(within(section()).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('table', { name: 'Players with accommodations (2)' }, LOADED)).toBeInTheDocument()
  }, FLOW_MS)
})

describe('accommodations in the results', () => {
  beforeEach(() => {
    installFakeWebSocket()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('says in words which accommodations each attempt had', async () => {
    const row = (n: number, accommodation?: unknown) => ({
      rank: n,
      userId: `p${n}`,
      firstName: `Player${n}`,
      lastName: 'Test',
      email: `p${n}@example.com`,
      score: 3 - n,
      total: 3,
      points: (3 - n) * 10,
      accommodation,
    })
    mockApi({
      'GET /api/hostQuiz/results/31': {
        body: {
          success: true,
          title: 'Cell Biology',
          participants: 3,
          data: [
            row(1, { extraTime: 'x2', readAloud: true }),
            row(2, { extraTime: 'unlimited', readAloud: false }),
            row(3, { extraTime: 'none', readAloud: false }),
          ],
        },
      },
    })
    signInAs()
    renderApp('/host/viewResult/31')
    const rows = within(await screen.findByRole('table', {}, LOADED)).getAllByRole('row').slice(1)
    const nameCell = (index: number) => within(rows[index]).getAllByRole('cell')[1].textContent
    expect(nameCell(0)).toBe('Player1 Testp1@example.comAccommodations: Extra time ×2, read aloud')
    expect(nameCell(1)).toBe('Player2 Testp2@example.comAccommodations: No time limit')
    expect(nameCell(2)).toBe('Player3 Testp3@example.com')
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, ''))
    expect(headers).toEqual(['Rank', 'Name', 'Score', 'Actions'])
  }, FLOW_MS)
})
