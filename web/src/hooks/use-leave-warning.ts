/**
 * Warns before leaving a page with unsaved work: the browser's own prompt on reload/close
 * (beforeunload), and a confirm() with the given text for in-app navigation (useBlocker).
 */
import { useEffect } from 'react'
import { useBlocker } from 'react-router'

/** Dispatched on window when the player chose to stay, so whoever started the navigation can undo its plans. */
export const NAVIGATION_CANCELLED_EVENT = 'quizroom:navigation-cancelled'

export function useLeaveWarning(active: boolean, message: string) {
  useEffect(() => {
    if (!active) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers show this text; current ones show their own.
      event.returnValue = message
      return message
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [active, message])

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  )

  useEffect(() => {
    if (blocker.state !== 'blocked') return
    if (window.confirm(message)) blocker.proceed()
    else {
      blocker.reset()
      window.dispatchEvent(new Event(NAVIGATION_CANCELLED_EVENT))
    }
  }, [blocker, message])
}
