/**
 * Host a quiz from a spreadsheet (PRODUCT.md screen 9): tips, the three steps, the template
 * downloads, and the form (title, file with a live preview, validity, time limit, audience).
 * The host form machine holds the form's state; this component renders it.
 */
import { useMachine } from '@xstate/react'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { fromPromise } from 'xstate'
import { Alert } from '../../../components/ui/alert'
import { Loading } from '../../../components/ui/loading'
import { TextField } from '../../../components/ui/text-field'
import { getAudienceLists, type AudienceList } from '../api/audience-api'
import {
  createQuiz,
  previewFile,
  TEMPLATE_CSV_URL,
  TEMPLATE_XLSX_URL,
  type CreateQuizInput,
  type PreviewResult,
} from '../api/host-api'
import { hostFormMachine, MAX_TIME_LIMIT, MIN_TIME_LIMIT, type HostFormValues } from '../machines/host-form.machine'
import { HOST_FORM_TEXTS } from '../utils/host-texts'
import { PreviewTable } from './preview-table'

export const HOST_TIPS = [
  'Keep questions clear and concise',
  'Include a variety of difficulty levels',
  'Double-check answers before uploading',
  'Consider the time limits of the test',
] as const

export const HOST_STEPS = [
  { title: 'Download Template (Excel)', text: 'Get the spreadsheet template with the right columns.' },
  { title: 'Fill Template', text: 'Add your questions, the four options and the correct answers.' },
  { title: 'Share Quiz', text: 'Upload the completed template, then share the code or link.' },
] as const

export const ACCEPTED_FILES = '.xlsx,.xls,.ods,.csv'

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

function useAudienceLists(wanted: boolean) {
  const [state, setState] = useState<ListsState>({ status: 'idle' })
  const load = () => {
    setState({ status: 'loading' })
    getAudienceLists()
      .then((lists) => setState({ status: 'loaded', lists: Array.isArray(lists) ? lists : [] }))
      .catch((error: unknown) => {
        console.error('Failed to load audience lists', error)
        setState({ status: 'failed' })
      })
  }
  useEffect(() => {
    if (wanted && state.status === 'idle') load()
  }, [wanted, state.status])
  return { state, reload: load }
}

export function HostQuizForm({ onCreated, today }: { onCreated: () => void; today?: string }) {
  const machine = useMemo(
    () =>
      hostFormMachine.provide({
        actors: {
          previewFile: fromPromise<PreviewResult, { file: File }>(({ input }) => previewFile(input.file)),
          createQuiz: fromPromise(({ input }: { input: CreateQuizInput }) => createQuiz(input)),
        },
        actions: { leave: () => onCreated() },
      }),
    [onCreated],
  )
  const [state, send] = useMachine(machine, { input: { today } })
  const { values, preview, previewError, error, needsTokens, created } = state.context
  const busy = state.hasTag('busy')
  const creating = state.matches({ submission: 'creating' })
  const checking = state.hasTag('checkingFile')
  const success = state.hasTag('success')
  const lists = useAudienceLists(values.audienceType === 'list')

  const change = (field: keyof HostFormValues) => (event: { target: { value: string } }) =>
    send({ type: 'field.change', field, value: event.target.value })

  return (
    <div className="host-page">
      <div className="page-head">
        <h1>Host Quiz</h1>
        <p className="muted">Upload your own questions, choose who may play and for how long, and share the code.</p>
      </div>

      <div className="host-layout">
        <aside className="host-guide">
          <section className="card host-steps" aria-labelledby="steps-title">
            <h2 id="steps-title">How it works</h2>
            <ol className="steps">
              {HOST_STEPS.map((step, index) => (
                <li key={step.title}>
                  <span className="step-number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <div>
                    <strong>{step.title}</strong>
                    <p className="muted">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
            <p className="template-links">
              <a className="btn btn-secondary btn-small" href={TEMPLATE_XLSX_URL} download="quizroom-template.xlsx">
                Download Excel template
              </a>
              <a className="btn btn-secondary btn-small" href={TEMPLATE_CSV_URL} download="quizroom-template.csv">
                Download CSV template
              </a>
            </p>
          </section>
          <section className="card host-tips" aria-labelledby="tips-title">
            <h2 id="tips-title">Tips</h2>
            <ul>
              {HOST_TIPS.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </section>
        </aside>

        <form
          className="card host-form"
          aria-label="Create a quiz"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            send({ type: 'form.submit' })
          }}
        >
          {error ? (
            <div className="alert alert-error" role="alert">
              <p>{error}</p>
              {needsTokens ? (
                <p>
                  <Link to="/pricing">Buy tokens on the Pricing page</Link>
                </p>
              ) : null}
            </div>
          ) : null}
          {success ? (
            <Alert tone="success">
              <strong>{HOST_FORM_TEXTS.created}</strong>
              {created ? ` Code ${created.quizCode}. Taking you to My Quizzes...` : null}
            </Alert>
          ) : null}

          <fieldset className="form-fieldset" disabled={busy}>
            <TextField id="quiz-title" label="Quiz Title" value={values.title} maxLength={200} onChange={change('title')} />

            <TextField
              id="quiz-file"
              label="Questions file"
              inputClassName="file-input"
              type="file"
              accept={ACCEPTED_FILES}
              hint="The filled template: Excel (.xlsx, .xls), OpenDocument (.ods) or CSV, up to 10 MB."
              onChange={(event) => send({ type: 'file.choose', file: event.target.files?.[0] ?? null })}
            />

            {checking ? <Loading label="Checking file..." /> : null}
            {previewError ? <Alert tone="error">{previewError}</Alert> : null}
            {preview ? <PreviewTable questions={preview.questions} errors={preview.errors} /> : null}

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
                  min={state.context.today}
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
              hint={`From ${MIN_TIME_LIMIT} to ${MAX_TIME_LIMIT} minutes; 30 if left empty.`}
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
                      <p>{HOST_FORM_TEXTS.audienceLoadFailed}</p>
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
          </fieldset>

          <button type="submit" className="btn btn-primary btn-block" disabled={busy || checking}>
            {creating ? 'Creating Quiz...' : 'Create Quiz'}
          </button>
          <p className="field-hint center">Hosting a quiz costs 1 token.</p>
        </form>
      </div>
    </div>
  )
}
