/**
 * Whether entry `index` of a question's `pictures` (issue 30, as served) has a picture to show,
 * before it is checked (option-picture.tsx checks it): an option with one is drawn to hold it,
 * its text kept as its name and the picture as its description.
 */
export const hasPicture = (pictures: unknown, index: number): boolean => Array.isArray(pictures) && Boolean(pictures[index])

/**
 * Whether one of a question's `pictures` (as served, before they are checked) is a GIF, which may
 * move: only then does its "Pause animations" load (lazy-option-picture.tsx).
 */
export const hasAnimation = (pictures: unknown): boolean =>
  Array.isArray(pictures) && pictures.some((picture) => /^image\/gif$/i.test(String(picture?.phone?.type ?? picture?.projector?.type)))
