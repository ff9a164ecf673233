/** What every answer view of a question type (issue 29) is given. */
import type { QuestionOf, QuestionType, Response } from '../../api/play-api'

export type AnswerProps<T extends QuestionType> = {
  question: QuestionOf<T>
  /** The response as stored (served positions); undefined when not answered. */
  response: Response | undefined
  /** The new response, or null when the player emptied it; `typing` while they type or slide. */
  onChange: (response: Response | null, typing?: boolean) => void
}
