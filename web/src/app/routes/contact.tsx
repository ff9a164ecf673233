import { useDocumentTitle } from '@/hooks/use-document-title'
import { SUPPORT_EMAIL, SUPPORT_PHONE_IN, SUPPORT_PHONE_US } from '@/lib/constants'

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}

export function ContactPage() {
  useDocumentTitle('Contact Support')
  return (
    <section className="page narrow">
      <h1>Contact Support</h1>
      <p className="muted">Questions about your account, tokens or a quiz? We are happy to help.</p>
      <dl className="contact-list card">
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </dd>
        </div>
        <div>
          <dt>Phone (US)</dt>
          <dd>
            <a href={telHref(SUPPORT_PHONE_US)}>{SUPPORT_PHONE_US}</a>
          </dd>
        </div>
        <div>
          <dt>Phone (India)</dt>
          <dd>
            <a href={telHref(SUPPORT_PHONE_IN)}>{SUPPORT_PHONE_IN}</a>
          </dd>
        </div>
      </dl>
    </section>
  )
}
