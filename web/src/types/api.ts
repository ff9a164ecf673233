/** Shapes of the server's JSON, as written in PRODUCT.md section 7 and the API contract. */

export type User = {
  id: string
  firstName: string
  lastName: string
  email: string
  instituteName: string | null
  /** The server sends both flags with the same value; the client mirrors one into the other. */
  isVerified: boolean
  emailVerified: boolean
}

export type AuthResponse = {
  token: string
  user: User
}

/** An answer option of a multiple-choice question. */
export type Letter = 'A' | 'B' | 'C' | 'D'

/**
 * One question of a submission with its outcome: POST /api/question/score answers these to the
 * player, GET /api/attempt/feedback to the quiz's host (PRODUCT.md section 3).
 */
export type FeedbackItem = {
  id: number
  questionText: string
  optionA: string
  optionB: string
  optionC: string
  optionD: string
  correctAnswer: Letter
  userAnswer: Letter | null
  isCorrect: boolean
  explanation?: string | null
}

/** POST /api/question/score: the submission's result (PRODUCT.md section 3, and the server's additions). */
export type ScoreResult = {
  attemptId?: string
  score: number
  points?: number
  total?: number
  message?: string
  feedback: FeedbackItem[]
  /**
   * True when these points count on no leaderboard: a replay of a curated category the player
   * already completed (only the first completed attempt counts), or a quiz the player hosts.
   * Older servers leave it out.
   */
  practice?: boolean
}

export type MessageResponse = {
  message: string
}

/** Every error the client throws from an API call has this shape. */
export type ApiError = {
  error: string
  code?: string
  details?: unknown
  /** HTTP status; absent when no response arrived. */
  status?: number
  /** Seconds from a Retry-After header, when the server sent one. */
  retryAfter?: number
}

export type WalletEntryKind = 'granted' | 'purchased' | 'spent' | 'refunded'

export type WalletEntry = {
  kind: WalletEntryKind
  amount: number
  balanceAfter: number
  reason: string
  at: string
}

export type Wallet = {
  balance: number
  history: WalletEntry[]
}

export type PurchaseResponse = {
  balance: number
  purchased: number
  amountCents: number
  testMode: boolean
}

export type MailboxMessage = {
  to: string
  subject: string
  body: string
  sentAt: string
}

/** One row of GET /api/leaderboard and GET /api/leaderboard/category (highest points first). */
export type LeaderboardEntry = {
  userId?: string
  firstName: string
  lastName: string
  points: number
}
