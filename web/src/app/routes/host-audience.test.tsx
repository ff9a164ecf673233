import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { mockApi, signInAs, type FakeHandler, type FakeResponse } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

const lists = [
  { id: 'l1', name: 'Biology 7B', emails: ['ana@example.com', 'ben@example.com'], count: 2 },
  { id: 'l2', name: 'Staff', emails: ['cy@example.com'], count: 1 },
]

function setup(overrides: Record<string, FakeHandler | FakeResponse> = {}) {
  const api = mockApi({
    'GET /api/audience': { body: lists },
    'POST /api/audience': ({ body }) => {
      const { name, emails } = body as { name: string; emails: string }
      return { status: 201, body: { id: 'l3', name, emails: emails.split(', '), count: emails.split(', ').length } }
    },
    'PUT /api/audience/l1': ({ body }) => {
      const { name, emails } = body as { name: string; emails: string }
      return { body: { id: 'l1', name, emails: emails.split(', '), count: emails.split(', ').length } }
    },
    'DELETE /api/audience/l2': { body: { success: true } },
    ...overrides,
  })
  signInAs()
  return { ...api, ...renderApp('/host/audience'), user: userEvent.setup() }
}

const item = (name: string) => screen.getByRole('listitem', { name })

describe('/host/audience', () => {
  it("lists the caller's audience lists", async () => {
    const { calls } = setup()
    expect(await screen.findByRole('heading', { name: 'Biology 7B' })).toBeInTheDocument()
    expect(within(item('Biology 7B')).getByText('2 emails')).toBeInTheDocument()
    expect(within(item('Biology 7B')).getByText('ana@example.com, ben@example.com')).toBeInTheDocument()
    expect(within(item('Staff')).getByText('1 email')).toBeInTheDocument()
    expect(calls[0].headers.Authorization).toMatch(/^Bearer /)
  })

  it('creates a list from a name and comma-separated emails', async () => {
    const { user, calls } = setup()
    await screen.findByRole('heading', { name: 'Biology 7B' })
    const form = screen.getByRole('form', { name: 'New audience list' })
    await user.click(within(form).getByRole('button', { name: 'Create List' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Please provide a list name')
    await user.type(within(form).getByLabelText('List name'), 'Lab')
    await user.click(within(form).getByRole('button', { name: 'Create List' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Please provide email addresses for quiz participants')
    await user.type(within(form).getByLabelText('Emails'), ' x@example.com ,y@example.com, ')
    await user.click(within(form).getByRole('button', { name: 'Create List' }))
    expect(await screen.findByRole('heading', { name: 'Lab' })).toBeInTheDocument()
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Lab', emails: 'x@example.com, y@example.com' })
    expect(within(form).getByLabelText('List name')).toHaveValue('')
  })

  it("shows the server's validation message", async () => {
    const { user } = setup({
      'POST /api/audience': { status: 400, body: { error: 'Invalid email address: nope', code: 'validation' } },
    })
    await screen.findByRole('heading', { name: 'Biology 7B' })
    const form = screen.getByRole('form', { name: 'New audience list' })
    await user.type(within(form).getByLabelText('List name'), 'Lab')
    await user.type(within(form).getByLabelText('Emails'), 'nope')
    await user.click(within(form).getByRole('button', { name: 'Create List' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent('Invalid email address: nope')
  })

  it('renames a list and changes its emails', async () => {
    const { user, calls } = setup()
    await screen.findByRole('heading', { name: 'Biology 7B' })
    await user.click(screen.getByRole('button', { name: 'Edit Biology 7B' }))
    const editing = item('Biology 7B')
    await user.clear(within(editing).getByLabelText('List name'))
    await user.type(within(editing).getByLabelText('List name'), 'Biology 8A')
    await user.type(within(editing).getByLabelText('Emails'), ', dee@example.com')
    await user.click(within(editing).getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('heading', { name: 'Biology 8A' })).toBeInTheDocument()
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Biology 8A',
      emails: 'ana@example.com, ben@example.com, dee@example.com',
    })
    expect(within(item('Biology 8A')).getByText('3 emails')).toBeInTheDocument()
  })

  it('deletes a list after a confirmation', async () => {
    const { user, calls } = setup()
    await screen.findByRole('heading', { name: 'Staff' })
    await user.click(screen.getByRole('button', { name: 'Delete Staff' }))
    const confirm = screen.getByRole('group', { name: 'Confirm deletion' })
    expect(confirm).toHaveTextContent('Delete "Staff"?')
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Delete Staff' }))
    await user.click(screen.getByRole('button', { name: 'Delete list' }))
    expect(await screen.findByText('Audience list deleted.')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Staff' })).not.toBeInTheDocument()
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/audience/l2')
  })

  it('says when the lists cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    setup({ 'GET /api/audience': { status: 500, body: { error: 'boom' } } })
    expect(await screen.findByText('Failed to load audience lists. Please try again.')).toBeInTheDocument()
  })
})
