/**
 * The heading of the host's list screens (My Quizzes, Audience Lists): the title, a link to
 * the other list screen and the Create Quiz button.
 */
import { Link } from 'react-router'
import '../host.css'

type HostSectionHeadProps = {
  title: string
  titleId?: string
  /** The other list screen's link (secondary button). */
  link: { to: string; label: string }
}

export function HostSectionHead({ title, titleId, link }: HostSectionHeadProps) {
  return (
    <div className="section-head">
      <h1 id={titleId}>{title}</h1>
      <div className="section-actions">
        <Link className="btn btn-secondary" to={link.to}>
          {link.label}
        </Link>
        <Link className="btn btn-primary" to="/host/quiz">
          Create Quiz
        </Link>
      </div>
    </div>
  )
}
