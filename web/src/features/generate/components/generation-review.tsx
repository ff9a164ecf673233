/**
 * Review generated questions before the quiz is created (PRODUCT.md screen 12): edit, delete
 * with Undo, confirm. Each question shows its type and where in the document it came from. A
 * question A–D shows its four options and the correct one; a choice of another type (issue 29)
 * its options with every right one marked; any other type its right answer in words. A question
 * A–D is edited as four options and the answer typed; any other type with the quiz editor's
 * fields of its type. The texts show their formulae (RichText, issue 30). A question being edited
 * may be given a picture, a sound or a video (the quiz editor's field), shown under its text
 * (issue 30), and a picture on each option or item (the quiz editor's picture fields), shown with
 * its option. The review machine holds the state; this component renders it.
 */
import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { fromPromise } from 'xstate'
import { rightWords } from '@/components/feedback/answer-words'
import { OptionPicture } from '@/components/option-picture/option-picture'
import { MediaField } from '@/components/question-fields/media-field'
import type { MediaForm, PictureForm } from '@/components/question-fields/media-form'
import { PictureField } from '@/components/question-fields/picture-field'
import { namedFields } from '@/components/question-fields/question-checks'
import type { QuestionForm } from '@/components/question-fields/question-form'
import { FORM_TYPE_NAMES, TypeFields } from '@/components/question-fields/type-fields'
import { QuestionMedia } from '@/components/question-media/question-media'
import { RichText } from '@/components/rich-text/rich-text'
import { Alert } from '@/components/ui/alert'
import { Loading } from '@/components/ui/loading'
import { TextField } from '@/components/ui/text-field'
import { useFocusFirstError } from '@/hooks/use-focus-first-error'
import { LETTERS } from '@/lib/constants'
import type { QuestionDefinition, ServedPictures } from '@/types/api'
import { getGeneration, isTypedQuestion, publishGeneration, type PublishInput, type QuestionSource } from '../api/generate-api'
import {
  isTypedDraft,
  reviewMachine,
  type Draft,
  type DraftField,
  type ReviewInput,
  type ReviewQuestion,
} from '../machines/review.machine'
import { droppedSummary, REVIEW_TEXTS } from '../utils/generate-texts'
import '@/components/question-fields/question-fields.css'
import '../generate.css'

const OPTION_FIELDS = { A: 'optionA', B: 'optionB', C: 'optionC', D: 'optionD' } as const

/** An option's mark in a list of up to six (A to F). */
const optionMark = (index: number) => String.fromCharCode(65 + index)

function sourceLabel(source: QuestionSource): string {
  return typeof source.page === 'number' ? `Page ${source.page} · passage ${source.passage}` : `Passage ${source.passage}`
}

const typeName = (question: ReviewQuestion) => FORM_TYPE_NAMES[isTypedQuestion(question) ? question.definition.type : 'letters']

type OptionsViewProps = { options: string[]; isRight: (index: number) => boolean; pictures?: ServedPictures }

/** Options in order, each right one marked 'Correct', with its picture. */
function OptionsView({ options, isRight, pictures }: OptionsViewProps) {
  return (
    <ol className="review-options" aria-label="Options">
      {options.map((option, index) => {
        const correct = isRight(index)
        return (
          <li key={index} className={correct ? 'review-option option-correct' : 'review-option'}>
            <span className="option-letter">{optionMark(index)}</span>
            <span>
              <RichText text={option} />
            </span>
            <OptionPicture pictures={pictures} index={index} small />
            {correct ? <span className="option-tag">Correct</span> : null}
          </li>
        )
      })}
    </ol>
  )
}

/** A question of a type other than A–D: a choice's options, else the right answer in words. */
function DefinitionView({ definition, pictures }: { definition: QuestionDefinition; pictures?: ServedPictures }) {
  if (definition.type === 'single_choice' || definition.type === 'multi_select') {
    return <OptionsView options={definition.options} isRight={(index) => definition.right.includes(index)} pictures={pictures} />
  }
  const right = rightWords(definition)
  if (!right) return null
  if ('text' in right) {
    return (
      <p className="review-answer">
        <span className="review-answer-label">Right answer:</span> <RichText text={right.text} />
      </p>
    )
  }
  const Lines = right.ordered ? 'ol' : 'ul'
  return (
    <div className="review-answer">
      <p className="review-answer-label">Right answer:</p>
      <Lines className="review-answer-lines">
        {right.lines.map((line, index) => (
          <li key={index}>
            <RichText text={line.text} />
          </li>
        ))}
      </Lines>
    </div>
  )
}

