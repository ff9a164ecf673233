/**
 * Reading an API answer defensively, field by field: a missing or odd field gets a neutral value
 * (`''`, `0`, `null`, `{}`), so screens never meet `undefined` or NaN; a list that must be a list
 * and is not refuses the whole answer.
 */
import type { ApiError } from '@/types/api'

export type Raw = Record<string, unknown>

export const record = (value: unknown): Raw => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : {})
export const text = (value: unknown): string => (typeof value === 'string' ? value : '')
export const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0)
export const maybeText = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)
export const maybeCount = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null)

/** A reader of lists that throws `invalid` for anything that is not one. */
export function listOr(invalid: ApiError): (value: unknown) => unknown[] {
  return (value) => {
    if (!Array.isArray(value)) throw invalid
    return value
  }
}
