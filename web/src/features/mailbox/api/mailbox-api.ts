/**
 * The development mailbox: GET /api/dev/mailbox answers 200 with the mails the server
 * would have sent when no SMTP server is configured, and 404 when mail goes over SMTP.
 */
import { apiRequest, isApiError } from '@/lib/api-client'
import type { MailboxMessage } from '@/types/api'

export type MailboxResult = { enabled: true; messages: MailboxMessage[] } | { enabled: false }

export async function getMailbox(): Promise<MailboxResult> {
  try {
    const data = await apiRequest<{ messages?: MailboxMessage[] }>('/api/dev/mailbox', {
      defaultError: 'Failed to load the mailbox',
    })
    const messages = [...(data?.messages ?? [])].sort((a, b) => Date.parse(b.sentAt) - Date.parse(a.sentAt))
    return { enabled: true, messages }
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { enabled: false }
    throw error
  }
}
