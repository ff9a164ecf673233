/**
 * The timeline's filters as the server reads them (`order`, `kind`, `person`, `cursor`, `limit`),
 * and the people a filter can offer: everyone seen in the entries loaded so far.
 */
import { AUDIT_KINDS, DEFAULT_KINDS, type AuditKind, type TimelineEntry, type TimelineFilters } from '../api/audit-types'

/** Entries per page. */
export const TIMELINE_PAGE_SIZE = 50

export const DEFAULT_FILTERS: TimelineFilters = { order: 'newest', kinds: DEFAULT_KINDS, person: null }

/** Whether `kinds` are the server's default (all but audit reads), so the query can leave them out. */
function isDefaultKinds(kinds: readonly AuditKind[]): boolean {
  return kinds.length === DEFAULT_KINDS.length && DEFAULT_KINDS.every((kind) => kinds.includes(kind))
}

/** The query string (without '?') of a page of the timeline; `cursor` is the previous page's `nextCursor`. */
export function timelineQuery(filters: TimelineFilters, cursor: number | null = null, limit: number = TIMELINE_PAGE_SIZE): string {
  const params = new URLSearchParams()
  if (filters.order !== 'newest') params.set('order', filters.order)
  if (!isDefaultKinds(filters.kinds)) params.set('kind', sortKinds(filters.kinds).join(','))
  if (filters.person) params.set('person', filters.person)
  if (cursor !== null) params.set('cursor', String(cursor))
  params.set('limit', String(limit))
  return params.toString()
}

/** Kinds in the filter's order, each once. */
export function sortKinds(kinds: readonly AuditKind[]): AuditKind[] {
  return AUDIT_KINDS.filter((kind) => kinds.includes(kind))
}

/** `kinds` with `kind` turned on or off. */
export function toggleKind(kinds: readonly AuditKind[], kind: AuditKind, on: boolean): AuditKind[] {
  return sortKinds(on ? [...kinds, kind] : kinds.filter((k) => k !== kind))
}

export type KnownPerson = { id: string; name: string }

/**
 * The people `entries` are about, added to those `known` already (kept, so the filter still offers
 * everyone after it narrowed the entries to one person), sorted by name.
 */
export function knownPeople(known: readonly KnownPerson[], entries: readonly TimelineEntry[]): KnownPerson[] {
  const byId = new Map(known.map((person) => [person.id, person]))
  for (const entry of entries) {
    const person = entry.person
    if (person && person.id && !byId.has(person.id)) byId.set(person.id, { id: person.id, name: person.name })
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id))
}
