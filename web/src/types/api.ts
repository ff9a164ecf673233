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
 * A player's response to a question of any type other than A–D (issue 29), by positions: as
 * served when the player sends it, by the definition's indices in feedback. One key per shape.
 */
export type GapResponse = { choice: number } | { text: string }

export type Response =
  | { choice: number }
  | { bool: boolean }
  | { choices: number[] }
  | { text: string }
  | { number: number }
  | { order: number[] }
  | { pairs: Array<number | null> }
  | { groups: Array<number | null> }
  | { gaps: Array<GapResponse | null> }
  /** A hotspot (issue 30): a point on the picture in units of it (0…1 across, 0…1 down)… */
  | { point: [number, number] }
  /** … or a region chosen by its name, without a pointer. */
  | { region: number }

/** How far from a numeric answer a response may be (`value` a share of the answer when relative). */
export type Tolerance = { kind: 'absolute' | 'relative'; value: number }

/** How typed text is compared with the accepted answers (both false when left out). */
export type TextMatching = { case_sensitive?: boolean; accents_matter?: boolean }

/**
 * A hotspot's region's shape (issue 30), in units of the question's picture: x from 0 (its left
 * edge) to 1 (its right), y from 0 (its top) to 1 (its bottom); a circle's radius in units of the
 * picture's width, so it stays round on a picture that is not square.
 */
export type HotspotShape =
  | { kind: 'circle'; x: number; y: number; r: number }
  | { kind: 'rect'; x: number; y: number; w: number; h: number }
  | { kind: 'polygon'; points: Array<[number, number]> }

/** A named region of a hotspot; a point inside a `right` one is right. */
export type HotspotRegion = { name: string; right?: boolean; shape: HotspotShape }

export type GapDefinition =
  | { type: 'choice'; options: string[]; right: number }
  | ({ type: 'typed'; accepted: string[] } & TextMatching)

/**
 * A question's whole definition with its answer key, lists in their right order: what feedback
 * shows, and what the host's editor reads and writes (docs/hosting-api.md).
 */
export type QuestionDefinition =
  | { type: 'single_choice'; options: string[]; right: number[] }
  | { type: 'true_false'; answer: boolean }
  | { type: 'multi_select'; options: string[]; right: number[]; all_or_nothing?: boolean }
  | ({ type: 'type_answer'; accepted: string[] } & TextMatching)
  | { type: 'numeric'; answer: number; tolerance?: Tolerance; unit?: string }
  | { type: 'slider'; min: number; max: number; step: number; target: number; margin: number; exact?: boolean }
  | { type: 'ordering'; items: string[]; partial?: boolean }
  | { type: 'matching'; pairs: Array<{ left: string; right: string }>; distractors?: string[] }
  | { type: 'categorize'; groups: string[]; items: Array<{ text: string; group: number }> }
  | { type: 'gaps'; text: string; gaps: GapDefinition[] }
  | { type: 'poll'; options: string[] }
  | { type: 'word_cloud' }
  | { type: 'slide' }
  /** `aspect`: the picture's height per width, set by the server from the picture (1 when left out). */
  | { type: 'hotspot'; regions: HotspotRegion[]; aspect?: number }

export type QuestionType = QuestionDefinition['type']

/** A gap of a cloze text as served: a dropdown, or a word to type. */
export type ServedGap = { type: 'choice'; options: string[] } | { type: 'typed' }

/**
 * A question of any type but A–D (issue 29) as it is served to a player, never with its answer
 * key: the self-paced play API adds its `id` and `text`, a live game sends it as the question's
 * `served`. Ordering items, matching right items and categorize items come shuffled and are
 * answered by the positions served.
 */
export type ServedQuestion =
  | { type: 'single_choice'; options: string[] }
  | { type: 'poll'; options: string[] }
  | { type: 'multi_select'; options: string[]; several?: boolean }
  | { type: 'true_false' }
  | { type: 'type_answer' }
  | { type: 'word_cloud' }
  | { type: 'slide' }
  | { type: 'numeric'; unit?: string }
  | { type: 'slider'; min: number; max: number; step: number }
  | { type: 'ordering'; items: string[] }
  | { type: 'matching'; left: string[]; right: string[] }
  | { type: 'categorize'; groups: string[]; items: string[] }
  | { type: 'gaps'; cloze: string; gaps: ServedGap[] }
  /**
   * The regions' names, shuffled (never their shapes, nor which are right), and the picture to
   * point at: the question's own `media` (a live game's phone adds it from the question).
   */
  | { type: 'hotspot'; regions: string[]; media?: ServedMedia | null }

