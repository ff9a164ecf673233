import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

describe('/dev/mailbox', () => {
  it('lists the messages newest first', async () => {
    mockApi({
      'GET /api/dev/mailbox': {
        body: {
          messages: [
            { to: 'ada@example.com', subject: 'Verify your email', body: 'Your code is 123456', sentAt: '2026-01-01T10:00:00Z' },
            { to: 'ada@example.com', subject: 'Reset your password', body: 'Your code is 654321', sentAt: '2026-01-01T11:00:00Z' },
          ],
        },
      },
    })
    renderApp('/dev/mailbox')
    const list = await screen.findByRole('list', { name: 'Messages' })
    const items = within(list).getAllByRole('listitem')
    expect(items[0]).toHaveTextContent('Reset your password')
    expect(items[0]).toHaveTextContent('Your code is 654321')
    expect(items[1]).toHaveTextContent('Verify your email')
  })

  it('says the mailbox is off when mail goes over SMTP (or this is not the server computer)', async () => {
    mockApi({})
    renderApp('/dev/mailbox')
    expect(await screen.findByText('The mailbox is off because mail goes over SMTP.')).toBeInTheDocument()
  })

  it('warns that it is for development only, whether on or off', async () => {
    const warning = 'Development mailbox: only this computer can open it. Configure SMTP before real users sign up.'
    mockApi({ 'GET /api/dev/mailbox': { body: { messages: [] } } })
    const { unmount } = renderApp('/dev/mailbox')
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument()
    expect(screen.getByRole('note')).toHaveTextContent(warning)
    unmount()
    mockApi({})
    renderApp('/dev/mailbox')
    expect(await screen.findByText('The mailbox is off because mail goes over SMTP.')).toBeInTheDocument()
    expect(screen.getByRole('note')).toHaveTextContent(warning)
  })
})

describe('/contact', () => {
  it('shows the support e-mail and both phones', () => {
    mockApi({})
    renderApp('/contact')
    const main = within(screen.getByRole('main'))
    expect(main.getByRole('link', { name: 'support@quizroom.app' })).toBeInTheDocument()
    expect(main.getByRole('link', { name: '+1 (555) 010-4477' })).toBeInTheDocument()
    expect(main.getByRole('link', { name: '+91 80 4567 1234' })).toBeInTheDocument()
  })
})
