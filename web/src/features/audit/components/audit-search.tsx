/**
 * Finding what to audit (GET /api/audit/search?q=): quizzes by title, code or id (a host: their
 * own) and, for auditors, people by name or e-mail. A search is asked for (each one is an audit
 * read, recorded in the log), not run on every keystroke.
 */
import { useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { auditPersonPath, auditQuizPath } from '@/lib/audit-links'
import { searchAudit } from '../api/audit-api'
import type { SearchResults } from '../api/audit-types'
import { auditErrorText } from '../utils/audit-texts'

type State = { status: 'idle' | 'searching' } | { status: 'found'; q: string; results: SearchResults } | { status: 'failed'; error: unknown }

export const SEARCH_MIN_LENGTH = 2

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

export function AuditSearch({ auditor }: { auditor: boolean }) {
  const id = useId()
  const [q, setQ] = useState('')
  const [hint, setHint] = useState<string | null>(null)
  const [state, setState] = useState<State>({ status: 'idle' })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const text = q.trim()
    if (text.length < SEARCH_MIN_LENGTH) {
      setHint(`Type at least ${SEARCH_MIN_LENGTH} characters.`)
      return
    }
    setHint(null)
    setState({ status: 'searching' })
    searchAudit(text).then(
      (results) => setState({ status: 'found', q: text, results }),
      (error: unknown) => setState({ status: 'failed', error }),
    )
  }

  const label = auditor ? 'Find a quiz or a person' : 'Find one of your quizzes'
  return (
    <section className="audit-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Search</h2>
      <form className="audit-search-form" role="search" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-q`} className="field-label">
            {label}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            className="field-input"
            placeholder={auditor ? 'Title, code, id, name or e-mail' : 'Title, code or id'}
            value={q}
            aria-invalid={hint ? true : undefined}
            aria-describedby={hint ? `${id}-hint` : undefined}
            onChange={(e) => setQ(e.target.value)}
          />
          {hint ? (
            <p id={`${id}-hint`} className="field-error" role="alert">
              {hint}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn-primary" disabled={state.status === 'searching'}>
          {state.status === 'searching' ? 'Searching...' : 'Search'}
        </button>
      </form>
      {state.status === 'failed' ? (
        <p className="field-error" role="alert">
          {auditErrorText(state.error, 'quiz', 'Search failed')}
        </p>
      ) : null}
      {state.status === 'found' ? <Results results={state.results} q={state.q} auditor={auditor} /> : null}
    </section>
  )
}

function Results({ results, q, auditor }: { results: SearchResults; q: string; auditor: boolean }) {
  const { quizzes, people } = results
  const found = [count(quizzes.length, 'quiz', 'quizzes'), auditor ? count(people.length, 'person', 'people') : null].filter(Boolean).join(' and ')
  return (
    <div className="audit-results">
      <p role="status" className={quizzes.length === 0 && people.length === 0 ? 'empty-state' : 'muted'}>
        Found {found} for “{q}”.
      </p>
      {quizzes.length > 0 ? (
        <>
          <h3>Quizzes</h3>
          <ul className="audit-result-list" aria-label="Quizzes found">
            {quizzes.map((quiz) => (
              <li key={quiz.id}>
                <Link to={auditQuizPath(quiz.id)}>{quiz.title || `Quiz ${quiz.id}`}</Link>
                <span className="muted">
                  {' '}
                  {quiz.code ? `code ${quiz.code}, ` : ''}id {quiz.id}
                  {quiz.hosted ? '' : ', a curated category'}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {auditor && people.length > 0 ? (
        <>
          <h3>People</h3>
          <ul className="audit-result-list" aria-label="People found">
            {people.map((person) => (
              <li key={person.id}>
                <Link to={auditPersonPath(person.id)}>{person.name || person.email}</Link>
                <span className="muted"> {person.email}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  )
}
