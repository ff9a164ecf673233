/** What every answer view of a question type (issue 29) is given, in play and in a live game. */
import type { QuestionType, Response, ServedOf, ServedPictures } from '@/types/api'

/** The pictures on a question's options or items (issue 30), in the order served; absent when none. */
export type WithPictures = { pictures?: ServedPictures | null }

export type AnswerProps<T extends QuestionType> = {
  /** As served: with the play API's id and text, or without them (a live game's `served`, given its question's pictures). */
  question: ServedOf<T> & { id?: number; text?: string } & WithPictures
  /** The response as stored (served positions); undefined when not answered. */
  response: Response | undefined
  /** The new response, or null when the player emptied it; `typing` while they type or slide. */
  onChange: (response: Response | null, typing?: boolean) => void
}
