import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { BEN, CID, ENTRIES, entry, timelinePage } from '@/features/audit/testing/fixtures'
import { mockApi, signInAs, type FakeHandler, type FakeResponse } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

const TIMELINE = 'GET /api/audit/quizzes/12/timeline'

// The screens' chunk, loaded once before the tests rather than inside the first one's wait.
beforeAll(() => import('./audit'))

/** The first page on screen (a text query: role queries over the whole timeline are slow in jsdom). */
const timelineShown = () => screen.findByText('Submitted by the player: 3/3 right, 30 points', {}, { timeout: 5000 })

function setup(handlers: Record<string, FakeHandler | FakeResponse> = {}, path = '/audit/quizzes/12') {
  const api = mockApi({ [TIMELINE]: { body: timelinePage() }, ...handlers })
  signInAs()
  return { ...api, ...renderApp(path), user: userEvent.setup() }
}

const entryItems = () => within(screen.getByRole('list', { name: 'Timeline entries' })).getAllByTestId('audit-entry')
const timelineQueries = (calls: Array<{ path: string; query: string }>) =>
  calls.filter((c) => c.path === '/api/audit/quizzes/12/timeline').map((c) => Object.fromEntries(new URLSearchParams(c.query)))

describe('/audit/quizzes/:quizId, the timeline', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it("shows the quiz and its entries newest first, each with time, position, kind, summary and actor", async () => {
    const { calls } = setup()
    await timelineShown()
    expect(await screen.findByText('Audit: Warm-up', { selector: 'h1' })).toBeInTheDocument()
    expect(screen.getByText('K3X9QZ')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Hedy Lamarr' })).toHaveAttribute('href', '/audit/people/u-hedy')
    expect(screen.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true')
    expect(calls[0].headers.Authorization).toMatch(/^Bearer /)
    expect(timelineQueries(calls)).toEqual([{ limit: '50' }])

    const items = entryItems()
    expect(items).toHaveLength(ENTRIES.length)
    const [top, retake, , timeout] = items
    expect(top).toHaveTextContent('#60')
    expect(top).toHaveTextContent('Attempts')
    expect(top).toHaveTextContent('Submitted by the player: 3/3 right, 30 points')
    expect(top).toHaveTextContent('By Ben Baker')
    expect(within(top).getByText(new Date(ENTRIES[0].at).toLocaleString())).toHaveAttribute('datetime', ENTRIES[0].at)
    expect(within(top).getByRole('link', { name: /^Open attempt sheet/ })).toHaveAttribute('href', '/audit/attempts/a-ben-2')
    expect(retake).toHaveTextContent('Retake granted')
    expect(retake).toHaveTextContent('By Hedy Lamarr, about Ben Baker')
    expect(timeout).toHaveTextContent('By server, about Ben Baker')
    expect(screen.getByText(/Showing 6 entries; the history has 6 entries in all. Indexed up to position 61./)).toBeInTheDocument()
  })

  it("shows an edit's changes as a before/after table", async () => {
    setup()
    await timelineShown()
    const table = screen.getByRole('table', { name: 'Changes in edit #40' })
    const cells = within(table).getAllByRole('row').slice(1).map((row) => Array.from(row.children).map((c) => c.textContent))
    expect(cells).toEqual([['#7', 'Right answer', 'B', 'C']])
  })

  it('asks again for the chosen order and kinds', async () => {
    const { calls, user } = setup()
    await timelineShown()
    await user.click(screen.getByRole('radio', { name: 'Oldest first' }))
    await waitFor(() => expect(timelineQueries(calls).at(-1)).toEqual({ order: 'oldest', limit: '50' }))
    await user.click(screen.getByRole('checkbox', { name: 'Tokens' }))
    await waitFor(() => expect(timelineQueries(calls).at(-1)?.kind).toBe('hosted,edited,attempt,retake,live,generated,account'))
    await user.click(screen.getByRole('checkbox', { name: 'Audit reads' }))
    await waitFor(() => expect(timelineQueries(calls).at(-1)?.kind).toBe('hosted,edited,attempt,retake,live,generated,account,audit'))
  })

  it('says when no kind is chosen, without asking the server', async () => {
    const { calls, user } = setup({ [TIMELINE]: { body: timelinePage([]) } })
    await screen.findByText('No entries match these filters.', {}, { timeout: 5000 })
    const before = calls.length
    for (const box of screen.getAllByRole('checkbox', { checked: true })) await user.click(box)
    expect(screen.getByText('Choose at least one kind of entry.')).toBeInTheDocument()
    expect(calls.length).toBe(before + 7)
    expect(screen.queryByRole('list', { name: 'Timeline entries' })).not.toBeInTheDocument()
  })

  it('narrows the timeline to one player, still offering the others', async () => {
    const bens = ENTRIES.filter((e) => e.person?.id === BEN.id)
    const { calls, user } = setup({
      [TIMELINE]: ({ url }) => ({ body: timelinePage(url.includes('person=u-ben') ? bens : ENTRIES) }),
    })
    await timelineShown()
    const player = screen.getByRole('combobox', { name: 'Player' })
    await waitFor(() => expect(within(player).getAllByRole('option').map((o) => o.textContent)).toEqual(['Everyone', 'Ben Baker', 'Cid Cole', 'Hedy Lamarr']))
    await user.selectOptions(player, 'Ben Baker')
    await waitFor(() => expect(entryItems()).toHaveLength(bens.length))
    expect(timelineQueries(calls).at(-1)).toEqual({ person: 'u-ben', limit: '50' })
    entryItems().forEach((item) => expect(item).toHaveTextContent('Ben Baker'))
    expect(within(player).getAllByRole('option')).toHaveLength(4)
    await user.selectOptions(player, 'Everyone')
    await waitFor(() => expect(entryItems()).toHaveLength(ENTRIES.length))
  })

  it('loads more from the next cursor and appends it', async () => {
    const more = [entry({ position: 20, kind: 'tokens', eventType: 'TokensSpent', actor: CID, person: CID, summary: '1 tokens spent' })]
    const { calls, user } = setup({
      [TIMELINE]: ({ url }) => ({ body: url.includes('cursor=31') ? timelinePage(more) : timelinePage(ENTRIES, { nextCursor: 31 }) }),
    })
    await timelineShown()
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(entryItems()).toHaveLength(ENTRIES.length + 1))
    expect(timelineQueries(calls).at(-1)).toEqual({ cursor: '31', limit: '50' })
    expect(entryItems().at(-1)).toHaveTextContent('Tokens spent')
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('shows the raw event on demand', async () => {
    const { calls, user } = setup({ 'GET /api/audit/events/60': { body: { position: 60, eventType: 'AttemptSubmitted', data: { score: 3 } } } })
    await timelineShown()
    const top = screen.getAllByTestId('audit-entry')[0]
    const toggle = within(top).getByRole('button', { name: 'Raw event #60' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const json = await within(top).findByLabelText('Event #60 as stored')
    expect(JSON.parse(json.textContent ?? '')).toEqual({ position: 60, eventType: 'AttemptSubmitted', data: { score: 3 } })
    await user.click(toggle)
    await user.click(toggle)
    expect(calls.filter((c) => c.path === '/api/audit/events/60')).toHaveLength(1)
  })

  it.each([
    [403, 'You may not audit this quiz.'],
    [404, 'No such quiz.'],
  ])('replaces the screen when refused with %i', async (status, text) => {
    setup({ [TIMELINE]: { status, body: { error: 'refused', code: status === 403 ? 'not_auditor' : 'not_found' } } })
    // The timeline says so first, then the screen gives way to the refusal alone.
    await waitFor(
      () => {
        expect(screen.getByText(text)).toBeInTheDocument()
        expect(screen.queryByText('Timeline', { selector: 'button' })).not.toBeInTheDocument()
      },
      { timeout: 5000 },
    )
    expect(screen.getByRole('alert')).toHaveTextContent(text)
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
  })

  it('asks to wait after too many audit reads, and tries again', async () => {
    let refuse = true
    const { user } = setup({
      [TIMELINE]: () => (refuse ? { status: 429, body: { error: 'Too many', code: 'too_many_audit_reads' }, headers: { 'Retry-After': '5' } } : { body: timelinePage() }),
    })
    expect(await screen.findByText('Too many audit requests. Please wait a moment and try again.', {}, { timeout: 5000 })).toBeInTheDocument()
    refuse = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(entryItems()).toHaveLength(ENTRIES.length))
  })

  it('shows Page not found for a quiz id that is not one', async () => {
    setup({}, '/audit/quizzes/abc')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
  })

  it('needs a signed-in user', async () => {
    mockApi({})
    const { router } = renderApp('/audit/quizzes/12')
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'))
  })
})

describe('/audit/quizzes/:quizId, the tabs', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('moves between the tabs with the arrow keys and keeps the tab in the address', async () => {
    const { router, user } = setup({ 'GET /api/audit/quizzes/12/standings': { status: 500, body: { error: 'Store unavailable' } } })
    await timelineShown()
    const timeline = screen.getByRole('tab', { name: 'Timeline' })
    timeline.focus()
    await user.keyboard('{ArrowRight}')
    const standings = screen.getByRole('tab', { name: 'Standings' })
    expect(standings).toHaveFocus()
    expect(standings).toHaveAttribute('aria-selected', 'true')
    expect(router.state.location.search).toBe('?tab=standings')
    expect(await screen.findByRole('alert')).toHaveTextContent('Store unavailable')
    fireEvent.keyDown(standings, { key: 'Home' })
    expect(timeline).toHaveAttribute('aria-selected', 'true')
    // The timeline kept its entries.
    expect(entryItems()).toHaveLength(ENTRIES.length)
  })
})
