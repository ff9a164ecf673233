import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import { INTEGRITY } from '@/features/audit/testing/fixtures'
import { mockApi, signInAs, type FakeHandler, type FakeResponse } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

beforeAll(() => import('./audit'))

const DIGEST = INTEGRITY.head.digest

function setup(handlers: Record<string, FakeHandler | FakeResponse> = {}, auditor = true) {
  const api = mockApi({
    'GET /api/audit/me': { body: { userId: 'u1', auditor } },
    'GET /api/audit/integrity': { body: INTEGRITY },
    ...handlers,
  })
  signInAs()
  return { ...api, ...renderApp('/audit'), user: userEvent.setup() }
}

const verified = () => screen.findByText(/^Verified up to position/, {}, { timeout: 5000 })

describe('/audit', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it("shows the log's integrity with its digest, and the auditor's links", async () => {
    setup()
    expect(await verified()).toHaveTextContent(`Verified up to position 61, digest ${DIGEST}`)
    expect(screen.getByTestId('audit-digest')).toHaveTextContent(DIGEST)
    expect(screen.getByText(/61 events verified\. 2 events are not chained yet/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'My history' })).toHaveAttribute('href', '/audit/people/u1')
    expect(await screen.findByRole('link', { name: 'Global leaderboard over time' })).toHaveAttribute('href', '/audit/leaderboard')
    expect(screen.getByRole('heading', { name: 'Audit', level: 1 })).toBeInTheDocument()
  })

  it("checks the server's verified head, and lets an auditor recompute the whole log", async () => {
    const { calls, user } = setup({
      'GET /api/audit/integrity': ({ url }) => ({
        body: url.endsWith('?full=true') ? { ...INTEGRITY, mode: 'full', checked: 61 } : INTEGRITY,
      }),
    })
    await verified()
    expect(screen.getByText(/^This check verified the 5 events chained since the last one/)).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Recompute the whole log' }))
    expect(await screen.findByText('This check recomputed the whole log.')).toBeInTheDocument()
    expect(calls.filter((c) => c.path === '/api/audit/integrity').map((c) => c.query)).toEqual(['', 'full=true'])
    await user.click(screen.getByRole('button', { name: 'Check again' }))
    expect(await screen.findByText(/^This check verified the 5 events/)).toBeInTheDocument()
    expect(calls.filter((c) => c.path === '/api/audit/integrity').map((c) => c.query)).toEqual(['', 'full=true', ''])
  })

  it('offers the whole recomputation to auditors only', async () => {
    setup({}, false)
    await verified()
    expect(screen.getByRole('button', { name: 'Check again' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Recompute the whole log' })).not.toBeInTheDocument()
  })

  it('copies the digest and saves it as N:D', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:digest')
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL')
      Reflect.deleteProperty(URL, 'revokeObjectURL')
    })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    const { user } = setup()
    await verified()
    await user.click(screen.getByRole('button', { name: 'Copy digest' }))
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(DIGEST)
    await user.click(screen.getByRole('button', { name: 'Save digest' }))
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('quizroom-digest-61.txt')
    expect(await createObjectURL.mock.calls[0][0].text()).toBe(`61:${DIGEST}\n`)
  })

  it('names the break when the log is not intact', async () => {
    setup({
      'GET /api/audit/integrity': {
        body: {
          ...INTEGRITY,
          intact: false,
          head: { position: 16, events: 16, digest: DIGEST },
          broken: { problem: 'changed', position: 17, chainedAt: null, message: 'the event at position 17 was changed after it was chained' },
        },
      },
    })
    expect(await screen.findByText(/The log is broken at position 17/, {}, { timeout: 5000 })).toHaveTextContent(
      'The log is broken at position 17: the event at position 17 was changed after it was chained.',
    )
    expect(screen.getByText(/^Chained up to position/)).toHaveTextContent(`Chained up to position 16, digest ${DIGEST}`)
  })

  it('checks a saved digest before proving it, then shows the outcome', async () => {
    const { calls, user } = setup({
      'POST /api/audit/integrity/proof': {
        body: { outcome: 'unchanged', verified: 61, digest: null, broken: null, message: 'Unchanged: the 61 events up to position 61 still hash to the saved digest.' },
      },
    })
    await verified()
    const form = screen.getByRole('region', { name: 'Prove a saved digest' })
    await user.click(within(form).getByRole('button', { name: 'Prove' }))
    expect(within(form).getByText('Enter the position the digest was saved at.')).toBeInTheDocument()
    expect(within(form).getByText('Enter the saved digest.')).toBeInTheDocument()
    await user.type(within(form).getByLabelText('Digest'), 'abc')
    await user.click(within(form).getByRole('button', { name: 'Prove' }))
    expect(within(form).getByLabelText('Digest')).toHaveAttribute('aria-invalid', 'true')
    expect(within(form).getByText('A digest is 64 hexadecimal digits (0–9 and a–f).')).toBeInTheDocument()
    expect(calls.some((c) => c.path.endsWith('/proof'))).toBe(false)

    await user.clear(within(form).getByLabelText('Digest'))
    await user.type(within(form).getByLabelText('Digest'), `61:${DIGEST}`)
    await user.click(within(form).getByRole('button', { name: 'Prove' }))
    expect(await within(form).findByText(/^Unchanged: the 61 events/)).toBeInTheDocument()
    expect(calls.find((c) => c.path.endsWith('/proof'))?.body).toEqual({ position: 61, digest: DIGEST })
  })

  it('says when a digest differs', async () => {
    const { user } = setup({
      'POST /api/audit/integrity/proof': {
        body: { outcome: 'differs', verified: null, digest: 'cd'.repeat(32), broken: null, message: 'Changed since the digest was saved.' },
      },
    })
    await verified()
    await user.type(screen.getByLabelText('Position'), '61')
    await user.type(screen.getByLabelText('Digest'), DIGEST)
    await user.click(screen.getByRole('button', { name: 'Prove' }))
    expect(await screen.findByText(/^Changed since the digest was saved\./)).toHaveTextContent(`It hashes to ${'cd'.repeat(32)} now.`)
  })

  it('finds quizzes and people, linking to their audits', async () => {
    const { calls, user } = setup({
      'GET /api/audit/search': {
        body: {
          quizzes: [{ id: 12, title: 'Warm-up', code: 'K3X9QZ', hosted: true }],
          people: [{ id: 'u-ben', name: 'Ben Baker', email: 'ben@example.com' }],
        },
      },
    })
    await verified()
    await user.type(screen.getByLabelText('Find a quiz or a person'), 'w')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(screen.getByText('Type at least 2 characters.')).toBeInTheDocument()
    expect(calls.some((c) => c.path === '/api/audit/search')).toBe(false)
    await user.type(screen.getByLabelText('Find a quiz or a person'), 'arm up')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    const quizzes = await screen.findByRole('list', { name: 'Quizzes found' })
    expect(calls.find((c) => c.path === '/api/audit/search')?.query).toBe('q=warm%20up')
    expect(within(quizzes).getByRole('link', { name: 'Warm-up' })).toHaveAttribute('href', '/audit/quizzes/12')
    expect(within(screen.getByRole('list', { name: 'People found' })).getByRole('link', { name: 'Ben Baker' })).toHaveAttribute(
      'href',
      '/audit/people/u-ben',
    )
    expect(screen.getByText('Found 1 quiz and 1 person for “warm up”.')).toBeInTheDocument()
  })

  it('shows a host only their quizzes and their own history', async () => {
    setup({ 'GET /api/audit/search': { body: { quizzes: [], people: [] } } }, false)
    await verified()
    await waitFor(() => expect(screen.getByLabelText('Find one of your quizzes')).toBeInTheDocument())
    expect(screen.getByRole('link', { name: 'My history' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Global leaderboard over time' })).not.toBeInTheDocument()
  })

  it('says when verifying the log was refused for too many reads', async () => {
    setup({ 'GET /api/audit/integrity': { status: 429, body: { error: 'Too many', code: 'too_many_audit_reads' }, headers: { 'Retry-After': '20' } } })
    expect(await screen.findByText('Too many audit requests. Please wait a moment and try again.', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})
