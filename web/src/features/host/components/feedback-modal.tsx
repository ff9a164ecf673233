/**
 * 'Feedback Summary' of one participant's submission (PRODUCT.md screen 15, section 4
 * "Feedback modal"): opens loading, then shows the items or the empty text. A 404 (no
 * submission) and any failure show the empty text. Closes on a click outside, the close
 * button, or Escape.
 */
import { useEffect, useRef, useState } from 'react'
import { FeedbackList } from '@/components/feedback/feedback-list'
import { Loading } from '@/components/ui/loading'
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

export function FeedbackModal({ userId, categoryId, playerName, onClose, load = getFeedback }: FeedbackModalProps) {
  const [items, setItems] = useState<FeedbackItem[] | null>(null)
  const closeRef = useRef<HTMLButtonElement>(null)

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
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      previous?.focus?.()
    }
  }, [onClose])

  const correct = items ? items.filter((item) => item.isCorrect).length : 0

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
      <div className="modal card" role="dialog" aria-modal="true" aria-labelledby="feedback-title">
        <div className="modal-head">
          <h2 id="feedback-title">Feedback Summary</h2>
          <button ref={closeRef} type="button" className="btn btn-ghost btn-small modal-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        <p className="muted">
          {playerName}
          {items && items.length > 0 ? ` · ${correct} of ${items.length} correct` : ''}
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
