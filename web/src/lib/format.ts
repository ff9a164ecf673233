/** Formats cents as US dollars, e.g. 500 -> "$5.00". */
export function formatDollars(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100)
}

/** Two initials from a first and last name ("Ada Lovelace" -> "AL"). */
export function initialsOf(firstName: string | undefined, lastName: string | undefined): string {
  const first = (firstName ?? '').trim().charAt(0)
  const last = (lastName ?? '').trim().charAt(0)
  return (first + last).toUpperCase() || '?'
}

/** A readable local date and time for an ISO timestamp; the input itself when unparsable. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return date.toLocaleString()
}
