/**
 * Whether entry `index` of a question's `pictures` (issue 30, as served) has a picture to show,
 * before it is checked (option-picture.tsx checks it): an option with one is drawn to hold it,
 * its text kept as its name and the picture as its description.
 */
export const hasPicture = (pictures: unknown, index: number): boolean => Array.isArray(pictures) && Boolean(pictures[index])
