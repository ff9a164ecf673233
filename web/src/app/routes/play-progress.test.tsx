import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { progress } from '@/features/insights/testing/fixtures'
import { mockApi, signInAs, type FakeHandler, type FakeResponse } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

function setup(handlers: Record<string, FakeHandler | FakeResponse> = {}) {
  const api = mockApi({ 'GET /api/play/progress': { body: progress() }, ...handlers })
  signInAs()
  return { ...api, ...renderApp('/play/progress'), user: userEvent.setup() }
}

const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children).map((cell) => cell.textContent))

describe('/play/progress', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('shows the streak and every quiz and live game played', async () => {
    const { calls } = setup()
    expect(await screen.findByTestId('streak-current')).toHaveTextContent('2 days in a row')
    expect(calls.find((c) => c.path === '/api/play/progress')?.headers.Authorization).toMatch(/^Bearer /)
    expect(screen.getByText('Longest streak').nextElementSibling).toHaveTextContent('5 days')
    expect(screen.getByText('Days played').nextElementSibling).toHaveTextContent('9')
    const quizzes = bodyRows(screen.getByRole('table', { name: 'Quizzes played, most recent first' }))
    expect(quizzes.map((r) => [r[0], r[1], r[3], r[4], r[5]])).toEqual([
      ['Warm-up', 'Hosted', '2 / 3 (67%)', '2nd of 3', '2 attempts'],
      ['Science', 'Curated', '8 / 10 (80%)', '—', '3 attempts'],
    ])
    expect(quizzes[0][2]).toBe(new Date('2026-11-26T10:00:00Z').toLocaleString())
    const games = bodyRows(screen.getByRole('table', { name: 'Live games played, newest first' }))
    expect(games).toEqual([['Quiz night', new Date('2026-11-24T20:00:00Z').toLocaleString(), '4200', '7', '3rd of 28']])
  })

  it('shows each category with its trend and accuracy as charts', async () => {
    setup()
    const table = await screen.findByRole('table', { name: 'Scores per category, in percent' })
    expect(bodyRows(table)).toEqual([['Science', '40%', '90%', '80%', '']])
    expect(within(table).getByRole('img')).toHaveAccessibleName('Scores of 3 attempts, oldest first: 40%, 90%, 80%')
    expect(screen.getByRole('img', { name: /^Accuracy by category/ })).toHaveAccessibleName(
      'Accuracy by category (right answers of those answered): Science 70%',
    )
  })

  it('sends someone who has not played to the categories', async () => {
    setup({ 'GET /api/play/progress': { body: progress({ quizzes: [], liveGames: [], categories: [], streak: { current: 0, longest: 0, daysPlayed: 0, lastDay: null } }) } })
    expect(await screen.findByText('You have not played any quiz yet.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Choose a category' })).toHaveAttribute('href', '/play/categories')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('shows a failed load and loads again', async () => {
    let fail = true
    const { user } = setup({ 'GET /api/play/progress': () => (fail ? { status: 500, body: { error: 'Store unavailable' } } : { body: progress() }) })
    expect(await screen.findByRole('alert')).toHaveTextContent('Store unavailable')
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByTestId('streak-current')).toBeInTheDocument()
  })

  it('needs a signed-in player', async () => {
    mockApi({})
    const { router } = renderApp('/play/progress')
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'))
  })
})
