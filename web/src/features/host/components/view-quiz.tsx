/**
 * View and edit a hosted quiz (PRODUCT.md screen 13): the header (title, time, validity,
 * audience, code) and the question editor, which edits questions of every type (issue 29).
 * Saving first checks the questions as the server would; then it posts every question to
 * /api/question/update-category-questions; on success a toast shows for 2 s and the host is
 * taken to My Quizzes after 1.5 s. A refused save (by the checks or the server) shows its
 * messages in the error toast and beside the questions they name, and focus goes to the first
 * of them; editing a question clears its messages. Below, the players' accommodations
 * (issue 15), saved on their own.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react'
import { Link } from 'react-router'
import { Loading } from '@/components/ui/loading'
import { Toast } from '@/components/ui/toast'
import { useFocusNext } from '@/hooks/use-focus-next'
import { isApiError } from '@/lib/api-client'
import { getHostQuiz, updateCategoryQuestions, type HostQuizDetails } from '../api/host-api'
import { VIEW_QUIZ_TEXTS } from '../utils/host-texts'
import { editorReducer, toUpdate, type EditorAction } from '../utils/question-editor'
import { checkQuestions, errorsByQuestion, type QuestionErrors } from '../utils/question-errors'
import { formatValidity } from '../utils/quiz-format'
import { AccommodationsEditor } from './accommodations-editor'
import { errorsId, QuestionEditor } from './question-editor'
import '../host.css'

export const SAVE_REDIRECT_MS = 1500
export const TOAST_MS = 2000

/** The messages of a refused save (400 for a field, 422 for a rule): `details.errors`. */
function refusedMessages(error: unknown): string[] {
  if (!isApiError(error) || (error.status !== 400 && error.status !== 422)) return []
  const details = error.details as { errors?: unknown } | null | undefined
  const list = Array.isArray(details?.errors) ? details.errors : []
  return list
    .map((item) => (typeof item === 'string' ? item : (item as { message?: unknown } | null)?.message))
    .filter((message): message is string => typeof message === 'string' && message !== '')
}

/** The server's validation detail for a refused save, else the fixed text. */
export function saveErrorText(error: unknown): string {
  const messages = refusedMessages(error)
  if (messages.length > 0) return messages.join(' ')
  if (isApiError(error) && (error.status === 400 || error.status === 422) && error.error) return error.error
  return VIEW_QUIZ_TEXTS.saveFailed
}

type LoadState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'loaded'; quiz: HostQuizDetails }
type SaveState = 'idle' | 'saving' | 'success' | 'error'

type ViewQuizProps = {
  /** The route parameter as written. */
  rawId: string | undefined
  categoryId: number | null
  onSaved: () => void
}

