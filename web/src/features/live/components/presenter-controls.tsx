/**
 * The host's controls: the ones that fit the phase (`allowedActions`), as buttons and on the
 * keyboard — Space or Enter starts or moves on, P pauses and resumes, S skips, L locks and
 * unlocks. Ending the game asks first. Keys typed into a field, or with a modifier, are left
 * alone. `showAnswers` is not here: its button sits with the answers it shows (`PendingWords`).
 */
import { useEffect } from 'react'
import type { ControlAction, GameView } from '@/types/live-game'
import { actionForKey, allowedActions, nextLabel } from '../utils/host-actions'
import { CONFIRM_END, CONTROL_LABELS } from '../utils/live-texts'
import '../live.css'
import '../live-presenter.css'

type PresenterControlsProps = {
  view: GameView
  busy: boolean
  onAction: (action: ControlAction) => void
}

const KEY_HINTS: Partial<Record<ControlAction, string>> = {
  start: 'Enter',
  next: 'Enter',
  pause: 'P',
  resume: 'P',
  skip: 'S',
  lock: 'L',
  unlock: 'L',
}

/** Controls whose button is shown with what they act on, not in the toolbar. */
const ELSEWHERE: readonly ControlAction[] = ['showAnswers']

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  const tag = target.tagName
  return target.isContentEditable || tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT'
}

export function PresenterControls({ view, busy, onAction }: PresenterControlsProps) {
  const actions = allowedActions(view).filter((action) => !ELSEWHERE.includes(action))

  const run = (action: ControlAction) => {
    if (action === 'end' && !window.confirm(CONFIRM_END)) return
    onAction(action)
  }

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.repeat) return
      if (isTypingTarget(event.target)) return
      // Space and Enter on a focused button press that button, as usual.
      if ((event.key === ' ' || event.key === 'Enter') && event.target instanceof HTMLButtonElement) return
      const action = actionForKey(view, event.key)
      if (!action) return
      event.preventDefault()
      onAction(action)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [view, onAction])

  if (actions.length === 0) return null
  return (
    <div className="live-controls" role="toolbar" aria-label="Game controls">
      {actions.map((action) => {
        const label = action === 'next' ? nextLabel(view) : CONTROL_LABELS[action]
        const key = KEY_HINTS[action]
        const primary = action === 'start' || action === 'next'
        return (
          <button
            key={action}
            type="button"
            className={`btn ${primary ? 'btn-primary' : action === 'end' ? 'btn-ghost live-end' : 'btn-secondary'}`}
            disabled={busy}
            aria-keyshortcuts={key === 'Enter' ? 'Enter Space' : key}
            onClick={() => run(action)}
          >
            {label}
            {key ? <kbd className="live-key" aria-hidden="true">{key}</kbd> : null}
          </button>
        )
      })}
      {view.phase === 'lobby' && view.players === 0 ? <p className="muted live-controls-hint">Start appears when someone has joined.</p> : null}
    </div>
  )
}
