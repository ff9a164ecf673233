/**
 * The Accommodations section (issue 15, docs/hosting-api.md "Accommodations") of a hosted quiz
 * (on the view-quiz page) or of an audience list (in its card on /host/audience): the players
 * the host granted extra time or read-aloud, in a table whose rows can be changed or removed.
 * On a quiz, players are added by e-mail (one, or several pasted, separated by commas or new
 * lines); on a list, by ticking its members (the server refuses anyone else); either way with a
 * choice for all of them. "Save accommodations" replaces the whole set on the server and shows
 * the set it stored, or the server's refusal next to the button with focus moved to it. Every
 * control is a native one with a label, so the section works from the keyboard; when a row's
 * Remove button leaves, focus goes to the next row's (or the e-mails field, or the first member).
 * Ids come from useId, so several sections can share a page.
 */
import { memo, useCallback, useEffect, useId, useMemo, useState } from 'react'
import { Loading } from '@/components/ui/loading'
import { useFocusNext } from '@/hooks/use-focus-next'
import { EXTRA_TIME_LABELS, EXTRA_TIMES, readExtraTime, type Accommodation, type ExtraTime } from '@/lib/accommodation'
import { errorMessage } from '@/lib/api-client'
import {
  getAccommodations,
  sameTarget,
  saveAccommodations,
  type AccommodationsTarget,
  type PlayerAccommodation,
} from '../api/accommodations-api'
import { ACCOMMODATION_TEXTS as TEXTS, addPlayers, grantsSomething, looksLikeEmail, splitEmailInput } from '../utils/accommodations'
import '@/components/table/table.css'
import '../host.css'

type LoadState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded' }

type ExtraTimeSelectProps = {
  id: string
  /** The accessible name, when no <label> names it. */
  label?: string
  value: ExtraTime
  onChange: (value: ExtraTime) => void
}

function ExtraTimeSelect({ id, label, value, onChange }: ExtraTimeSelectProps) {
  return (
    <select id={id} className="field-input" aria-label={label} value={value} onChange={(e) => onChange(readExtraTime(e.target.value))}>
      {EXTRA_TIMES.map((extra) => (
        <option key={extra} value={extra}>
          {EXTRA_TIME_LABELS[extra]}
        </option>
      ))}
    </select>
  )
}

export type AccommodationsEditorProps = {
  target: AccommodationsTarget
  /** An audience list's members, offered to pick from instead of the e-mails box. */
  members?: readonly string[]
  /** 2 on the view-quiz page; 4 inside an audience list's card (under the list's h3). */
  headingLevel?: 2 | 4
  /** Said after "Accommodations" to screen readers only, where several sections share a page. */
  headingSuffix?: string
}

