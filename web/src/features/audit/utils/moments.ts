/**
 * The standings' time line: a range input whose steps are the quiz's moments (its hosting, edits,
 * submissions and retakes, oldest first). A step is a moment's index; a position between two
 * moments (the head, or a time) sits on the last moment at or before it, whose standings it has.
 */
import type { Moment } from '../api/audit-types'
import { eventLabel, timeText } from './audit-texts'

/** The index of the last moment at or before `position` (0 when it is before them all, -1 without moments). */
export function momentIndexAt(moments: readonly Moment[], position: number): number {
  if (moments.length === 0) return -1
  let index = 0
  for (let i = 0; i < moments.length; i++) {
    if (moments[i].position <= position) index = i
    else break
  }
  return index
}

/** The position of the moment at step `index` (clamped to the time line). */
export function positionAtIndex(moments: readonly Moment[], index: number): number | null {
  if (moments.length === 0) return null
  const clamped = Math.min(moments.length - 1, Math.max(0, Math.round(index)))
  return moments[clamped].position
}

/** What a moment was and when: "Retake granted, #54, 26/11/2026, 14:51:33". */
export function momentLabel(moment: Moment): string {
  return `${eventLabel(moment.eventType)}, #${moment.position}, ${timeText(moment.at)}`
}

/** The moments before position `at`: what it can be compared with. */
export function momentsBefore(moments: readonly Moment[], at: number): Moment[] {
  return moments.filter((moment) => moment.position < at)
}
