import { useCallback, useEffect, useState } from 'react'
import { Alert } from '@/components/ui/alert'
import { Loading } from '@/components/ui/loading'
import { errorMessage } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import { getMailbox, type MailboxResult } from '../api/mailbox-api'
import '../mailbox.css'

export const MAILBOX_WARNING = 'Development mailbox: only this computer can open it. Configure SMTP before real users sign up.'

/**
 * Lists the development mailbox, newest first, under a warning strip: the server serves it
 * to loopback clients only (anyone else gets the 404 that says the mailbox is off).
 */
export function Mailbox() {
  const [result, setResult] = useState<MailboxResult | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(true)

  const fetchMailbox = useCallback(
    () =>
      getMailbox()
        .then(setResult)
        .catch((e: unknown) => setError(errorMessage(e, 'Failed to load the mailbox')))
        .finally(() => setLoading(false)),
    [],
  )

  // The screen starts loading; Refresh shows it loading again.
  useEffect(() => {
    void fetchMailbox()
  }, [fetchMailbox])

  const refresh = () => {
    setLoading(true)
    setError(null)
    void fetchMailbox()
  }

  return (
    <section className="mailbox">
      <div className="mailbox-head">
        <h1>Development mailbox</h1>
        <button type="button" className="btn btn-secondary" onClick={refresh} disabled={loading}>
          {loading ? 'Refreshing...' : 'Refresh'}
        </button>
      </div>
      <p className="mailbox-warning" role="note">
        {MAILBOX_WARNING}
      </p>
      <p className="muted">Mails the server would have sent, kept here because no SMTP server is configured.</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {loading && !result ? <Loading /> : null}
      {result && !result.enabled ? (
        <Alert tone="info">The mailbox is off because mail goes over SMTP.</Alert>
      ) : null}
      {result && result.enabled && result.messages.length === 0 ? <p>No messages yet.</p> : null}
      {result && result.enabled && result.messages.length > 0 ? (
        <ol className="mail-list" aria-label="Messages">
          {result.messages.map((message, i) => (
            <li key={`${message.sentAt}-${i}`} className="card mail">
              <h2 className="mail-subject">{message.subject}</h2>
              <p className="mail-meta">
                To <strong>{message.to}</strong> · <time dateTime={message.sentAt}>{formatDateTime(message.sentAt)}</time>
              </p>
              <pre className="mail-body">{message.body}</pre>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  )
}