export function ViewQuiz({ rawId, categoryId, onSaved }: ViewQuizProps) {
  const missing = rawId === undefined || rawId.trim() === ''
  const [load, setLoad] = useState<LoadState>(() =>
    missing
      ? { status: 'error', message: VIEW_QUIZ_TEXTS.noId }
      : categoryId === null
        ? { status: 'error', message: VIEW_QUIZ_TEXTS.invalidId }
        : { status: 'loading' },
  )
  const [questions, dispatchEdit] = useReducer(editorReducer, [])
  const [errors, setErrors] = useState<QuestionErrors>({})
  const [save, setSave] = useState<SaveState>('idle')
  const [toast, setToast] = useState<{ tone: 'success' | 'error'; message: string } | null>(null)
  const timers = useRef<number[]>([])
  const focusNextRef = useFocusNext()

  /** An edit clears the edited question's messages (they may no longer hold). */
  const dispatch = useCallback((action: EditorAction) => {
    dispatchEdit(action)
    if ('key' in action) {
      setErrors((current) => {
        if (!(action.key in current)) return current
        const rest = { ...current }
        delete rest[action.key]
        return rest
      })
    }
  }, [])

  /** Shows a refused save's messages beside their questions and moves focus to the first. */
  const refuse = (found: QuestionErrors) => {
    setErrors(found)
    const first = questions.find((question) => question.key in found)
    if (first) focusNextRef.current = errorsId(first.key)
  }

  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), [])

  useEffect(() => {
    if (categoryId === null) return
    let cancelled = false
    getHostQuiz(categoryId)
      .then((quiz) => {
        if (cancelled) return
        if (!quiz || !quiz.category || !Array.isArray(quiz.questions)) {
          setLoad({ status: 'error', message: VIEW_QUIZ_TEXTS.loadFailed })
          return
        }
        dispatchEdit({ type: 'load', questions: quiz.questions })
        setLoad({ status: 'loaded', quiz })
      })
      .catch((error: unknown) => {
        console.error('Failed to load quiz data', error)
        if (!cancelled) setLoad({ status: 'error', message: VIEW_QUIZ_TEXTS.loadFailed })
      })
    return () => {
      cancelled = true
    }
  }, [categoryId])

  if (load.status === 'loading') return <Loading label="Loading..." />
  if (load.status === 'error') {
    return (
      <section className="card quiz-message" aria-labelledby="view-quiz-error">
        <h1 id="view-quiz-error" className="visually-hidden">
          View Quiz
        </h1>
        <p className="error-text">{load.message}</p>
        <Link className="btn btn-secondary" to="/host/myQuizzes">
          Back to My Quizzes
        </Link>
      </section>
    )
  }

  const { category } = load.quiz
  const busy = save === 'saving' || save === 'success'

  const onSave = async () => {
    if (categoryId === null) return
    const found = checkQuestions(questions)
    if (Object.keys(found).length > 0) {
      setSave('error')
      setToast({ tone: 'error', message: Object.values(found).flat().join(' ') })
      refuse(found)
      return
    }
    setSave('saving')
    setToast(null)
    setErrors({})
    try {
      await updateCategoryQuestions(categoryId, questions.map(toUpdate))
      setSave('success')
      setToast({ tone: 'success', message: VIEW_QUIZ_TEXTS.saved })
      timers.current.push(window.setTimeout(() => setToast(null), TOAST_MS))
      timers.current.push(window.setTimeout(onSaved, SAVE_REDIRECT_MS))
    } catch (error) {
      console.error('Failed to update questions', error)
      setSave('error')
      setToast({ tone: 'error', message: saveErrorText(error) })
      refuse(errorsByQuestion(refusedMessages(error), questions))
    }
  }

  return (
    <div className="view-quiz">
      <section className="card view-quiz-head" aria-labelledby="view-quiz-title">
        <h1 id="view-quiz-title">{category.name || VIEW_QUIZ_TEXTS.untitled}</h1>
        <dl className="quiz-facts">
          <div>
            <dt>Time</dt>
            <dd>{Number(category.time_limit) || 0} minutes</dd>
          </div>
          <div>
            <dt>Validity</dt>
            <dd>{formatValidity(category.valid_until)}</dd>
          </div>
          <div>
            <dt>Audience</dt>
            <dd>{category.audience?.name || VIEW_QUIZ_TEXTS.openToAll}</dd>
          </div>
          <div>
            <dt>Code</dt>
            <dd>{category.quizCode || VIEW_QUIZ_TEXTS.noCode}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="questions-title">
        <div className="section-head">
          <h2 id="questions-title">Questions ({questions.length})</h2>
        </div>
        <ol className="question-editors">
          {questions.map((question, index) => (
            <QuestionEditor
              key={question.key}
              question={question}
              index={index}
              disabled={busy}
              dispatch={dispatch}
              errors={errors[question.key] ?? []}
            />
          ))}
        </ol>
        <div className="editor-actions">
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => dispatch({ type: 'add' })}>
            Add Question
          </button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={onSave}>
            {save === 'saving' ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </section>

      {categoryId !== null ? <AccommodationsEditor target={{ kind: 'quiz', id: categoryId }} /> : null}

      {toast ? <Toast tone={toast.tone} message={toast.message} onClose={toast.tone === 'error' ? () => setToast(null) : undefined} /> : null}
    </div>
  )
}
