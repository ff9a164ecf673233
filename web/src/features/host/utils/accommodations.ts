/**
 * The accommodations editor's pure parts: reading pasted e-mails and adding players to the table
 * (a player already in it gets the new choice instead of a second row, as the server refuses a
 * duplicate).
 */
import type { Accommodation } from '@/lib/accommodation'
import type { PlayerAccommodation } from '../api/accommodations-api'

export const ACCOMMODATION_TEXTS = {
  intro: 'Give players of this quiz extra time or have questions read aloud to them.',
  listIntro: 'These apply on every quiz open to this list, unless the quiz grants the player its own.',
  appliesAfterSave: 'Extra time applies to attempts started after saving; an attempt in progress keeps its time.',
  empty: 'No player has accommodations yet.',
  noEmails: 'Please enter at least one e-mail address.',
  noMembers: 'Please choose at least one member.',
  listEmpty: 'This list has no members.',
  grantNothing: 'Choose extra time or read aloud for the players you add.',
  loadFailed: 'Failed to load accommodations',
  saveFailed: 'Failed to save accommodations',
  invalidEmail: (email: string) => `Invalid email address: ${email}`,
  added: (added: number, updated: number) =>
    [added > 0 ? `Added ${players(added)}.` : '', updated > 0 ? `Updated ${players(updated)}.` : '', 'Save accommodations to apply.']
      .filter(Boolean)
      .join(' '),
  removed: (email: string) => `Removed ${email}. Save accommodations to apply.`,
  saved: (count: number) => (count === 0 ? 'Accommodations saved: no player has any.' : `Accommodations saved for ${players(count)}.`),
} as const

function players(count: number): string {
  return `${count} player${count === 1 ? '' : 's'}`
}

/** Addresses separated by commas, semicolons or new lines (as pasted from a list), trimmed. */
export function splitEmailInput(text: string): string[] {
  return text
    .split(/[,;\n\r]+/)
    .map((email) => email.trim())
    .filter(Boolean)
}

/** A rough check (one @ with something on both sides, no spaces); the server has the last word. */
export const looksLikeEmail = (email: string): boolean => /^[^\s@]+@[^\s@]+$/.test(email)

export const grantsSomething = (a: Accommodation): boolean => a.extraTime !== 'none' || a.readAloud

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** `rows` with `emails` added (or, when already there, given `accommodation`). */
export function addPlayers(
  rows: PlayerAccommodation[],
  emails: string[],
  accommodation: Accommodation,
): { rows: PlayerAccommodation[]; added: number; updated: number } {
  const next = [...rows]
  const updated = new Set<number>()
  for (const email of emails) {
    const index = next.findIndex((row) => sameEmail(row.email, email))
    if (index < 0) next.push({ email, ...accommodation })
    else {
      next[index] = { ...next[index], ...accommodation }
      // An address named twice in the paste is added once, and is no update.
      if (index < rows.length) updated.add(index)
    }
  }
  return { rows: next, added: next.length - rows.length, updated: updated.size }
}
