import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { playedGames } from '@/features/live/testing/fixtures'
import { mockApi, signInAs, type FakeResponse } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

function setup(history: FakeResponse = { body: playedGames }) {
  const api = mockApi({ 'GET /api/live/history': history })
  signInAs()
  return { ...api, ...renderApp('/play/live/history') }
}

const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children).map((cell) => cell.textContent))

describe('/play/live/history', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('lists the games the player played, newest first: title, date, nickname, points, place', async () => {
    const { calls } = setup()
    expect(await screen.findByRole('heading', { name: 'Your live games' })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Live games you played' })
    expect(calls.find((c) => c.path === '/api/live/history')?.headers.Authorization).toMatch(/^Bearer /)
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Game',
      'Played',
      'Nickname',
      'Points',
      'Correct',
      'Place',
    ])
    expect(bodyRows(table)).toEqual([
      ['Rivers Running', new Date('2026-11-20T18:30:00Z').toLocaleString(), 'Ada L', '300 points', '1', '3rd of 12'],
      ['World capitals', new Date('2026-11-19T09:00:00Z').toLocaleString(), 'Ada', '1850 points', '2', '1st of 2'],
    ])
    expect(within(table).getByRole('rowheader', { name: 'World capitals' })).toBeInTheDocument()
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Join a live game' })).toHaveAttribute('href', '/play/live')
  })

  it('says when there is none yet', async () => {
    setup({ body: [] })
    expect(await screen.findByText('You have not played a live game while signed in yet.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('shows a failed load', async () => {
    setup({ status: 500, body: { error: 'Store unavailable' } })
    expect(await screen.findByRole('alert')).toHaveTextContent('Store unavailable')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('needs a signed-in player', async () => {
    mockApi({})
    const { router } = renderApp('/play/live/history')
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'))
  })
})
