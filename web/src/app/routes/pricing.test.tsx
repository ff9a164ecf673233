import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockApi, signInAs } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

const wallet = {
  balance: 3,
  history: [{ kind: 'granted', amount: 3, balanceAfter: 3, reason: 'Welcome tokens', at: '2026-01-01T10:00:00Z' }],
}

describe('/pricing', () => {
  it('shows the three plans with their costs and the Popular Choice badge', () => {
    mockApi({})
    renderApp('/pricing')
    const plans = within(screen.getByRole('list', { name: 'Plans' }))
    const free = within(plans.getByRole('listitem', { name: 'Free' }))
    expect(free.getByText('0 Tokens')).toBeInTheDocument()
    const host = within(plans.getByRole('listitem', { name: 'Host Quiz' }))
    expect(host.getByText('1 Token')).toBeInTheDocument()
    expect(host.getByText('Popular Choice')).toBeInTheDocument()
    const generate = within(plans.getByRole('listitem', { name: 'Generate Quiz' }))
    expect(generate.getByText('5 Tokens')).toBeInTheDocument()
    expect(screen.getAllByText('Popular Choice')).toHaveLength(1)
  })

  it('totals quantity × $1.00 and never goes below 1', async () => {
    mockApi({})
    renderApp('/pricing')
    const user = userEvent.setup()
    const total = screen.getByTestId('token-total')
    const minus = screen.getByRole('button', { name: 'Decrease quantity' })
    const plus = screen.getByRole('button', { name: 'Increase quantity' })
    expect(screen.getByLabelText('Quantity')).toHaveValue(1)
    expect(total).toHaveTextContent('$1.00')
    expect(minus).toBeDisabled()
    await user.click(plus)
    await user.click(plus)
    expect(total).toHaveTextContent('$3.00')
    expect(minus).toBeEnabled()
    await user.click(minus)
    await user.click(minus)
    expect(total).toHaveTextContent('$1.00')
    expect(minus).toBeDisabled()
  })

  it('accepts a typed quantity and brings nonsense back to 1', async () => {
    mockApi({})
    renderApp('/pricing')
    const user = userEvent.setup()
    const input = screen.getByLabelText('Quantity')
    await user.clear(input)
    await user.type(input, '25')
    expect(screen.getByTestId('token-total')).toHaveTextContent('$25.00')
    await user.clear(input)
    await user.type(input, '0')
    await user.tab()
    expect(input).toHaveValue(1)
    expect(screen.getByTestId('token-total')).toHaveTextContent('$1.00')
  })

  it('sends a signed-out visitor to /signin and back to /pricing afterwards', async () => {
    const { calls } = mockApi({})
    const { router } = renderApp('/pricing')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Purchase Tokens' }))
    expect(router.state.location.pathname).toBe('/signin')
    expect(window.localStorage.getItem('redirectAfterLogin')).toBe('/pricing')
    expect(calls.filter((c) => c.path.startsWith('/api/wallet'))).toHaveLength(0)
  })

  it('shows the balance and buys tokens for a signed-in user, noting the test mode', async () => {
    const { calls } = mockApi({
      'GET /api/wallet': { body: wallet },
      'POST /api/wallet/purchase': ({ body }) => {
        const quantity = (body as { quantity: number }).quantity
        return { body: { balance: 3 + quantity, purchased: quantity, amountCents: quantity * 100, testMode: true } }
      },
    })
    const { token } = signInAs()
    renderApp('/pricing')
    const user = userEvent.setup()
    expect(await screen.findByText('3 tokens')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }))
    await user.click(screen.getByRole('button', { name: 'Purchase Tokens' }))
    expect(await screen.findByText('Test mode: no card is charged.')).toBeInTheDocument()
    expect(screen.getByText(/Purchased 2 tokens for \$2.00. Your balance is now 5 tokens./)).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('token-balance')).toHaveTextContent('5 tokens'))
    const purchase = calls.find((c) => c.method === 'POST' && c.path === '/api/wallet/purchase')
    expect(purchase?.body).toEqual({ quantity: 2 })
    expect(purchase?.headers.Authorization).toBe(`Bearer ${token}`)
  })

  it('does not claim test mode when the server charges', async () => {
    mockApi({
      'GET /api/wallet': { body: wallet },
      'POST /api/wallet/purchase': { body: { balance: 4, purchased: 1, amountCents: 100, testMode: false } },
    })
    signInAs()
    renderApp('/pricing')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Purchase Tokens' }))
    expect(await screen.findByText(/Your balance is now 4 tokens/)).toBeInTheDocument()
    expect(screen.queryByText('Test mode: no card is charged.')).not.toBeInTheDocument()
  })

  it("shows the server's error when a purchase fails", async () => {
    mockApi({
      'GET /api/wallet': { body: wallet },
      'POST /api/wallet/purchase': { status: 400, body: { error: 'quantity must be a whole number of at least 1', code: 'invalid_quantity' } },
    })
    signInAs()
    renderApp('/pricing')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Purchase Tokens' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('quantity must be a whole number of at least 1')
  })
})