function AccommodationsSection({ target: givenTarget, members, headingLevel = 2, headingSuffix }: AccommodationsEditorProps) {
  const { kind, id } = givenTarget
  // Loads again only when the quiz or list changes, not when the caller builds a new object.
  const target = useMemo<AccommodationsTarget>(() => (kind === 'quiz' ? { kind, id: Number(id) } : { kind, id }), [kind, id])
  const base = useId()
  const ids = {
    title: `${base}-title`,
    emails: `${base}-emails`,
    emailsHint: `${base}-emails-hint`,
    emailsError: `${base}-emails-error`,
    member: (index: number) => `${base}-member-${index}`,
    newExtra: `${base}-new-extra`,
    newRead: `${base}-new-read`,
    error: `${base}-error`,
    remove: (index: number) => `${base}-remove-${index}`,
  }
  /** Where focus goes when nothing is left to focus in the table: the first place to add someone. */
  const addFocus = members ? (members.length > 0 ? ids.member(0) : null) : ids.emails
  const Heading = headingLevel === 4 ? 'h4' : 'h2'

  const [load, setLoad] = useState<LoadState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const [rows, setRows] = useState<PlayerAccommodation[]>([])
  const [emails, setEmails] = useState('')
  /** The members ticked to add (a list's editor). */
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set())
  const [choice, setChoice] = useState<Accommodation>({ extraTime: 'none', readAloud: false })
  const [emailsError, setEmailsError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState('')
  /** The id of the element to focus once it is on screen. */
  const focusNextRef = useFocusNext()

  useEffect(() => {
    let cancelled = false
    getAccommodations(target)
      .then((players) => {
        if (cancelled) return
        setRows(players)
        setLoad({ status: 'loaded' })
      })
      .catch((failure: unknown) => {
        console.error('Failed to load accommodations', failure)
        if (!cancelled) setLoad({ status: 'failed', message: errorMessage(failure, TEXTS.loadFailed) })
      })
    return () => {
      cancelled = true
    }
  }, [target, attempt])

  const retry = () => {
    setLoad({ status: 'loading' })
    setAttempt((n) => n + 1)
  }

  const change = useCallback((index: number, patch: Partial<Accommodation>) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)))
    setNotice('')
  }, [])

  const remove = (index: number) => {
    const email = rows[index]?.email ?? ''
    const left = rows.length - 1
    focusNextRef.current = left > 0 ? ids.remove(Math.min(index, left - 1)) : addFocus
    setRows((current) => current.filter((_, i) => i !== index))
    setNotice(TEXTS.removed(email))
  }

  const togglePicked = (email: string, on: boolean) => {
    setPicked((current) => {
      const next = new Set(current)
      if (on) next.add(email)
      else next.delete(email)
      return next
    })
    setEmailsError(null)
  }

  const add = () => {
    // A list's members are addresses the server already took; typed ones are checked roughly.
    const list = members ? members.filter((email) => picked.has(email)) : splitEmailInput(emails)
    const invalid = members ? undefined : list.find((email) => !looksLikeEmail(email))
    const nobody = members ? TEXTS.noMembers : TEXTS.noEmails
    const problem =
      list.length === 0 ? nobody : invalid !== undefined ? TEXTS.invalidEmail(invalid) : !grantsSomething(choice) ? TEXTS.grantNothing : null
    setNotice('')
    if (problem) {
      setEmailsError(problem)
      focusNextRef.current = addFocus
      return
    }
    const result = addPlayers(rows, list, choice)
    setRows(result.rows)
    if (members) setPicked(new Set())
    else setEmails('')
    setEmailsError(null)
    setNotice(TEXTS.added(result.added, result.updated))
  }

  const save = async () => {
    if (saving) return
    setSaving(true)
    setError(null)
    setNotice('')
    try {
      const stored = await saveAccommodations(target, rows)
      setRows(stored)
      setNotice(TEXTS.saved(stored.length))
    } catch (failure) {
      console.error('Failed to save accommodations', failure)
      setError(errorMessage(failure, TEXTS.saveFailed))
      focusNextRef.current = ids.error
    } finally {
      setSaving(false)
    }
  }

  return (
    <section className={members ? 'accommodations accommodations-list' : 'card accommodations'} aria-labelledby={ids.title}>
      {/* In a list's card the disclosure button above already says it. */}
      <Heading id={ids.title} className={members ? 'visually-hidden' : undefined}>
        Accommodations{headingSuffix ? ' ' : null}
        {headingSuffix ? <span className="visually-hidden">{headingSuffix}</span> : null}
      </Heading>
      <p className="muted">{target.kind === 'list' ? TEXTS.listIntro : TEXTS.intro}</p>
      <p className="accommodations-note">{TEXTS.appliesAfterSave}</p>

      {load.status === 'loading' ? <Loading label="Loading accommodations..." /> : null}
      {load.status === 'failed' ? (
        <div className="alert alert-error" role="alert">
          <p>{load.message}</p>
          <button type="button" className="btn btn-secondary btn-small" onClick={retry}>
            Retry
          </button>
        </div>
      ) : null}

      {load.status === 'loaded' ? (
        <>
          <fieldset className="form-fieldset" disabled={saving}>
            {rows.length === 0 ? (
              <p className="empty-state">{TEXTS.empty}</p>
            ) : (
              <div className="table-scroll">
                <table className="data-table accommodations-table">
                  <caption>Players with accommodations ({rows.length})</caption>
                  <thead>
                    <tr>
                      <th scope="col">Email</th>
                      <th scope="col">Extra time</th>
                      <th scope="col">Read aloud</th>
                      <th scope="col" className="align-end">
                        Actions
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row, index) => (
                      <tr key={row.email.toLowerCase()}>
                        <th scope="row" className="accommodation-email">
                          {row.email}
                        </th>
                        <td>
                          <ExtraTimeSelect
                            id={`${base}-extra-${index}`}
                            label={`Extra time for ${row.email}`}
                            value={row.extraTime}
                            onChange={(extraTime) => change(index, { extraTime })}
                          />
                        </td>
                        <td>
                          <input
                            type="checkbox"
                            className="accommodation-check"
                            aria-label={`Read aloud for ${row.email}`}
                            checked={row.readAloud}
                            onChange={(e) => change(index, { readAloud: e.target.checked })}
                          />
                        </td>
                        <td className="align-end">
                          <button
                            id={ids.remove(index)}
                            type="button"
                            className="btn btn-secondary btn-small"
                            aria-label={`Remove ${row.email}`}
                            onClick={() => remove(index)}
                          >
                            Remove
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}

            <fieldset className="accommodations-add">
              <legend>Add players</legend>
              {members ? (
                <fieldset className="accommodation-members" aria-describedby={emailsError ? ids.emailsError : undefined}>
                  <legend>Members</legend>
                  {members.length === 0 ? <p className="muted">{TEXTS.listEmpty}</p> : null}
                  <ul>
                    {members.map((email, index) => (
                      <li key={email} className="checkbox-field">
                        <input
                          id={ids.member(index)}
                          type="checkbox"
                          className="accommodation-check"
                          checked={picked.has(email)}
                          onChange={(e) => togglePicked(email, e.target.checked)}
                        />
                        <label htmlFor={ids.member(index)}>{email}</label>
                      </li>
                    ))}
                  </ul>
                  {emailsError ? (
                    <p id={ids.emailsError} className="field-error">
                      {emailsError}
                    </p>
                  ) : null}
                </fieldset>
              ) : (
                <div className="field">
                  <label className="field-label" htmlFor={ids.emails}>
                    E-mails
                  </label>
                  <textarea
                    id={ids.emails}
                    className="field-input"
                    rows={2}
                    placeholder="ana@example.com, ben@example.com"
                    value={emails}
                    aria-invalid={emailsError ? true : undefined}
                    aria-describedby={emailsError ? `${ids.emailsError} ${ids.emailsHint}` : ids.emailsHint}
                    onChange={(e) => {
                      setEmails(e.target.value)
                      setEmailsError(null)
                    }}
                  />
                  <p id={ids.emailsHint} className="field-hint">
                    Separate addresses with commas or new lines.
                  </p>
                  {emailsError ? (
                    <p id={ids.emailsError} className="field-error">
                      {emailsError}
                    </p>
                  ) : null}
                </div>
              )}
              <div className="accommodations-add-choice">
                <div className="field">
                  <label className="field-label" htmlFor={ids.newExtra}>
                    Extra time
                  </label>
                  <ExtraTimeSelect
                    id={ids.newExtra}
                    value={choice.extraTime}
                    onChange={(extraTime) => {
                      setChoice((current) => ({ ...current, extraTime }))
                      setEmailsError(null)
                    }}
                  />
                </div>
                <div className="checkbox-field">
                  <input
                    id={ids.newRead}
                    type="checkbox"
                    className="accommodation-check"
                    checked={choice.readAloud}
                    onChange={(e) => {
                      setChoice((current) => ({ ...current, readAloud: e.target.checked }))
                      setEmailsError(null)
                    }}
                  />
                  <label htmlFor={ids.newRead}>Read aloud</label>
                </div>
                <button type="button" className="btn btn-secondary" onClick={add}>
                  Add players
                </button>
              </div>
            </fieldset>
          </fieldset>

          <div className="accommodations-actions">
            <button type="button" className="btn btn-primary" aria-disabled={saving || undefined} onClick={() => void save()}>
              {saving ? 'Saving...' : 'Save accommodations'}
            </button>
            {error ? (
              <p id={ids.error} className="alert alert-error accommodations-error" role="alert" tabIndex={-1}>
                {error}
              </p>
            ) : null}
            <p className="accommodations-status" role="status">
              {notice}
            </p>
          </div>
        </>
      ) : null}
    </section>
  )
}

/** A target that is a new object for the same quiz or list is the same target. */
function sameProps(before: AccommodationsEditorProps, after: AccommodationsEditorProps): boolean {
  return (
    sameTarget(before.target, after.target) &&
    before.members === after.members &&
    before.headingLevel === after.headingLevel &&
    before.headingSuffix === after.headingSuffix
  )
}

/** Memoised: typing in the question editor above, or in the audience page's forms, does not re-render it. */
export const AccommodationsEditor = memo(AccommodationsSection, sameProps)
