/**
 * The validity, time-limit and audience fields of a quiz (PRODUCT.md screens 9 and 11), used
 * by the host form and the generate form. Saved audience lists are fetched only when that
 * audience is picked.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Loading } from '@/components/ui/loading'
import { TextField } from '@/components/ui/text-field'
import { getAudienceLists, type AudienceList } from '@/lib/audience-api'
import { MAX_TIME_LIMIT, MIN_TIME_LIMIT, SETTINGS_TEXTS, type QuizSettings } from '@/lib/quiz-settings'
import './quiz-settings.css'

const VALIDITY_CHOICES = [
  ['24h', '24 hours'],
  ['48h', '48 hours'],
  ['custom', 'Custom date'],
] as const

const AUDIENCE_CHOICES = [
  ['open', 'Open to all'],
  ['emails', 'Specific emails'],
  ['list', 'Saved audience list'],
] as const

/** A group of radio buttons with a legend; `children` follow the choices (e.g. a nested field). */
function ChoiceGroup({
  legend,
  name,
  options,
  value,
  onChange,
  children,
}: {
  legend: string
  name: string
  options: ReadonlyArray<readonly [string, string]>
  value: string
  onChange: (event: { target: { value: string } }) => void
  children?: ReactNode
}) {
  return (
    <fieldset className="field choice-group">
      <legend className="field-label">{legend}</legend>
      {options.map(([option, label]) => (
        <label key={option} className="choice">
          <input type="radio" name={name} value={option} checked={value === option} onChange={onChange} />
          {label}
        </label>
      ))}
      {children}
    </fieldset>
  )
}

type ListsState = { status: 'idle' | 'loading' | 'failed' } | { status: 'loaded'; lists: AudienceList[] }

/** The saved audience lists, loaded the first time they are wanted (and again on `reload`). */
function useAudienceLists(wanted: boolean) {
  const [state, setState] = useState<ListsState>({ status: 'idle' })
  const inFlight = useRef(false)
  const fetchLists = useCallback(() => {
    inFlight.current = true
    getAudienceLists()
      .then((lists) => setState({ status: 'loaded', lists: Array.isArray(lists) ? lists : [] }))
      .catch((error: unknown) => {
        console.error('Failed to load audience lists', error)
        setState({ status: 'failed' })
      })
      .finally(() => {
        inFlight.current = false
      })
  }, [])
  useEffect(() => {
    if (wanted && state.status === 'idle' && !inFlight.current) fetchLists()
  }, [wanted, state.status, fetchLists])
  const reload = () => {
    setState({ status: 'loading' })
    fetchLists()
  }
  // Wanted and not asked yet: the first load is on its way.
  return { state: wanted && state.status === 'idle' ? ({ status: 'loading' } as const) : state, reload }
}

type QuizSettingsFieldsProps = {
  values: QuizSettings
  /** YYYY-MM-DD: the earliest custom expiry. */
  today: string
  timeLimitHint: string
  onChange: (field: keyof QuizSettings, value: string) => void
}

export function QuizSettingsFields({ values, today, timeLimitHint, onChange }: QuizSettingsFieldsProps) {
  const lists = useAudienceLists(values.audienceType === 'list')
  const change = (field: keyof QuizSettings) => (event: { target: { value: string } }) => onChange(field, event.target.value)

  return (
    <>
      <ChoiceGroup
        legend="Validity"
        name="validity"
        options={VALIDITY_CHOICES}
        value={values.validityOption}
        onChange={change('validityOption')}
      >
        {values.validityOption === 'custom' ? (
          <TextField
            id="quiz-expiry"
            label="Expiry date"
            className="nested-field"
            type="date"
            min={today}
            value={values.customDate}
            onChange={change('customDate')}
          />
        ) : null}
      </ChoiceGroup>

      <TextField
        id="quiz-time"
        label="Time limit (minutes)"
        inputClassName="narrow-input"
        type="number"
        inputMode="numeric"
        min={MIN_TIME_LIMIT}
        max={MAX_TIME_LIMIT}
        value={values.timeLimit}
        hint={timeLimitHint}
        onChange={change('timeLimit')}
      />

      <ChoiceGroup
        legend="Audience"
        name="audience"
        options={AUDIENCE_CHOICES}
        value={values.audienceType}
        onChange={change('audienceType')}
      >
        {values.audienceType === 'emails' ? (
          <div className="nested-field">
            <div className="field">
              <label className="field-label" htmlFor="quiz-emails">
                Participant emails
              </label>
              <textarea
                id="quiz-emails"
                className="field-input"
                rows={3}
                placeholder="ana@example.com, ben@example.com"
                value={values.emails}
                onChange={change('emails')}
              />
              <p className="field-hint">Separate addresses with commas.</p>
            </div>
            <div className="field">
              <label className="field-label" htmlFor="quiz-list-name">
                List name
              </label>
              <input
                id="quiz-list-name"
                className="field-input"
                value={values.audienceName}
                placeholder="e.g. Biology 7B"
                onChange={change('audienceName')}
              />
              <p className="field-hint">The addresses are saved as an audience list under this name.</p>
            </div>
          </div>
        ) : null}
        {values.audienceType === 'list' ? (
          <div className="nested-field">
            {lists.state.status === 'loading' ? <Loading label="Loading audience lists..." /> : null}
            {lists.state.status === 'failed' ? (
              <div className="alert alert-error inline-error" role="alert">
                <p>{SETTINGS_TEXTS.audienceLoadFailed}</p>
                <button type="button" className="btn btn-secondary btn-small" onClick={lists.reload}>
                  Retry
                </button>
              </div>
            ) : null}
            {lists.state.status === 'loaded' ? (
              <div className="field">
                <label className="field-label" htmlFor="quiz-list">
                  Audience list
                </label>
                <select id="quiz-list" className="field-input" value={values.audienceListId} onChange={change('audienceListId')}>
                  <option value="">Select a list</option>
                  {lists.state.lists.map((list) => (
                    <option key={list.id} value={String(list.id)}>
                      {list.name}
                      {typeof list.count === 'number' ? ` (${list.count})` : ''}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <p className="field-hint">
              <Link to="/host/audience">Manage audience lists</Link>
            </p>
          </div>
        ) : null}
      </ChoiceGroup>
    </>
  )
}
