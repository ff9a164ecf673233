/**
 * Focus to the first error of a form after a failed submit (issue 15): the first field marked
 * `aria-invalid`, or else the form's first alert (a general error banner, made focusable for
 * this). `submitted()` is called on every submit; the focus moves once per submit, when
 * `failure` (anything that is truthy while the form shows an error: a message, a count of field
 * errors) is set after it, so an error that arrives later from the server counts too, and
 * clearing errors while the user types never moves focus.
 */
import { useEffect, useRef, useState, type RefObject } from 'react'

/** The element a failed submit sends focus to inside `root`, or null. */
export function firstErrorIn(root: ParentNode): HTMLElement | null {
  const invalid = root.querySelector<HTMLElement>('[aria-invalid="true"]:not(:disabled)')
  if (invalid) return invalid
  return root.querySelector<HTMLElement>('[role="alert"]')
}

/** Moves focus to the first error inside `root`; true when there was one. */
export function focusFirstError(root: ParentNode | null): boolean {
  const target = root ? firstErrorIn(root) : null
  if (!target) return false
  // A banner is not focusable by itself; -1 lets a script focus it without adding a tab stop.
  if (!target.matches('input, select, textarea, button, a[href], [tabindex]')) target.tabIndex = -1
  target.focus()
  return true
}

/**
 * `alreadySubmitted`: the form appears with the failure of a submit made before it was on screen
 * (the sign-up's server error, which comes back to a new sign-up form).
 */
export function useFocusFirstError<T extends HTMLElement = HTMLFormElement>(
  failure: unknown,
  alreadySubmitted = false,
): { ref: RefObject<T | null>; submitted: () => void } {
  const ref = useRef<T>(null)
  const [submits, setSubmits] = useState(alreadySubmitted ? 1 : 0)
  const handled = useRef(0)

  useEffect(() => {
    if (submits === 0 || handled.current === submits || !failure) return
    if (focusFirstError(ref.current)) handled.current = submits
  }, [submits, failure])

  return { ref, submitted: () => setSubmits((count) => count + 1) }
}
