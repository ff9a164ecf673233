/**
 * The caller's saved audience lists (docs/hosting-api.md "Audience lists"): list, create
 * (name + comma-separated emails), edit (name and emails), delete after a confirmation. The
 * server's validation messages are shown as they come. Each list has an "Accommodations"
 * disclosure (issue 15): the accommodations editor for the list's members, loaded the first time
 * it opens and kept (with unsaved changes) while it is closed or the list is edited.
 */
import { useEffect, useState, type FormEvent } from 'react'
import { Alert } from '@/components/ui/alert'
import { Loading } from '@/components/ui/loading'
import { TextField } from '@/components/ui/text-field'
import { errorMessage } from '@/lib/api-client'
import {
  createAudienceList,
  deleteAudienceList,
  getAudienceLists,
  updateAudienceList,
  type AudienceList,
} from '@/lib/audience-api'
import { SETTINGS_TEXTS, splitEmails } from '@/lib/quiz-settings'
import { AccommodationsEditor } from './accommodations-editor'
import { HostSectionHead } from './host-section-head'
import '@/components/table/table.css'
import '../host.css'

export const AUDIENCE_TEXTS = {
  noName: 'Please provide a list name',
  created: 'Audience list created.',
  saved: 'Audience list saved.',
  deleted: 'Audience list deleted.',
  empty: 'You have no audience lists yet.',
} as const

function checkList(name: string, emails: string): string | null {
  if (!name.trim()) return AUDIENCE_TEXTS.noName
  if (splitEmails(emails).length === 0) return SETTINGS_TEXTS.noEmails
  return null
}

const emailsText = (list: AudienceList) => (Array.isArray(list.emails) ? list.emails.join(', ') : '')

const NO_MEMBERS: readonly string[] = []

/** The list's accommodations behind a disclosure button; the editor mounts on the first opening. */
function ListAccommodations({ list }: { list: AudienceList }) {
  const [open, setOpen] = useState(false)
  const [opened, setOpened] = useState(false)
  const panelId = `audience-${list.id}-accommodations`
  return (
    <div className="audience-accommodations">
      <button
        type="button"
        className="btn btn-link btn-small audience-disclosure"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen(!open)
          setOpened(true)
        }}
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> Accommodations <span className="visually-hidden">for {list.name}</span>
      </button>
      <div id={panelId} hidden={!open}>
        {opened ? (
          <AccommodationsEditor
            target={{ kind: 'list', id: list.id }}
            members={Array.isArray(list.emails) ? list.emails : NO_MEMBERS}
            headingLevel={4}
            headingSuffix={`for ${list.name}`}
          />
        ) : null}
      </div>
    </div>
  )
}

type LoadState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded' }

function ListItem({
  list,
  onSaved,
  onDeleted,
}: {
  list: AudienceList
  onSaved: (list: AudienceList) => void
  onDeleted: (id: AudienceList['id']) => void
}) {
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm'>('view')
  const [name, setName] = useState(list.name)
  const [emails, setEmails] = useState(emailsText(list))
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const idBase = `audience-${list.id}`
  const count = typeof list.count === 'number' ? list.count : (list.emails?.length ?? 0)

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const problem = checkList(name, emails)
    if (problem) {
      setError(problem)
      return
    }
    setBusy(true)
    setError(null)
    try {
      const saved = await updateAudienceList(list.id, { name: name.trim(), emails: splitEmails(emails).join(', ') })
      onSaved({ ...list, ...saved })
      setMode('view')
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to update the audience list'))
    } finally {
      setBusy(false)
    }
  }

  const remove = async () => {
    setBusy(true)
    setError(null)
    try {
      await deleteAudienceList(list.id)
      onDeleted(list.id)
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to delete the audience list'))
      setBusy(false)
    }
  }

  return (
    <li className="card audience-item" aria-label={list.name}>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {mode === 'edit' ? (
        <form onSubmit={save} noValidate>
          <fieldset className="form-fieldset" disabled={busy}>
            <div className="field">
              <label className="field-label" htmlFor={`${idBase}-name`}>
                List name
              </label>
              <input id={`${idBase}-name`} className="field-input" value={name} onChange={(e) => setName(e.target.value)} />
            </div>
            <div className="field">
              <label className="field-label" htmlFor={`${idBase}-emails`}>
                Emails
              </label>
              <textarea
                id={`${idBase}-emails`}
                className="field-input"
                rows={3}
                value={emails}
                onChange={(e) => setEmails(e.target.value)}
              />
            </div>
            <div className="row-actions">
              <button type="submit" className="btn btn-primary btn-small">
                {busy ? 'Saving...' : 'Save'}
              </button>
              <button
                type="button"
                className="btn btn-secondary btn-small"
                onClick={() => {
                  setMode('view')
                  setName(list.name)
                  setEmails(emailsText(list))
                  setError(null)
                }}
              >
                Cancel
              </button>
            </div>
          </fieldset>
        </form>
      ) : (
        <>
          <div className="audience-item-head">
            <h3>{list.name}</h3>
            <span className="muted">
              {count} email{count === 1 ? '' : 's'}
            </span>
          </div>
          {emailsText(list) ? <p className="audience-emails">{emailsText(list)}</p> : null}
          {mode === 'confirm' ? (
            <div className="alert alert-info confirm-box" role="group" aria-label="Confirm deletion">
              <p>Delete "{list.name}"? Quizzes that used it keep admitting its members.</p>
              <div className="row-actions">
                <button type="button" className="btn btn-primary btn-small" disabled={busy} onClick={remove}>
                  {busy ? 'Deleting...' : 'Delete list'}
                </button>
                <button type="button" className="btn btn-secondary btn-small" disabled={busy} onClick={() => setMode('view')}>
                  Cancel
                </button>
              </div>
            </div>
          ) : (
            <div className="row-actions">
              <button type="button" className="btn btn-secondary btn-small" aria-label={`Edit ${list.name}`} onClick={() => setMode('edit')}>
                Edit
              </button>
              <button
                type="button"
                className="btn btn-secondary btn-small"
                aria-label={`Delete ${list.name}`}
                onClick={() => setMode('confirm')}
              >
                Delete
              </button>
            </div>
          )}
        </>
      )}
      <ListAccommodations list={list} />
    </li>
  )
}

