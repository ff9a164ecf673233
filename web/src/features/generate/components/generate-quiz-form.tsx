/**
 * Generate a quiz from topics or a document (PRODUCT.md screen 11): title, topics, a file, the
 * question types to write (issue 29), validity, time limit and audience. The generate form machine holds the form's state; this
 * component renders it. While the questions are written the form is disabled and a progress
 * note shows; on success the caller receives the questions and the quiz settings.
 */
import { useMachine } from '@xstate/react'
import { useEffect, useMemo, useRef } from 'react'
import { fromPromise } from 'xstate'
import { PaidFormError } from '@/components/quiz-settings/paid-form-error'
import { QuizSettingsFields } from '@/components/quiz-settings/quiz-settings-fields'
import { Loading } from '@/components/ui/loading'
import { TextField } from '@/components/ui/text-field'
import { useFocusFirstError } from '@/hooks/use-focus-first-error'
import { LETTERS_TYPE_NAME, QUESTION_TYPE_NAMES } from '@/lib/question-types'
import { GENERATABLE_TYPES, generateFromFile, generateFromKeyword, type GeneratableType } from '../api/generate-api'
import {
  ACCEPTED_FILES,
  generateFormMachine,
  type GeneratedState,
  type GenerateFormValues,
  type GenerateRequest,
} from '../machines/generate-form.machine'
import { GENERATE_TEXTS } from '../utils/generate-texts'
import '../generate.css'

const generate = (request: GenerateRequest) =>
  request.kind === 'file' ? generateFromFile(request.input) : generateFromKeyword(request.input)

/** A generated single choice is a question A–D. */
const typeName = (type: GeneratableType) => (type === 'single_choice' ? LETTERS_TYPE_NAME : QUESTION_TYPE_NAMES[type])

const fileSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`

export function GenerateQuizForm({ onGenerated, today }: { onGenerated: (state: GeneratedState) => void; today?: string }) {
  const machine = useMemo(
    () =>
      generateFormMachine.provide({
        actors: { generate: fromPromise(({ input }: { input: GenerateRequest }) => generate(input)) },
        actions: { leave: (_, params) => onGenerated(params) },
      }),
    [onGenerated],
  )
  const [state, send] = useMachine(machine, { input: { today } })
  const { values, file, types, error, needsTokens } = state.context
  const busy = state.hasTag('busy')
  const fileInput = useRef<HTMLInputElement>(null)
  const { ref: formRef, submitted: markSubmitted } = useFocusFirstError(error)

  // Typing topics drops the chosen file: empty the picker too.
  useEffect(() => {
    if (!file && fileInput.current) fileInput.current.value = ''
  }, [file])

  const change = (field: keyof GenerateFormValues) => (event: { target: { value: string } }) =>
    send({ type: 'field.change', field, value: event.target.value })

  return (
    <div className="host-page">
      <div className="page-head">
        <h1>Generate Quiz</h1>
        <p className="muted">Enter key topics or upload a lecture file; review the questions before the quiz is created.</p>
      </div>

      <form
        ref={formRef}
        className="card host-form generate-form"
        aria-label="Generate a quiz"
        aria-busy={busy}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          markSubmitted()
          send({ type: 'form.submit' })
        }}
      >
        <PaidFormError error={error} needsTokens={needsTokens} />

        <fieldset className="form-fieldset" disabled={busy}>
          <TextField id="quiz-title" label="Quiz Title" value={values.title} maxLength={200} onChange={change('title')} />

          <div className="field">
            <label className="field-label" htmlFor="quiz-topics">
              Topics or text
            </label>
            <textarea
              id="quiz-topics"
              className="field-input"
              rows={4}
              placeholder="e.g. photosynthesis, cell division — or paste a few paragraphs"
              value={values.topics}
              aria-describedby="quiz-topics-hint"
              onChange={change('topics')}
            />
            <p id="quiz-topics-hint" className="field-hint">
              With a file, the topics say what to focus on. Typing here removes a chosen file.
            </p>
          </div>

          <div className="field">
            <label className="field-label" htmlFor="quiz-file">
              Lecture file
            </label>
            <input
              ref={fileInput}
              id="quiz-file"
              className="field-input file-input"
              type="file"
              accept={ACCEPTED_FILES}
              aria-describedby="quiz-file-hint"
              onChange={(event) => send({ type: 'file.choose', file: event.target.files?.[0] ?? null })}
            />
            <p id="quiz-file-hint" className="field-hint">
              {file
                ? `Chosen: ${file.name} (${fileSize(file.size)})`
                : 'PDF, Word (.docx, .doc) or text (.txt, .md), up to 10 MB.'}
            </p>
          </div>

          <fieldset className="field choice-group" aria-describedby="quiz-types-hint">
            <legend className="field-label">Question types</legend>
            <p id="quiz-types-hint" className="field-hint">
              At least one. The generator writes those your topics or file lend themselves to.
            </p>
            {GENERATABLE_TYPES.map((type) => (
              <label key={type} className="choice">
                <input
                  type="checkbox"
                  name="types"
                  value={type}
                  checked={types.includes(type)}
                  onChange={(event) => send({ type: 'types.change', questionType: type, checked: event.target.checked })}
                />
                {typeName(type)}
              </label>
            ))}
          </fieldset>

          <QuizSettingsFields
            values={values}
            today={state.context.today}
            timeLimitHint="Also the number of questions. Left empty: 10 questions and 30 minutes."
            onChange={(field, value) => send({ type: 'field.change', field, value })}
          />
        </fieldset>

        {busy ? <Loading label={GENERATE_TEXTS.generating} /> : null}

        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Generating...' : 'Generate Quiz'}
        </button>
        <p className="field-hint center">Generating a quiz costs 5 tokens, hosting it included.</p>
      </form>
    </div>
  )
}
