/**
 * Accommodations of an audience list's members on /host/audience (issue 15): the disclosure per
 * list, loading the list's set on the first opening only, ticking members with a choice, saving
 * the whole set to the list's address, the checks before adding, and the server's refusal.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { mockApi, signInAs, type FakeHandler, type FakeResponse } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

const lists = [
  { id: 'l1', name: 'Biology 7B', emails: ['ana@example.com', 'ben@example.com', 'cy@example.com'], count: 3 },
  { id: 'l2', name: 'Staff', emails: ['dee@example.com'], count: 1 },
]

const GET_L1 = 'GET /api/audience/l1/accommodations'
const PUT_L1 = 'PUT /api/audience/l1/accommodations'

function setup(overrides: Record<string, FakeHandler | FakeResponse> = {}) {
  const api = mockApi({
    'GET /api/audience': { body: lists },
    [GET_L1]: { body: { accommodations: [{ email: 'ana@example.com', extraTime: 'x2', readAloud: false }] } },
    'GET /api/audience/l2/accommodations': { body: { accommodations: [] } },
    [PUT_L1]: ({ body }) => ({ body }),
    'PUT /api/audience/l1': ({ body }) => {
      const { name, emails } = body as { name: string; emails: string }
      return { body: { id: 'l1', name, emails: emails.split(', '), count: emails.split(', ').length } }
    },
    ...overrides,
  })
  signInAs()
  return { ...api, ...renderApp('/host/audience'), user: userEvent.setup() }
}

/** The lazily loaded host pages can take a while on a busy machine. */
const LOADED = { timeout: 5000 }
const FLOW_MS = 15_000

const toggle = (name: string) => screen.getByRole('button', { name: `Accommodations for ${name}` })
const region = (name: string) => screen.getByRole('region', { name: `Accommodations for ${name}` })
const rowEmails = (name: string) =>
  within(within(region(name)).getByRole('table')).getAllByRole('rowheader').map((cell) => cell.textContent)

