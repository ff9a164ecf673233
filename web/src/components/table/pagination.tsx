/**
 * The pagination footer: 'Showing X to Y of Z {label}', Previous/Next and up to 5 page
 * buttons in a sliding window; below 640 px only Previous/Next show (CSS).
 */
import { pageWindow } from '@/lib/table'
import './table.css'

type PaginationProps = {
  page: number
  pages: number
  from: number
  to: number
  total: number
  label: string
  onPage: (page: number) => void
}

export function Pagination({ page, pages, from, to, total, label, onPage }: PaginationProps) {
  return (
    <nav className="pagination" aria-label="Pagination">
      <p className="pagination-summary" aria-live="polite">
        Showing {from} to {to} of {total} {label}
      </p>
      <div className="pagination-controls">
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => onPage(page - 1)}
          disabled={page <= 1}
        >
          Previous
        </button>
        <span className="pagination-pages">
          {pageWindow(page, pages).map((number) => (
            <button
              key={number}
              type="button"
              className={`btn btn-small page-button${number === page ? ' page-current' : ''}`}
              aria-label={`Page ${number}`}
              aria-current={number === page ? 'page' : undefined}
              onClick={() => onPage(number)}
            >
              {number}
            </button>
          ))}
        </span>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => onPage(page + 1)}
          disabled={page >= pages}
        >
          Next
        </button>
      </div>
    </nav>
  )
}
