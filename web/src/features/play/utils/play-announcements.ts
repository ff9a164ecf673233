/**
 * What the quiz screen's polite status region says (issue 15): a change the player made (an
 * answer chosen or cleared, a question marked for review or not, another question shown), and
 * the result once the quiz is submitted. Pure functions of the play machine's context before
 * and after an event, so they are tested without a screen.
 */
import type { PlayContext, PlayEvent } from '../machines/play.machine'

type Context = Pick<PlayContext, 'questions' | 'answers' | 'marked' | 'current'>

/** The announcement for `event`, given the context before and after it, or null for none. */
export function playAnnouncement(event: PlayEvent, before: Context, after: Context): string | null {
  const question = before.questions[before.current]
  const number = before.current + 1
  switch (event.type) {
    case 'answer.select':
    case 'answer.clear': {
      if (!question || before.answers[question.id] === after.answers[question.id]) return null
      const chosen = after.answers[question.id]
      return chosen ? `Option ${chosen} selected for question ${number}.` : `Answer cleared for question ${number}.`
    }
    case 'review.toggle': {
      if (!question || Boolean(before.marked[question.id]) === Boolean(after.marked[question.id])) return null
      return after.marked[question.id]
        ? `Question ${number} marked for review.`
        : `Question ${number} no longer marked for review.`
    }
    case 'question.next':
    case 'question.prev':
    case 'question.goto': {
      if (after.current === before.current && event.type !== 'question.goto') return null
      // Not "Question 2 of 5": that is the visible counter's text, which a test's text search should find once.
      return `Now on question ${after.current + 1} (of ${after.questions.length}).`
    }
    default:
      return null
  }
}

/** Said when the result is shown: the score, the points, and whether time ran out. */
export function resultAnnouncement(score: number, total: number, points: number, timedOut: boolean): string {
  const submitted = timedOut ? "Time's up! Your answers were submitted automatically." : 'Quiz submitted.'
  return `${submitted} You scored ${score} out of ${total}, ${points} point${points === 1 ? '' : 's'}.`
}
