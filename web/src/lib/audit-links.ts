/**
 * The links of the auditor's screens (issue 13), shared by the features that point to them (the
 * header's account menu, My Quizzes, the audit screens themselves).
 */

/** The audit home: the log's integrity, search, and the links below. */
export const AUDIT_PATH = '/audit'

/** The global leaderboard as of any moment (auditors only). */
export const AUDIT_LEADERBOARD_PATH = '/audit/leaderboard'

/** A quiz's timeline, standings over time and export. */
export function auditQuizPath(quizId: number): string {
  return `/audit/quizzes/${quizId}`
}

/** A person's history (anyone's own; everyone's for an auditor). */
export function auditPersonPath(userId: string): string {
  return `/audit/people/${encodeURIComponent(userId)}`
}

/** An attempt's sheet as it was scored. */
export function auditAttemptPath(attemptId: string): string {
  return `/audit/attempts/${encodeURIComponent(attemptId)}`
}
