import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { BEN, entry } from '@/features/audit/testing/fixtures'
import { makeUser, mockApi, signInAs, type FakeHandler, type FakeResponse } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

beforeAll(() => import('./audit'))

const PERSON = { ...BEN, email: 'ben@example.com' }
const PAGE = {
  person: PERSON,
  entries: [
    entry({ position: 9, kind: 'account', eventType: 'EmailVerified', actor: BEN, person: BEN, summary: 'Verified the e-mail address' }),
    entry({ position: 8, kind: 'account', eventType: 'SignedUp', actor: BEN, person: BEN, summary: 'Signed up as ben@example.com' }),
  ],
  nextCursor: null,
  total: 2,
  indexedUpTo: 10,
}

function setup(path: string, handlers: Record<string, FakeHandler | FakeResponse> = {}) {
  const api = mockApi({ 'GET /api/audit/people/u-ben/timeline': { body: PAGE }, ...handlers })
  signInAs(makeUser({ id: 'u1' }))
  return { ...api, ...renderApp(path), user: userEvent.setup() }
}

describe('/audit/people/:userId', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it("shows a person's history with the timeline's filters (no player filter) and exports", async () => {
    const { calls, user } = setup('/audit/people/u-ben')
    expect(await screen.findByText('History: Ben Baker', { selector: 'h1' }, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByText('ben@example.com')).toBeInTheDocument()
    const items = within(screen.getByRole('list', { name: 'Timeline entries' })).getAllByTestId('audit-entry')
    expect(items.map((item) => item.textContent)).toEqual([expect.stringContaining('Verified the e-mail address'), expect.stringContaining('Signed up')])
    expect(screen.queryByRole('combobox', { name: 'Player' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Export JSON lines' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'Audit reads' }))
    await waitFor(() => expect(calls.at(-1)?.query).toContain('kind=hosted%2Cedited%2Cattempt%2Cretake%2Ctokens%2Clive%2Cgenerated%2Caccount%2Caudit'))
  })

  it('calls one’s own history My history', async () => {
    setup('/audit/people/u1', { 'GET /api/audit/people/u1/timeline': { body: { ...PAGE, person: { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' } } } })
    expect(await screen.findByText('My history', { selector: 'h1' }, { timeout: 5000 })).toBeInTheDocument()
  })

  it("refuses someone else's history to a non-auditor", async () => {
    setup('/audit/people/u-ben', { 'GET /api/audit/people/u-ben/timeline': { status: 403, body: { error: 'no', code: 'not_auditor' } } })
    // The timeline says so first, then the screen gives way to the refusal alone.
    await waitFor(
      () => {
        expect(screen.getByText("You may not see this person's history.")).toBeInTheDocument()
        expect(screen.queryByText('Export CSV', { selector: 'button' })).not.toBeInTheDocument()
      },
      { timeout: 5000 },
    )
    expect(screen.queryByRole('list', { name: 'Timeline entries' })).not.toBeInTheDocument()
  })
})

describe('/audit/leaderboard', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  const board = (at: number) => ({ at, atTime: '2026-11-26T10:00:00.000Z', head: 90, rows: [{ rank: 1, userId: 'u-ann', name: 'Ann Able', points: 120 }] })

  it('shows the global leaderboard now, then as of a time or a position', async () => {
    const { calls, user } = setup('/audit/leaderboard', {
      'GET /api/audit/leaderboard': ({ url }) => ({ body: board(url.includes('at=') ? 40 : url.includes('time=') ? 70 : 90) }),
    })
    expect(await screen.findByText(/^As of position 90/, {}, { timeout: 5000 })).toHaveTextContent(/, the latest$/)
    expect(within(screen.getByRole('table', { name: 'Top 1 as of position 90' })).getByRole('rowheader')).toHaveTextContent('Ann Able')
    await user.click(screen.getByRole('button', { name: 'Show' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a time or enter a position.')
    await user.type(screen.getByLabelText('Time'), '2026-11-26T10:00')
    await user.click(screen.getByRole('button', { name: 'Show' }))
    expect(await screen.findByText(/^As of position 70/)).toBeInTheDocument()
    expect(calls.at(-1)?.query).toBe(`time=${new Date('2026-11-26T10:00').getTime()}`)
    await user.type(screen.getByLabelText('Or position'), '40')
    await user.click(screen.getByRole('button', { name: 'Show' }))
    expect(await screen.findByText(/^As of position 40/)).toBeInTheDocument()
    expect(calls.at(-1)?.query).toBe('at=40')
    await user.click(screen.getByRole('button', { name: 'Now' }))
    expect(await screen.findByText(/^As of position 90/)).toBeInTheDocument()
    expect(calls.at(-1)?.query).toBe('')
  })

  it('tells a non-auditor it is for auditors only', async () => {
    setup('/audit/leaderboard', { 'GET /api/audit/leaderboard': { status: 403, body: { error: 'no', code: 'not_auditor' } } })
    expect(await screen.findByText('Only auditors may see the global leaderboard over time.', {}, { timeout: 5000 })).toBeInTheDocument()
  })
})
