/**
 * A number as a player types it (issue 29): a decimal point or a decimal comma ("9.8" or "9,8"),
 * an optional sign, no grouping of thousands; null when it is not such a number.
 */
const DECIMAL = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/

export function parseDecimal(text: string): number | null {
  const trimmed = text.trim()
  if (!DECIMAL.test(trimmed)) return null
  const value = Number(trimmed.replace(',', '.'))
  return Number.isFinite(value) ? value : null
}
