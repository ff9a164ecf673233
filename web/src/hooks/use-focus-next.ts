import { useEffect, useRef, type RefObject } from 'react'

/**
 * Focus that moves once an element is on screen: set `.current` of the returned ref to an
 * element's id (when the focused element is about to leave the screen); after each render the
 * element with that id is focused as soon as it exists. `giveUp(id)` says when to stop waiting
 * for an element that will not come.
 */
export function useFocusNext(giveUp?: (id: string) => boolean): RefObject<string | null> {
  const focusNext = useRef<string | null>(null)
  useEffect(() => {
    const id = focusNext.current
    if (!id) return
    const element = document.getElementById(id)
    if (element) {
      focusNext.current = null
      element.focus()
    } else if (giveUp?.(id)) {
      focusNext.current = null
    }
  })
  return focusNext
}
