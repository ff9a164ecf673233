/** A short message pinned to the bottom of the screen; errors are announced assertively. */
import './ui.css'

export function Toast({ tone, message, onClose }: { tone: 'success' | 'error'; message: string; onClose?: () => void }) {
  return (
    <div className={`toast toast-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <span>{message}</span>
      {onClose ? (
        <button type="button" className="toast-close" aria-label="Dismiss" onClick={onClose}>
          ×
        </button>
      ) : null}
    </div>
  )
}