/** The served question of `type` (for narrowing in the answer views). */
export type ServedOf<T extends QuestionType> = Extract<ServedQuestion, { type: T }>

/**
 * A stored file of a question's media as it is served (issue 30, docs/media-api.md): its content
 * id, its type, an image's size in pixels, and a link signed for about a day (`expiresAt`, ms).
 */
export type ServedMediaFile = {
  id: string
  type: string
  width?: number | null
  height?: number | null
  url: string
  expiresAt: number
}

/**
 * A picture, a sound or a video shown with a question, as the server serves it to players, the
 * presenter and the host (the play API, a live game's question, the host's quiz): a picture in a
 * phone and a projector size with its alt text (empty when decorative), a sound or a video with
 * its transcript.
 */
export type ServedMedia =
  | { kind: 'image'; phone: ServedMediaFile; projector: ServedMediaFile; alt: string; decorative: boolean }
  | { kind: 'audio' | 'video'; file: ServedMediaFile; transcript: string }

export type MediaKind = ServedMedia['kind']

/** A picture as served (a question's media of kind image, or a picture on an option or an item). */
export type ServedPicture = Extract<ServedMedia, { kind: 'image' }>

/**
 * The pictures on a question's options or items (issue 30), as served: one entry per entry of the
 * pictured list, null where it has none — options A–D in their order, a choice's options, an
 * ordering's or a categorize's items, a matching's left items. The host's quiz, feedback and
 * audit give them in the definition's order; a player's question (play API, live game) in the
 * order it serves the list. Absent when no entry has a picture; checked where shown (readPictures).
 */
export type ServedPictures = Array<ServedPicture | null>

/** Media as a question is saved with it: the files by the ids the upload gave (`null`/absent: none). */
export type QuestionMedia =
  | { kind: 'image'; phone: { id: string }; projector: { id: string }; alt: string; decorative: boolean }
  | { kind: 'audio' | 'video'; file: { id: string }; transcript: string }

/** A picture as a question is saved with it, on an option or an item: its files by the upload's ids. */
export type QuestionPicture = Extract<QuestionMedia, { kind: 'image' }>

/**
 * The `pictures` of a question's save (issue 30): one entry per entry of its pictured list, in the
 * definition's order (A–D: A, B, C, D), null where none; left out when none has a picture.
 */
export type QuestionPictures = Array<QuestionPicture | null>

/** One file of POST /api/media's answer: an image's `phone` and `projector` sizes, a sound's or a video's `original`. */
export type UploadedFile = ServedMediaFile & { size: 'phone' | 'projector' | 'original'; bytes: number }

/** POST /api/media (201): what was stored. */
export type UploadedMedia = {
  kind: MediaKind
  width: number | null
  height: number | null
  animated: boolean
  files: UploadedFile[]
}

/**
 * One question of a submission with its outcome: POST /api/question/score answers these to the
 * player, GET /api/attempt/feedback to the quiz's host (PRODUCT.md section 3). A question A–D
 * has PRODUCT.md's shape; every other type has its `type`, `definition`, `response` and `f`.
 */
export type LetterFeedbackItem = {
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
  /** The options' pictures (issue 30), A to D; absent when none. */
  pictures?: ServedPictures | null
}

export type TypedFeedbackItem = {
  id: number
  questionText: string
  type: QuestionType
  definition: QuestionDefinition
  /** By the definition's indices; null when unanswered. */
  response: Response | null
  /** How right, 0…1; null for a poll, a word cloud or a slide. */
  f: number | null
  isCorrect: boolean
  explanation?: string | null
  /** The question's picture, when known (a hotspot's regions are drawn on it; the play screen adds it). */
  media?: ServedMedia | null
  /** The pictures of its options or items (issue 30), in the definition's order; absent when none. */
  pictures?: ServedPictures | null
}

export type FeedbackItem = LetterFeedbackItem | TypedFeedbackItem

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
