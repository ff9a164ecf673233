/** The full footer on / and the simple footer elsewhere (PRODUCT.md section 2). */
import { Link } from 'react-router'
import { SUPPORT_EMAIL, SUPPORT_PHONE_IN, SUPPORT_PHONE_US } from '@/lib/constants'
import './layout.css'

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}

export function SimpleFooter() {
  const year = new Date().getFullYear()
  return (
    <footer className="site-footer simple-footer">
      <div className="footer-inner">
        <p>© {year} Quizroom. All rights reserved.</p>
        <p>
          Support: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </p>
      </div>
    </footer>
  )
}

export function FullFooter() {
  const year = new Date().getFullYear()
  return (
    <footer className="site-footer full-footer">
      <div className="footer-inner footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="footer-heading">
            About
          </h2>
          <p>
            Quizroom helps teachers, trainers and quiz hosts run engaging quizzes: play from curated
            categories, host your own from a spreadsheet, or generate one from your notes.
          </p>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="footer-heading">
            Quick Links
          </h2>
          <ul className="footer-list">
            <li>
              <Link to="/pricing">Pricing</Link>
            </li>
            <li>
              <Link to="/play/categories">Play Quiz</Link>
            </li>
            <li>
              <Link to="/host/quiz">Host Quiz</Link>
            </li>
            <li>
              <Link to="/generate/quiz">Generate Quiz</Link>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer-heading">
            Contact
          </h2>
          <ul className="footer-list">
            <li>
              Email: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </li>
            <li>
              US: <a href={telHref(SUPPORT_PHONE_US)}>{SUPPORT_PHONE_US}</a>
            </li>
            <li>
              India: <a href={telHref(SUPPORT_PHONE_IN)}>{SUPPORT_PHONE_IN}</a>
            </li>
          </ul>
        </section>
      </div>
      <div className="footer-inner footer-bottom">
        <p>© {year} Quizroom. All rights reserved.</p>
      </div>
    </footer>
  )
}
