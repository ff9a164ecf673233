/**
 * Accommodations (docs/hosting-api.md "Accommodations", decision 0026): every player the host
 * granted extra time or read-aloud, by e-mail, on one of two targets: a hosted quiz, or an
 * audience list (whose members' accommodations apply on every quiz open to the list, unless the
 * quiz grants the player its own). Both have the same calls and shapes: the host reads them and
 * replaces the whole set; the server answers the set as it stored it (e-mails normalised, players
 * with neither left out). Answers are read field by field: a list that is not one refuses the
 * answer, an entry without an e-mail is dropped, odd fields read as none.
 */
import { readAccommodation, type Accommodation } from '@/lib/accommodation'
import { apiRequest } from '@/lib/api-client'
import { listOr, record, text } from '@/lib/read-json'
import type { ApiError } from '@/types/api'

export type PlayerAccommodation = { email: string } & Accommodation

export const INVALID_ACCOMMODATIONS: ApiError = { error: 'Invalid accommodations received. Please try again.' }

const list = listOr(INVALID_ACCOMMODATIONS)

/** `{ "accommodations": [ { email, extraTime, readAloud } ] }`, as the GET and the PUT answer it. */
export function readAccommodationList(value: unknown): PlayerAccommodation[] {
  return list(record(value).accommodations)
    .map((item) => ({ email: text(record(item).email).trim(), ...readAccommodation(item) }))
    .filter((player) => player.email !== '')
}

/** Whose accommodations: a hosted quiz's (by its category id) or an audience list's. */
export type AccommodationsTarget = { kind: 'quiz'; id: number } | { kind: 'list'; id: string | number }

export const sameTarget = (a: AccommodationsTarget, b: AccommodationsTarget): boolean => a.kind === b.kind && String(a.id) === String(b.id)

function path(target: AccommodationsTarget): string {
  return target.kind === 'quiz'
    ? `/api/hostQuiz/quiz/${target.id}/accommodations`
    : `/api/audience/${encodeURIComponent(String(target.id))}/accommodations`
}

export async function getAccommodations(target: AccommodationsTarget): Promise<PlayerAccommodation[]> {
  return readAccommodationList(await apiRequest<unknown>(path(target), { auth: true, defaultError: 'Failed to load accommodations' }))
}

/**
 * Replaces the target's accommodations with `players`; resolves to the set as stored. A refusal
 * throws the server's error (`Invalid email address: x`, `x is listed more than once`, and for a
 * list `x is not on this list`).
 */
export async function saveAccommodations(target: AccommodationsTarget, players: PlayerAccommodation[]): Promise<PlayerAccommodation[]> {
  const accommodations = players.map(({ email, extraTime, readAloud }) => ({ email, extraTime, readAloud }))
  return readAccommodationList(
    await apiRequest<unknown>(path(target), {
      method: 'PUT',
      body: { accommodations },
      auth: true,
      defaultError: 'Failed to save accommodations',
    }),
  )
}
