/**
 * 'Feedback Summary' of one participant's submission (PRODUCT.md screen 15, section 4
 * "Feedback modal"): opens loading, then shows the items or the empty text, and "N of M correct"
 * over the scored questions (a poll, a word cloud or a slide is not one, issue 29). A 404 (no
 * submission) and any failure show the empty text. Closes on a click outside, the close
 * button, or Escape. A modal dialog for the keyboard too: focus starts on the close button, Tab
 * and Shift+Tab stay inside the dialog, and closing gives focus back to the button that opened it.
 */
import { useEffect, useRef, useState } from 'react'
import { FeedbackList } from '@/components/feedback/feedback-list'
import { Loading } from '@/components/ui/loading'
import { isScoredType } from '@/lib/question-types'
import { getFeedback, type FeedbackItem } from '../api/host-api'
import { RESULTS_TEXTS } from '../utils/host-texts'
import '../host.css'

type FeedbackModalProps = {
  userId: string
  categoryId: number
  playerName: string
  onClose: () => void
  load?: (userId: string, categoryId: number) => Promise<FeedbackItem[]>
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** Tab from the last focusable element goes to the first, Shift+Tab from the first to the last. */
function keepFocusInside(dialog: HTMLElement, event: KeyboardEvent) {
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)]
  if (focusable.length === 0) return
  const first = focusable[0]
  const last = focusable[focusable.length - 1]
  const active = document.activeElement
  const inside = active instanceof Node && dialog.contains(active)
  if (event.shiftKey && (active === first || !inside)) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (active === last || !inside)) {
    event.preventDefault()
    first.focus()
  }
}

export function FeedbackModal({ userId, categoryId, playerName, onClose, load = getFeedback }: FeedbackModalProps) {
  const [items, setItems] = useState<FeedbackItem[] | null>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  const dialogRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    let cancelled = false
    load(userId, categoryId)
      .then((list) => {
        if (!cancelled) setItems(list)
      })
      .catch((error: unknown) => {
        console.error('Failed to load feedback', error)
        if (!cancelled) setItems([])
      })
    return () => {
      cancelled = true
    }
  }, [userId, categoryId, load])

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null
    closeRef.current?.focus()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose()
      else if (event.key === 'Tab' && dialogRef.current) keepFocusInside(dialogRef.current, event)
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      previous?.focus?.()
    }
  }, [onClose])

  const scored = items ? items.filter((item) => !('type' in item) || isScoredType(item.type)) : []
  const correct = scored.filter((item) => item.isCorrect).length

  return (
    // The backdrop is presentational: a click on it is a mouse shortcut for the close button
    // (and Escape), which keyboard and screen-reader users have.
    <div
      className="modal-backdrop"
      data-testid="modal-backdrop"
      role="presentation"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div ref={dialogRef} className="modal card" role="dialog" aria-modal="true" aria-labelledby="feedback-title">
        <div className="modal-head">
          <h2 id="feedback-title">Feedback Summary</h2>
          <button ref={closeRef} type="button" className="btn btn-ghost btn-small modal-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        <p className="muted">
          {playerName}
          {scored.length > 0 ? ` · ${correct} of ${scored.length} correct` : ''}
        </p>
        <div className="modal-body">
          {items === null ? <Loading label={RESULTS_TEXTS.feedbackLoading} /> : null}
          {items !== null && items.length === 0 ? <p className="empty-state">{RESULTS_TEXTS.feedbackEmpty}</p> : null}
          {items !== null && items.length > 0 ? (
            <FeedbackList items={items} chosenLabel="Their answer" />
          ) : null}
        </div>
      </div>
    </div>
  )
}
