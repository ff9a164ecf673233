/**
 * The polite announcement of a row moved with its Move up / Move down buttons (a player's
 * ordering, and an ordering's items in the host's editor): the row and its new place.
 */
export function movedText(item: string, place: number, count: number): string {
  return `Moved ‘${item}’ to position ${place + 1} of ${count}`
}