export function AudienceLists() {
  const [load, setLoad] = useState<LoadState>({ status: 'loading' })
  const [lists, setLists] = useState<AudienceList[]>([])
  const [name, setName] = useState('')
  const [emails, setEmails] = useState('')
  const [creating, setCreating] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)

  /** Loads again after a failure (the first load starts with the screen, already 'loading'). */
  const retry = () => {
    setLoad({ status: 'loading' })
    setAttempt((n) => n + 1)
  }

  useEffect(() => {
    let cancelled = false
    getAudienceLists()
      .then((items) => {
        if (cancelled) return
        setLists(Array.isArray(items) ? items : [])
        setLoad({ status: 'loaded' })
      })
      .catch((failure: unknown) => {
        console.error('Failed to load audience lists', failure)
        if (!cancelled) setLoad({ status: 'failed' })
      })
    return () => {
      cancelled = true
    }
  }, [attempt])

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setNotice(null)
    const problem = checkList(name, emails)
    if (problem) {
      setError(problem)
      return
    }
    setCreating(true)
    setError(null)
    try {
      const list = await createAudienceList(name.trim(), splitEmails(emails).join(', '))
      setLists((current) => [...current, list])
      setName('')
      setEmails('')
      setNotice(AUDIENCE_TEXTS.created)
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to create the audience list'))
    } finally {
      setCreating(false)
    }
  }

  return (
    <div className="audience-page">
      <HostSectionHead title="Audience Lists" link={{ to: '/host/myQuizzes', label: 'My Quizzes' }} />
      <p className="muted">Save groups of participants once and pick them when you host a quiz.</p>

      <form className="card audience-form" aria-label="New audience list" onSubmit={create} noValidate>
        <h2>New list</h2>
        {error ? <Alert tone="error">{error}</Alert> : null}
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        <fieldset className="form-fieldset" disabled={creating}>
          <TextField
            id="new-list-name"
            label="List name"
            value={name}
            onChange={(e) => {
              setName(e.target.value)
              setError(null)
            }}
          />
          <div className="field">
            <label className="field-label" htmlFor="new-list-emails">
              Emails
            </label>
            <textarea
              id="new-list-emails"
              className="field-input"
              rows={3}
              placeholder="ana@example.com, ben@example.com"
              value={emails}
              onChange={(e) => {
                setEmails(e.target.value)
                setError(null)
              }}
            />
            <p className="field-hint">Separate addresses with commas.</p>
          </div>
          <button type="submit" className="btn btn-primary">
            {creating ? 'Creating...' : 'Create List'}
          </button>
        </fieldset>
      </form>

      {load.status === 'loading' ? <Loading label="Loading audience lists..." /> : null}
      {load.status === 'failed' ? (
        <div className="alert alert-error leaderboard-error" role="alert">
          <p>{SETTINGS_TEXTS.audienceLoadFailed}</p>
          <button type="button" className="btn btn-secondary btn-small" onClick={retry}>
            Retry
          </button>
        </div>
      ) : null}
      {load.status === 'loaded' && lists.length === 0 ? <p className="empty-state">{AUDIENCE_TEXTS.empty}</p> : null}
      {load.status === 'loaded' && lists.length > 0 ? (
        <ul className="audience-list" aria-label="Your audience lists">
          {lists.map((list) => (
            <ListItem
              key={list.id}
              list={list}
              onSaved={(saved) => {
                setLists((current) => current.map((item) => (item.id === saved.id ? saved : item)))
                setNotice(AUDIENCE_TEXTS.saved)
              }}
              onDeleted={(id) => {
                setLists((current) => current.filter((item) => item.id !== id))
                setNotice(AUDIENCE_TEXTS.deleted)
              }}
            />
          ))}
        </ul>
      ) : null}
    </div>
  )
}
