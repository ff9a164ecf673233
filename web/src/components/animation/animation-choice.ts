/**
 * Whether the animated pictures (issue 30: a GIF may move) show their still frame (WCAG 2.2.2):
 * one choice for every animation of the page, the question's picture and the options' alike,
 * kept from question to question until the page is left. Until a player presses Pause or Play,
 * an animation is paused for a user who asked for less motion (`prefers-reduced-motion`) and
 * moves for the others. Only the lazily loaded pictures use it: it weighs nothing on the first load.
 */
import { useSyncExternalStore } from 'react'
import { usePrefersReducedMotion } from '@/hooks/use-prefers-reduced-motion'
import type { ServedMediaFile } from '@/types/api'

/** The player's choice (paused or not); null until they press Pause or Play. */
let choice: boolean | null = null
const listeners = new Set<() => void>()

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange)
  return () => listeners.delete(onChange)
}

const snapshot = () => choice

/** Pause (true) or play (false) every animation of the page. */
export function setAnimationsPaused(paused: boolean | null) {
  choice = paused
  for (const listener of listeners) listener()
}

/** For the tests: back to no choice (reduced motion decides). */
export const resetAnimationChoice = () => setAnimationsPaused(null)

/** Whether the animations show their still frame now. */
export function useAnimationsPaused(): boolean {
  const reducedMotion = usePrefersReducedMotion()
  return useSyncExternalStore(subscribe, snapshot, () => null) ?? reducedMotion
}

/** Whether a served file may move: a GIF (the server keeps an animation as it was uploaded). */
export const isAnimation = (file: Pick<ServedMediaFile, 'type'>): boolean => file.type.toLowerCase() === 'image/gif'
