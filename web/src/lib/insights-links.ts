/**
 * The links of the insights screens (issue 14), shared by the features that point to them (My
 * Quizzes, a quiz's results, the header's account menu).
 */

/** A hosted quiz's insights, for its host. */
export function insightsPath(quizId: number): string {
  return `/host/insights/${quizId}`
}

/** A signed-in player's own progress. */
export const PROGRESS_PATH = '/play/progress'
