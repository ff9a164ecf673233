import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { demoSearchText, demoSortValue } from '@/features/host/components/demo-results'
import { generateDemoResults } from '@/features/host/utils/demo-results'
import { sortRows, searchRows } from '@/lib/table'
import { mockApi, signInAs } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

async function setup() {
  mockApi({})
  signInAs()
  const rendered = renderApp('/host/result')
  // The page is loaded on first visit.
  await screen.findByRole('table')
  return { ...rendered, user: userEvent.setup() }
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1)
const column = (index: number) => bodyRows().map((row) => within(row).getAllByRole('cell')[index].textContent ?? '')
/** The number in a score badge (which also holds the band's shape and word). */
const scores = () => bodyRows().map((row) => Number(within(row).getAllByRole('cell')[2].querySelector('.score-value')?.textContent))

describe('/host/result (demo)', () => {
  it('shows 132 participants, newest submission first, 10 a page', async () => {
    await setup()
    expect(screen.getByRole('heading', { name: 'Quiz Results' })).toBeInTheDocument()
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, ''))
    expect(headers).toEqual(['Name', 'Email', 'Score', 'Submitted At', 'Actions'])
    expect(screen.getByRole('columnheader', { name: /Submitted At/ })).toHaveAttribute('aria-sort', 'descending')
    expect(bodyRows()).toHaveLength(10)
    expect(screen.getByText('Showing 1 to 10 of 132 participants')).toBeInTheDocument()
    const times = column(3).map((text) => Date.parse(new Date(text).toISOString()))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(screen.getAllByRole('button', { name: /^Details for / })).toHaveLength(10)
  })

  it('colours score badges by band, and says the band in a word too', async () => {
    await setup()
    for (const row of bodyRows()) {
      const badge = within(row).getAllByRole('cell')[2].querySelector('.score-badge') as HTMLElement
      const score = Number(badge.querySelector('.score-value')?.textContent)
      const band = score >= 80 ? 'green' : score >= 60 ? 'blue' : score >= 40 ? 'yellow' : 'red'
      expect(badge).toHaveClass(`score-${band}`)
      expect(badge).toHaveTextContent(new RegExp(`^[▲●◆▼]${score} ${{ green: 'High', blue: 'Good', yellow: 'Fair', red: 'Low' }[band]}$`))
    }
  })

  it('searches by name or email and goes back to page 1', async () => {
    const { user } = await setup()
    await user.click(screen.getByRole('button', { name: 'Page 3' }))
    const someone = generateDemoResults()[0]
    await user.type(screen.getByLabelText('Search by name or email'), someone.email.toUpperCase())
    expect(column(1)).toEqual([someone.email])
    expect(screen.getByText('Showing 1 to 1 of 1 participants')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Search by name or email'))
    const first = someone.name.split(' ')[0]
    await user.type(screen.getByLabelText('Search by name or email'), first)
    const expected = generateDemoResults().filter((row) => `${row.name} ${row.email}`.toLowerCase().includes(first.toLowerCase()))
    expect(screen.getByText(`Showing 1 to ${Math.min(10, expected.length)} of ${expected.length} participants`)).toBeInTheDocument()
  })

  it('sorts by score, name and email; the active column toggles', async () => {
    const { user } = await setup()
    const sortBy = (name: string) => user.click(within(screen.getByRole('columnheader', { name: new RegExp(name) })).getByRole('button'))
    await sortBy('Score')
    const ascending = scores()
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b))
    await sortBy('Score')
    expect(scores()[0]).toBe(Math.max(...generateDemoResults().map((row) => row.score)))
    await sortBy('Name')
    const namesShown = column(0)
    expect(namesShown).toEqual([...namesShown].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })))
    await sortBy('Email')
    expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'ascending')
  })

  it('sorts and searches the generated rows with the shared table helpers', () => {
    const now = Date.parse('2026-03-10T12:00:00Z')
    const rows = generateDemoResults(now)
    const newest = sortRows(rows, 'desc', (row) => demoSortValue(row, 'submittedAt'))
    expect(Date.parse(newest[0].submittedAt)).toBe(Math.max(...rows.map((row) => Date.parse(row.submittedAt))))
    const byEmail = searchRows(rows, rows[5].email.slice(0, -4), demoSearchText)
    expect(byEmail.map((row) => row.id)).toContain(rows[5].id)
  })
})