function QuestionView({ question }: { question: ReviewQuestion }) {
  return (
    <>
      <p className="review-question-text">
        <RichText text={question.question} />
      </p>
      <QuestionMedia media={question.media} />
      {isTypedQuestion(question) ? (
        <DefinitionView definition={question.definition} pictures={question.pictures} />
      ) : (
        <OptionsView
          options={LETTERS.map((letter) => question[OPTION_FIELDS[letter]])}
          isRight={(index) => LETTERS[index] === question.answer}
          pictures={question.pictures}
        />
      )}
      {question.explanation ? (
        <p className="review-explanation">
          <RichText text={question.explanation} />
        </p>
      ) : null}
      {question.source ? (
        <figure className="review-source">
          <figcaption>{sourceLabel(question.source)}</figcaption>
          <blockquote>{question.source.excerpt}</blockquote>
        </figure>
      ) : null}
    </>
  )
}

type DraftFormProps = {
  draft: Draft
  error: string | null
  onChange: (field: DraftField, value: string) => void
  /** The fields of a typed draft's type as edited. */
  onForm: (form: QuestionForm) => void
  /** Its picture, sound or video as uploaded or edited. */
  onMedia: (media: MediaForm | null) => void
  /** The picture of an option or an item as uploaded or edited, by its row's key (A–D: its letter). */
  onPicture: (at: string, picture: PictureForm | null) => void
  onSave: () => void
  onCancel: () => void
}

