/**
 * Audit API answers for tests, shaped as docs/audit-api.md shows them: quiz 12 "Warm-up" hosted by
 * Hedy; Ann (30), Ben (10, then a retake and 30) and Cid (20) played it.
 */
export const HEDY = { id: 'u-hedy', name: 'Hedy Lamarr' }
export const ANN = { id: 'u-ann', name: 'Ann Able' }
export const BEN = { id: 'u-ben', name: 'Ben Baker' }
export const CID = { id: 'u-cid', name: 'Cid Cole' }

export const QUIZ = { id: 12, title: 'Warm-up', code: 'K3X9QZ', host: HEDY }

type EntryInput = {
  position: number
  kind: string
  eventType: string
  actor?: { id: string; name: string } | null
  person?: { id: string; name: string } | null
  attemptId?: string | null
  summary: string
  changes?: Array<{ questionId: number; field: string; before: string | null; after: string | null }>
}

export function entry({ position, actor = null, person = null, attemptId = null, ...rest }: EntryInput) {
  const at = new Date(Date.UTC(2026, 10, 26, 10, 0, position)).toISOString()
  return { position, at, streamId: attemptId ? `attempt-${attemptId}` : `quiz-${QUIZ.id}`, actor, person, attemptId, ...rest }
}

export const ENTRIES = [
  entry({ position: 60, kind: 'attempt', eventType: 'AttemptSubmitted', actor: BEN, person: BEN, attemptId: 'a-ben-2', summary: 'Submitted by the player: 3/3 right, 30 points' }),
  entry({ position: 58, kind: 'retake', eventType: 'RetakeGranted', actor: HEDY, person: BEN, attemptId: 'a-ben-1', summary: 'Retake granted by Hedy Lamarr: this attempt no longer counts' }),
  entry({ position: 57, kind: 'attempt', eventType: 'AttemptSubmitted', actor: CID, person: CID, attemptId: 'a-cid', summary: 'Submitted by the player: 2/3 right, 20 points' }),
  entry({ position: 54, kind: 'attempt', eventType: 'AttemptSubmitted', actor: { id: 'server', name: 'server' }, person: BEN, attemptId: 'a-ben-1', summary: 'Submitted by the server at the deadline: 1/3 right, 10 points' }),
  entry({
    position: 40,
    kind: 'edited',
    eventType: 'QuestionsUpdated',
    actor: HEDY,
    person: HEDY,
    summary: 'Edited the questions (version 2)',
    changes: [{ questionId: 7, field: 'answer', before: 'B', after: 'C' }],
  }),
  entry({ position: 31, kind: 'hosted', eventType: 'QuizHosted', actor: HEDY, person: HEDY, summary: 'Hosted “Warm-up”: 3 questions' }),
]

export function timelinePage(entries = ENTRIES, extra: Record<string, unknown> = {}) {
  return { quiz: QUIZ, entries, nextCursor: null, total: ENTRIES.length, indexedUpTo: 61, ...extra }
}

export const MOMENTS = [
  { position: 31, at: '2026-11-26T10:00:31.000Z', kind: 'hosted', eventType: 'QuizHosted' },
  { position: 47, at: '2026-11-26T10:00:47.000Z', kind: 'attempt', eventType: 'AttemptSubmitted' },
  { position: 54, at: '2026-11-26T10:00:54.000Z', kind: 'attempt', eventType: 'AttemptSubmitted' },
  { position: 57, at: '2026-11-26T10:00:57.000Z', kind: 'attempt', eventType: 'AttemptSubmitted' },
  { position: 58, at: '2026-11-26T10:00:58.000Z', kind: 'retake', eventType: 'RetakeGranted' },
  { position: 60, at: '2026-11-26T10:01:00.000Z', kind: 'attempt', eventType: 'AttemptSubmitted' },
]

function standing(rank: number, person: { id: string; name: string }, points: number, attemptId: string, reason = 'player') {
  return { rank, userId: person.id, name: person.name, points, score: points / 10, total: 3, submittedAt: '2026-11-26T10:00:50.000Z', reason, attempts: 1, attemptId }
}

/** The standings now (position 61) and before the retake (57). */
export const STANDINGS_NOW = [standing(1, ANN, 30, 'a-ann'), standing(2, BEN, 30, 'a-ben-2'), standing(3, CID, 20, 'a-cid')]
export const STANDINGS_BEFORE_RETAKE = [standing(1, ANN, 30, 'a-ann'), standing(2, CID, 20, 'a-cid'), standing(3, BEN, 10, 'a-ben-1', 'timeout')]

export function standingsAt(at: number, extra: Record<string, unknown> = {}) {
  return {
    quiz: QUIZ,
    at,
    atTime: new Date(Date.UTC(2026, 10, 26, 10, 0, at)).toISOString(),
    head: 61,
    standings: at >= 60 ? STANDINGS_NOW : STANDINGS_BEFORE_RETAKE,
    moments: MOMENTS,
    ...extra,
  }
}

export const SHEET = {
  attemptId: 'a-ben-1',
  quizId: 12,
  quizTitle: 'Warm-up',
  player: BEN,
  quizVersion: 2,
  startedAt: '2026-11-26T10:00:50.000Z',
  deadline: '2026-11-26T10:05:50.000Z',
  submittedAt: '2026-11-26T10:05:51.000Z',
  reason: 'timeout',
  late: true,
  score: 1,
  total: 2,
  points: 10,
  retakeGrantedBy: HEDY,
  retakeGrantedAt: '2026-11-26T10:00:58.000Z',
  accommodation: { extraTime: 'x2', readAloud: true },
  questions: [
    { questionId: 7, text: 'What is 2 + 2?', options: ['3', '4', '5', '6'], key: 'B', explanation: '', answer: 'B', answeredAt: '2026-11-26T10:01:00.000Z', changes: 2, marked: false, correct: true },
    { questionId: 8, text: 'Red planet?', options: ['Venus', 'Jupiter', 'Mars', 'Saturn'], key: 'C', explanation: '', answer: null, answeredAt: null, changes: 0, marked: true, correct: false },
  ],
  positions: [50, 52, 54],
}

export const INTEGRITY = {
  intact: true,
  verified: 61,
  head: { position: 61, events: 61, digest: 'ab'.repeat(32) },
  broken: null,
  pending: 2,
  mode: 'incremental',
  checked: 5,
  checkedAt: '2026-11-26T10:02:00.000Z',
}
