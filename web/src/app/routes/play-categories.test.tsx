import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { mockApi, signInAs } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

function categories(names: string[]) {
  return names.map((name, index) => ({ id: index + 1, name, description: `About ${name}`, questionCount: 20, timeLimit: 10 }))
}

const many = categories(Array.from({ length: 26 }, (_, i) => `Topic ${i + 1}`))

async function renderCategories(list: unknown, status = 200) {
  const api = mockApi({ 'GET /api/categories': { status, body: list } })
  signInAs()
  const rendered = renderApp('/play/categories')
  return { ...api, ...rendered }
}

const cards = () => within(screen.getByRole('list', { name: 'Categories' })).queryAllByRole('button')

describe('/play/categories', () => {
  it('shows 15 categories at first and See More / Show Less toggles the rest', async () => {
    await renderCategories(many)
    const user = userEvent.setup()
    expect(screen.getByRole('heading', { name: 'Quiz Categories' })).toBeInTheDocument()
    await waitFor(() => expect(cards()).toHaveLength(15))
    await user.click(screen.getByRole('button', { name: 'See More' }))
    expect(cards()).toHaveLength(26)
    await user.click(screen.getByRole('button', { name: 'Show Less' }))
    expect(cards()).toHaveLength(15)
  })

  it('offers to host each category live', async () => {
    await renderCategories(categories(['Chemistry', 'Biology']))
    const link = await screen.findByRole('link', { name: 'Host live: Chemistry' })
    expect(link).toHaveAttribute('href', '/host/live?quizId=1')
    expect(screen.getByRole('link', { name: 'Host live: Biology' })).toHaveAttribute('href', '/host/live?quizId=2')
  })

  it('filters by name ignoring case and hides the toggle when 10 or fewer match', async () => {
    await renderCategories(categories(['Chemistry', 'Biology', 'Biochemistry', 'History']))
    const user = userEvent.setup()
    await waitFor(() => expect(cards()).toHaveLength(4))
    await user.type(screen.getByPlaceholderText('Find category'), 'CHEM')
    expect(cards().map((c) => c.querySelector('.category-name')?.textContent)).toEqual(['Chemistry', 'Biochemistry'])
    expect(screen.queryByRole('button', { name: 'See More' })).not.toBeInTheDocument()
    await user.clear(screen.getByPlaceholderText('Find category'))
    await user.type(screen.getByPlaceholderText('Find category'), 'zzz')
    expect(cards()).toHaveLength(0)
  })

  it('shows the toggle when more than 10 match and hides it for fewer', async () => {
    await renderCategories(many)
    const user = userEvent.setup()
    const search = screen.getByPlaceholderText('Find category')
    await waitFor(() => expect(cards()).toHaveLength(15))
    // "topic 1" matches Topic 1 and Topic 10 to 19: 11 categories.
    await user.type(search, 'topic 1')
    expect(cards()).toHaveLength(11)
    expect(screen.getByRole('button', { name: 'See More' })).toBeInTheDocument()
    // "topic 2" matches Topic 2 and Topic 20 to 26: 8 categories.
    await user.clear(search)
    await user.type(search, 'topic 2')
    expect(cards()).toHaveLength(8)
    expect(screen.queryByRole('button', { name: 'See More' })).not.toBeInTheDocument()
  })

  it('hides the toggle for exactly 10 matches', async () => {
    await renderCategories(categories(Array.from({ length: 10 }, (_, i) => `Quiz ${i}`)))
    await waitFor(() => expect(cards()).toHaveLength(10))
    expect(screen.queryByRole('button', { name: 'See More' })).not.toBeInTheDocument()
  })

  it('keeps the list expanded while the search changes', async () => {
    await renderCategories(many)
    const user = userEvent.setup()
    await waitFor(() => expect(cards()).toHaveLength(15))
    await user.click(screen.getByRole('button', { name: 'See More' }))
    await user.type(screen.getByPlaceholderText('Find category'), 'topic')
    expect(cards()).toHaveLength(26)
  })

  it('opens the quiz with the numeric category id in the navigation state', async () => {
    const { router } = await renderCategories(categories(['Chemistry', 'History']))
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: /History/ }))
    expect(router.state.location.pathname).toBe('/play/quiz')
    expect(router.state.location.state).toMatchObject({ category_id: 2 })
  })

  it('only logs a fetch failure and keeps the list empty', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await renderCategories({ error: 'boom', code: 'internal' }, 500)
    await waitFor(() => expect(logged).toHaveBeenCalled())
    expect(cards()).toHaveLength(0)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