function DraftForm({ draft, error, onChange, onForm, onMedia, onPicture, onSave, onCancel }: DraftFormProps) {
  const change = (field: DraftField) => (event: { target: { value: string } }) => onChange(field, event.target.value)
  // A refused save sends focus to the first marked field, else to the error.
  const { ref, submitted } = useFocusFirstError(error)
  const errorId = `edit-${draft.id}-error`
  const fields = namedFields(error ? [error] : [])
  return (
    <form
      ref={ref}
      className="review-edit"
      aria-label="Edit question"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submitted()
        onSave()
      }}
    >
      <div className="field">
        <label className="field-label" htmlFor="edit-question">
          Question text
        </label>
        <textarea id="edit-question" className="field-input" rows={2} value={draft.question} onChange={change('question')} />
      </div>
      <MediaField
        media={draft.media}
        onChange={onMedia}
        id={`edit-${draft.id}`}
        disabled={false}
        invalid={(field) => fields.has(field)}
        errorId={errorId}
      />
      {isTypedDraft(draft) ? (
        <TypeFields
          form={draft.form}
          media={draft.media}
          questionText={draft.question}
          onChange={onForm}
          onPicture={onPicture}
          id={`edit-${draft.id}`}
          disabled={false}
          invalid={(field) => fields.has(field)}
          errorId={errorId}
        />
      ) : (
        <>
          <div className="option-fields">
            {LETTERS.map((letter, i) => (
              <div key={letter} className="option-field">
                <TextField id={`edit-option-${letter}`} label={`Option ${letter}`} value={draft[OPTION_FIELDS[letter]]} onChange={change(OPTION_FIELDS[letter])} />
                <PictureField
                  picture={draft.pictures[i] ?? null}
                  onChange={(picture) => onPicture(letter, picture)}
                  id={`edit-option-${letter}`}
                  of={`option ${letter}`}
                  disabled={false}
                  invalid={(field) => fields.has(`picture ${i + 1}: ${field}`)}
                  errorId={errorId}
                />
              </div>
            ))}
          </div>
          <TextField
            id="edit-answer"
            label="Correct answer"
            value={draft.answer}
            hint="A letter A to D, or the text of one of the options."
            onChange={change('answer')}
          />
        </>
      )}
      <div className="field">
        <label className="field-label" htmlFor="edit-explanation">
          Explanation
        </label>
        <textarea id="edit-explanation" className="field-input" rows={2} value={draft.explanation} onChange={change('explanation')} />
      </div>
      {error ? (
        <div id={errorId}>
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
      <div className="row-actions">
        <button type="submit" className="btn btn-primary btn-small">
          Save
        </button>
        <button type="button" className="btn btn-secondary btn-small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}

type GenerationReviewProps = {
  input: ReviewInput
  /** After 'Quiz Created!' (2 s). */
  onPublished: () => void
  /** The publish call failed. */
  onFailed: () => void
}

export function GenerationReview({ input, onPublished, onFailed }: GenerationReviewProps) {
  const machine = useMemo(
    () =>
      reviewMachine.provide({
        actors: {
          loadGeneration: fromPromise(({ input }: { input: { generationId: string } }) => getGeneration(input.generationId)),
          publish: fromPromise(({ input }: { input: { generationId: string; body: PublishInput } }) =>
            publishGeneration(input.generationId, input.body),
          ),
        },
        actions: { leave: () => onPublished(), leaveAfterFailure: () => onFailed() },
      }),
    [onPublished, onFailed],
  )
  const [state, send] = useMachine(machine, { input })
  const { questions, deleted, quizMetadata, draft, error, created } = state.context
  const reviewing = state.matches('reviewing')
  const editing = state.matches('editing')
  const publishing = state.matches('publishing')
  const dropped = quizMetadata ? droppedSummary(quizMetadata.dropped) : null

  const head = (
    <div className="page-head">
      <h1>Review Questions</h1>
      <p className="muted">Edit or delete questions, then confirm to create the quiz.</p>
    </div>
  )

  if (state.hasTag('loading')) {
    return (
      <div className="review-page">
        {head}
        <Loading label="Loading questions..." />
      </div>
    )
  }
  if (state.matches('published')) {
    return (
      <div className="review-page">
        {head}
        <Alert tone="info">
          {REVIEW_TEXTS.published} <Link to="/host/myQuizzes">Go to My Quizzes</Link>
        </Alert>
      </div>
    )
  }
  if (state.matches('unavailable')) {
    return (
      <div className="review-page">
        {head}
        <Alert tone="error">{error}</Alert>
        <Link className="btn btn-primary" to="/generate">
          Generate Quiz
        </Link>
      </div>
    )
  }

  return (
    <div className="review-page">
      {head}
      {state.hasTag('success') ? (
        <Alert tone="success">
          <strong>{REVIEW_TEXTS.created}</strong>
          {created ? ` Code ${created.quizCode}. Taking you to My Quizzes...` : null}
        </Alert>
      ) : null}
      {dropped ? <Alert tone="info">{dropped}</Alert> : null}

      {quizMetadata ? (
        <TextField
          id="review-title"
          label="Quiz Title"
          value={quizMetadata.title}
          maxLength={200}
          disabled={!reviewing}
          onChange={(event) => send({ type: 'title.change', value: event.target.value })}
        />
      ) : null}

      {questions.length === 0 ? (
        <div className="empty-state">
          <p>{REVIEW_TEXTS.empty}</p>
          <Link className="btn btn-primary" to="/generate">
            Generate Quiz
          </Link>
        </div>
      ) : (
        <ol className="review-list" aria-label="Questions">
          {questions.map((question, index) => {
            const number = index + 1
            return (
              <li key={question.id} className="card review-question" aria-label={`Question ${number}`}>
                <div className="question-editor-head">
                  <div className="question-editor-title">
                    <h3>Question {number}</h3>
                    <span className="question-type-name">{typeName(question)}</span>
                  </div>
                  {editing && draft?.id === question.id ? null : (
                    <div className="row-actions">
                      <button
                        type="button"
                        className="btn btn-secondary btn-small"
                        aria-label={`Edit question ${number}`}
                        disabled={!reviewing}
                        onClick={() => send({ type: 'question.edit', id: question.id })}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-small"
                        aria-label={`Delete question ${number}`}
                        disabled={!reviewing}
                        onClick={() => send({ type: 'question.delete', id: question.id })}
                      >
                        Delete
                      </button>
                    </div>
                  )}
                </div>
                {editing && draft?.id === question.id ? (
                  <DraftForm
                    draft={draft}
                    error={error}
                    onChange={(field, value) => send({ type: 'draft.change', field, value })}
                    onForm={(form) => send({ type: 'draft.form', form })}
                    onMedia={(media) => send({ type: 'draft.media', media })}
                    onPicture={(at, picture) => send({ type: 'draft.picture', at, picture })}
                    onSave={() => send({ type: 'draft.save' })}
                    onCancel={() => send({ type: 'draft.cancel' })}
                  />
                ) : (
                  <QuestionView question={question} />
                )}
              </li>
            )
          })}
        </ol>
      )}

      {deleted.length > 0 ? (
        <section className="card review-deleted" aria-labelledby="deleted-title">
          <h2 id="deleted-title">Deleted questions</h2>
          <ul aria-label="Deleted questions">
            {deleted.map((question) => (
              <li key={question.id} aria-label={question.question}>
                <span>
                  <RichText text={question.question} />
                </span>
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  disabled={!reviewing}
                  onClick={() => send({ type: 'question.restore', id: question.id })}
                >
                  Undo
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {reviewing && error ? <Alert tone="error">{error}</Alert> : null}
      {publishing ? <Loading label="Creating the quiz..." /> : null}
      <div className="editor-actions">
        <span className="muted review-count">
          {questions.length} question{questions.length === 1 ? '' : 's'} kept
        </span>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!reviewing || questions.length === 0}
          onClick={() => send({ type: 'quiz.confirm' })}
        >
          {publishing ? 'Creating Quiz...' : 'Confirm and Create Quiz'}
        </button>
      </div>
    </div>
  )
}
