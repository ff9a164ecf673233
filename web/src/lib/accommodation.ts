/**
 * Accommodations a host grants a player of a hosted quiz (issue 15, docs/hosting-api.md
 * "Accommodations", decision 0026): extra time and read-aloud. Shared by the host's screens (the
 * editor, the results) and the play screen, which reads the attempt's; kept tiny, since the play
 * screen is part of the first load.
 */
import { record } from './read-json'

export type ExtraTime = 'none' | 'x1.5' | 'x2' | 'unlimited'

export type Accommodation = { extraTime: ExtraTime; readAloud: boolean }

export const EXTRA_TIMES: readonly ExtraTime[] = ['none', 'x1.5', 'x2', 'unlimited']

/** The choices as the host's select shows them. */
export const EXTRA_TIME_LABELS: Record<ExtraTime, string> = { none: 'None', 'x1.5': '×1.5', x2: '×2', unlimited: 'Unlimited' }

export const NO_ACCOMMODATION: Accommodation = { extraTime: 'none', readAloud: false }

export const readExtraTime = (value: unknown): ExtraTime => (EXTRA_TIMES.includes(value as ExtraTime) ? (value as ExtraTime) : 'none')

/** `{ extraTime, readAloud }` as the API writes it; anything missing or odd is "none" and false. */
export function readAccommodation(value: unknown): Accommodation {
  const raw = record(value)
  return { extraTime: readExtraTime(raw.extraTime), readAloud: raw.readAloud === true }
}

/** "Extra time ×1.5" or "Extra time ×2"; '' for none and for unlimited (which has no timer). */
export const extraTimeNote = (extraTime: ExtraTime): string =>
  extraTime === 'x1.5' || extraTime === 'x2' ? `Extra time ${EXTRA_TIME_LABELS[extraTime]}` : ''

/** For people: "Extra time ×2, read aloud", "No time limit", "Read aloud", or '' for none. */
export function accommodationText({ extraTime, readAloud }: Accommodation): string {
  const parts: string[] = []
  if (extraTime === 'unlimited') parts.push('No time limit')
  else if (extraTime !== 'none') parts.push(extraTimeNote(extraTime))
  if (readAloud) parts.push(parts.length > 0 ? 'read aloud' : 'Read aloud')
  return parts.join(', ')
}