describe("an audience list's accommodations", () => {
  it('opens on demand, offers the members, and saves the set to the list', async () => {
    const { user, calls } = setup()
    await screen.findByRole('heading', { name: 'Biology 7B' }, LOADED)
    expect(toggle('Biology 7B')).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('region', { name: /Accommodations for/ })).not.toBeInTheDocument()
    // Nothing is loaded for a list whose accommodations were never opened.
    expect(calls.filter((c) => c.path.endsWith('/accommodations'))).toEqual([])

    await user.click(toggle('Biology 7B'))
    expect(toggle('Biology 7B')).toHaveAttribute('aria-expanded', 'true')
    expect(toggle('Biology 7B')).toHaveAttribute('aria-controls', region('Biology 7B').parentElement?.id)
    expect(await within(region('Biology 7B')).findByRole('table', { name: 'Players with accommodations (1)' }, LOADED)).toBeInTheDocument()
    expect(
      within(region('Biology 7B')).getByText('These apply on every quiz open to this list, unless the quiz grants the player its own.'),
    ).toBeInTheDocument()
    expect(rowEmails('Biology 7B')).toEqual(['ana@example.com'])
    const members = within(region('Biology 7B')).getByRole('group', { name: 'Members' })
    expect(within(members).getAllByRole('checkbox').map((box) => (box as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      'ana@example.com',
      'ben@example.com',
      'cy@example.com',
    ])
    // No box for typing addresses: the list's members are the choice.
    expect(within(region('Biology 7B')).queryByLabelText('E-mails')).not.toBeInTheDocument()

    await user.click(within(members).getByLabelText('ben@example.com'))
    await user.click(within(members).getByLabelText('cy@example.com'))
    await user.selectOptions(within(region('Biology 7B')).getByLabelText('Extra time', { exact: true }), 'x1.5')
    await user.click(within(region('Biology 7B')).getByRole('button', { name: 'Add players' }))
    expect(rowEmails('Biology 7B')).toEqual(['ana@example.com', 'ben@example.com', 'cy@example.com'])
    expect(within(members).getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked)).toEqual([])
    expect(within(region('Biology 7B')).getByRole('status')).toHaveTextContent('Added 2 players. Save accommodations to apply.')

    await user.click(within(region('Biology 7B')).getByRole('button', { name: 'Save accommodations' }))
    expect(await within(region('Biology 7B')).findByText('Accommodations saved for 3 players.')).toBeInTheDocument()
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/audience/l1/accommodations',
      body: {
        accommodations: [
          { email: 'ana@example.com', extraTime: 'x2', readAloud: false },
          { email: 'ben@example.com', extraTime: 'x1.5', readAloud: false },
          { email: 'cy@example.com', extraTime: 'x1.5', readAloud: false },
        ],
      },
    })

    // Closing hides it and opening again shows it as it was, without loading it again.
    await user.click(toggle('Biology 7B'))
    expect(screen.queryByRole('region', { name: 'Accommodations for Biology 7B' })).not.toBeInTheDocument()
    await user.click(toggle('Biology 7B'))
    expect(rowEmails('Biology 7B')).toEqual(['ana@example.com', 'ben@example.com', 'cy@example.com'])
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/audience/l1/accommodations')).toHaveLength(1)
  }, FLOW_MS)

  it('keeps each list apart, and follows a list whose members change', async () => {
    const { user, calls } = setup()
    await screen.findByRole('heading', { name: 'Staff' }, LOADED)
    await user.click(toggle('Biology 7B'))
    await user.click(toggle('Staff'))
    expect(await within(region('Staff')).findByText('No player has accommodations yet.', {}, LOADED)).toBeInTheDocument()
    await within(region('Biology 7B')).findByRole('table', {}, LOADED)
    expect(within(within(region('Staff')).getByRole('group', { name: 'Members' })).getAllByRole('checkbox')).toHaveLength(1)
    // Every control's id is its own, so each label names one control.
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id)
    expect(new Set(ids).size).toBe(ids.length)

    // A member added to the list is offered at once.
    await user.click(screen.getByRole('button', { name: 'Edit Biology 7B' }))
    const editing = screen.getByRole('listitem', { name: 'Biology 7B' })
    await user.type(within(editing).getByLabelText('Emails'), ', eve@example.com')
    await user.click(within(editing).getByRole('button', { name: 'Save' }))
    await screen.findByText('Audience list saved.')
    expect(within(region('Biology 7B')).getByLabelText('eve@example.com')).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/audience/l1/accommodations')).toHaveLength(1)
  }, FLOW_MS)

  it('checks what is added before adding it', async () => {
    const { user } = setup()
    await screen.findByRole('heading', { name: 'Biology 7B' }, LOADED)
    await user.click(toggle('Biology 7B'))
    await within(region('Biology 7B')).findByRole('table', {}, LOADED)
    const members = within(region('Biology 7B')).getByRole('group', { name: 'Members' })
    await user.click(within(region('Biology 7B')).getByRole('button', { name: 'Add players' }))
    expect(members).toHaveAccessibleDescription('Please choose at least one member.')
    expect(within(members).getByLabelText('ana@example.com')).toHaveFocus()

    await user.click(within(members).getByLabelText('ben@example.com'))
    expect(members).not.toHaveAccessibleDescription()
    await user.click(within(region('Biology 7B')).getByRole('button', { name: 'Add players' }))
    expect(members).toHaveAccessibleDescription('Choose extra time or read aloud for the players you add.')
    expect(rowEmails('Biology 7B')).toEqual(['ana@example.com'])

    // Removing the last row sends focus to the first member.
    await user.click(within(region('Biology 7B')).getByRole('button', { name: 'Remove ana@example.com' }))
    expect(within(members).getByLabelText('ana@example.com')).toHaveFocus()
  }, FLOW_MS)

  it("shows the server's refusal next to the button and moves focus to it", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = setup({
      [PUT_L1]: { status: 422, body: { error: 'ana@example.com is not on this list', code: 'validation', details: { email: 'ana@example.com' } } },
    })
    await screen.findByRole('heading', { name: 'Biology 7B' }, LOADED)
    await user.click(toggle('Biology 7B'))
    await within(region('Biology 7B')).findByRole('table', {}, LOADED)
    await user.click(within(region('Biology 7B')).getByRole('button', { name: 'Save accommodations' }))
    const alert = await within(region('Biology 7B')).findByRole('alert')
    expect(alert).toHaveTextContent('ana@example.com is not on this list')
    await waitFor(() => expect(alert).toHaveFocus())
    expect(rowEmails('Biology 7B')).toEqual(['ana@example.com'])
  }, FLOW_MS)

  it("says when a list's accommodations cannot be loaded", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = setup({ [GET_L1]: { status: 404, body: { error: 'Audience list not found' } } })
    await screen.findByRole('heading', { name: 'Biology 7B' }, LOADED)
    await user.click(toggle('Biology 7B'))
    expect(await within(region('Biology 7B')).findByRole('alert', {}, LOADED)).toHaveTextContent('Audience list not found')
  }, FLOW_MS)
})
