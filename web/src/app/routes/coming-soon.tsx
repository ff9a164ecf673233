/**
 * Placeholders for the protected pages that later issues build. One file on purpose: each
 * route is replaced by its real page when that feature lands.
 */
import type { RouteObject } from 'react-router'
import { Link } from 'react-router'
import { useDocumentTitle } from '../../hooks/use-document-title'

export function ComingSoon({ title }: { title: string }) {
  useDocumentTitle(title)
  return (
    <section className="page narrow center">
      <h1>{title}</h1>
      <p className="muted">This feature is coming soon.</p>
      <Link to="/" className="btn btn-secondary">
        Back to Home
      </Link>
    </section>
  )
}

export const comingSoonRoutes: RouteObject[] = [
  { path: 'generate', element: <ComingSoon title="Generate Quiz" /> },
  { path: 'generate/quiz', element: <ComingSoon title="Generate Quiz" /> },
  { path: 'generate/review', element: <ComingSoon title="Review Questions" /> },
]
