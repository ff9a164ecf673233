/**
 * The question's read-aloud controls (issue 15): "Read aloud" (again, from the start) and, while
 * speaking, "Stop reading". When the Stop button leaves with focus on it (pressed, or the speech
 * ended), focus goes back to "Read aloud" rather than to the page. Without speech synthesis in the
 * browser a note says so instead.
 */
import { useEffect, useRef } from 'react'
import type { ReadAloud } from '../hooks/use-read-aloud'

export const READ_ALOUD_UNAVAILABLE = 'Read aloud is not available in this browser.'

export function ReadAloudControls({ readAloud }: { readAloud: ReadAloud }) {
  const readButton = useRef<HTMLButtonElement>(null)
  /** Focus was on Stop and did not move to another element (removing it does not count). */
  const stopHeldFocus = useRef(false)
  const { speaking } = readAloud

  useEffect(() => {
    if (speaking || !stopHeldFocus.current) return
    stopHeldFocus.current = false
    const active = document.activeElement
    if (!active || active === document.body) readButton.current?.focus()
  }, [speaking])

  if (!readAloud.available) return <p className="read-aloud-note muted">{READ_ALOUD_UNAVAILABLE}</p>
  return (
    <div className="read-aloud">
      <button ref={readButton} type="button" className="btn btn-secondary btn-small" onClick={readAloud.read}>
        Read aloud
      </button>
      {speaking ? (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onFocus={() => (stopHeldFocus.current = true)}
          onBlur={(event) => {
            if (event.relatedTarget) stopHeldFocus.current = false
          }}
          onClick={readAloud.stop}
        >
          Stop reading
        </button>
      ) : null}
    </div>
  )
}
