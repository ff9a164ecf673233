/**
 * Host a quiz from a spreadsheet (PRODUCT.md screen 9): tips, the three steps, the template
 * downloads, and the form (title, file with a live preview, validity, time limit, audience).
 * The host form machine holds the form's state; this component renders it.
 */
import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import { PaidFormError } from '@/components/quiz-settings/paid-form-error'
import { QuizSettingsFields } from '@/components/quiz-settings/quiz-settings-fields'
import { Alert } from '@/components/ui/alert'
import { Loading } from '@/components/ui/loading'
import { TextField } from '@/components/ui/text-field'
import { useFocusFirstError } from '@/hooks/use-focus-first-error'
import { MAX_TIME_LIMIT, MIN_TIME_LIMIT } from '@/lib/quiz-settings'
import {
  createQuiz,
  previewFile,
  TEMPLATE_CSV_URL,
  TEMPLATE_XLSX_URL,
  type CreateQuizInput,
  type PreviewResult,
} from '../api/host-api'
import { hostFormMachine, type HostFormValues } from '../machines/host-form.machine'
import { HOST_FORM_TEXTS } from '../utils/host-texts'
import { PreviewTable } from './preview-table'
import '../host.css'

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
  const { ref: formRef, submitted: markSubmitted } = useFocusFirstError(error)
  // 'Please provide a quiz title and upload a file': the missing one of the two is the field in error.
  const missing = error === HOST_FORM_TEXTS.titleAndFile
  const titleMissing = missing && !values.title.trim()
  const fileMissing = missing && !state.context.file

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
          ref={formRef}
          className="card host-form"
          aria-label="Create a quiz"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            markSubmitted()
            send({ type: 'form.submit' })
          }}
        >
          <div id="host-form-error">
            <PaidFormError error={error} needsTokens={needsTokens} />
          </div>
          {success ? (
            <Alert tone="success">
              <strong>{HOST_FORM_TEXTS.created}</strong>
              {created ? ` Code ${created.quizCode}. Taking you to My Quizzes...` : null}
            </Alert>
          ) : null}

          <fieldset className="form-fieldset" disabled={busy}>
            <TextField
              id="quiz-title"
              label="Quiz Title"
              value={values.title}
              maxLength={200}
              aria-invalid={titleMissing || undefined}
              aria-describedby={titleMissing ? 'host-form-error' : undefined}
              onChange={change('title')}
            />

            <TextField
              id="quiz-file"
              label="Questions file"
              inputClassName="file-input"
              type="file"
              accept={ACCEPTED_FILES}
              aria-invalid={fileMissing || undefined}
              aria-describedby={fileMissing ? 'quiz-file-hint host-form-error' : 'quiz-file-hint'}
              hint="The filled template: Excel (.xlsx, .xls), OpenDocument (.ods) or CSV, up to 10 MB."
              onChange={(event) => send({ type: 'file.choose', file: event.target.files?.[0] ?? null })}
            />

            {checking ? <Loading label="Checking file..." /> : null}
            {previewError ? <Alert tone="error">{previewError}</Alert> : null}
            {preview ? <PreviewTable questions={preview.questions} errors={preview.errors} /> : null}

            <QuizSettingsFields
              values={values}
              today={state.context.today}
              timeLimitHint={`From ${MIN_TIME_LIMIT} to ${MAX_TIME_LIMIT} minutes; 30 if left empty.`}
              onChange={(field, value) => send({ type: 'field.change', field, value })}
            />
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
