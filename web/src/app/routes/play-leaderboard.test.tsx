import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { makeUser, mockApi, signInAs } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

const firstNames = ['Ada', 'Alan', 'Grace', 'Edsger', 'Barbara', 'Donald', 'Margaret', 'Ken', 'Dennis', 'Linus', 'Guido', 'Bjarne']
// 23 players, highest points first, as the server sends them.
const entries = Array.from({ length: 23 }, (_, i) => ({
  userId: `u${i + 1}`,
  firstName: firstNames[i % firstNames.length],
  lastName: `Player${i + 1}`,
  points: 1000 - i * 10,
}))

function renderBoard(body: unknown = entries, status = 200) {
  const api = mockApi({ 'GET /api/leaderboard': { status, body } })
  signInAs(makeUser({ id: 'u12', firstName: 'Bjarne', lastName: 'Player12' }))
  return { ...api, ...renderApp('/play/leaderboard') }
}

function bodyRows() {
  const table = screen.getByRole('table')
  return within(table).getAllByRole('row').slice(1)
}

function names() {
  return bodyRows().map((row) => within(row).getAllByRole('cell')[1].textContent)
}

describe('/play/leaderboard', () => {
  it('loads, then shows Rank, Name and Score, 10 rows a page', async () => {
    renderBoard()
    expect(screen.getByText('Loading leaderboard data...')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Leaderboard Rankings' })).toBeInTheDocument()
    await screen.findByRole('table')
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers.map((h) => h?.replace(/[▲▼↕]/g, ''))).toEqual(['Rank', 'Name', 'Score'])
    expect(bodyRows()).toHaveLength(10)
    expect(within(bodyRows()[0]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', 'Ada Player1', '1000'])
    expect(screen.getByText('Showing 1 to 10 of 23 players')).toBeInTheDocument()
  })

  it('pages with Previous / Next and page buttons', async () => {
    renderBoard()
    const user = userEvent.setup()
    await screen.findByRole('table')
    const nav = screen.getByRole('navigation', { name: 'Pagination' })
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled()
    expect(within(nav).getAllByRole('button', { name: /^Page / }).map((b) => b.textContent)).toEqual(['1', '2', '3'])
    await user.click(within(nav).getByRole('button', { name: 'Next' }))
    expect(screen.getByText('Showing 11 to 20 of 23 players')).toBeInTheDocument()
    await user.click(within(nav).getByRole('button', { name: 'Page 3' }))
    expect(screen.getByText('Showing 21 to 23 of 23 players')).toBeInTheDocument()
    expect(bodyRows()).toHaveLength(3)
    expect(within(nav).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('button', { name: 'Next' })).toBeDisabled()
  })

  it('searches by name case-insensitively and goes back to page 1', async () => {
    renderBoard()
    const user = userEvent.setup()
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: 'Page 2' }))
    await user.type(screen.getByLabelText('Search by name'), 'ADA')
    expect(names()).toEqual(['Ada Player1', 'Ada Player13'])
    // Ranks stay the players' positions on the whole board.
    expect(bodyRows().map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual(['1', '13'])
    expect(screen.getByText('Showing 1 to 2 of 2 players')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Search by name'))
    await user.type(screen.getByLabelText('Search by name'), 'nobody')
    expect(screen.getByText('No players match your search.')).toBeInTheDocument()
    expect(screen.getByText('Showing 0 to 0 of 0 players')).toBeInTheDocument()
  })

  it('sorts: rank ascending by default, the active column toggles, another column sorts ascending', async () => {
    renderBoard()
    const user = userEvent.setup()
    await screen.findByRole('table')
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) })
    expect(header('Rank')).toHaveAttribute('aria-sort', 'ascending')
    await user.click(within(header('Rank')).getByRole('button'))
    expect(header('Rank')).toHaveAttribute('aria-sort', 'descending')
    expect(names()[0]).toBe('Guido Player23')
    await user.click(within(header('Score')).getByRole('button'))
    expect(header('Score')).toHaveAttribute('aria-sort', 'ascending')
    expect(header('Rank')).toHaveAttribute('aria-sort', 'none')
    expect(within(bodyRows()[0]).getAllByRole('cell')[2].textContent).toBe('780')
    await user.click(within(header('Score')).getByRole('button'))
    expect(within(bodyRows()[0]).getAllByRole('cell')[2].textContent).toBe('1000')
    await user.click(within(header('Name')).getByRole('button'))
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending')
    expect(names().slice(0, 3)).toEqual(['Ada Player1', 'Ada Player13', 'Alan Player14'])
  })

  it("highlights the signed-in player's row", async () => {
    renderBoard()
    const user = userEvent.setup()
    await screen.findByRole('table')
    expect(bodyRows().some((row) => row.getAttribute('aria-current') === 'true')).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Page 2' }))
    const mine = bodyRows().filter((row) => row.getAttribute('aria-current') === 'true')
    expect(mine).toHaveLength(1)
    expect(mine[0]).toHaveClass('row-current')
    expect(within(mine[0]).getByText('You')).toBeInTheDocument()
    expect(within(mine[0]).getAllByRole('cell')[0]).toHaveTextContent('12')
  })

  it('says so when there is no data', async () => {
    renderBoard([])
    expect(await screen.findByText('No leaderboard data available.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('shows the error with a Retry button that reloads the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const reload = vi.fn()
    vi.stubGlobal('location', { ...window.location, reload })
    renderBoard({ error: 'boom' }, 500)
    expect(await screen.findByText('Failed to load leaderboard data. Please try again later.')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
  })

  it('shows the Leaderboard link in the header under /play', async () => {
    renderBoard()
    await screen.findByRole('table')
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Leaderboard' })).toHaveAttribute(
      'href',
      '/play/leaderboard',
    )
  })
})
