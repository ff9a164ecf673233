/** Test data shared by the hosting tests. */
import type { CreateQuizResponse } from '../api/host-api'

/** The server's answer to a successful create (quiz 31, code K7QH2M, open to all). */
export function quizCreated({ questionCount, timeLimit }: { questionCount: number; timeLimit: number }): CreateQuizResponse {
  return {
    success: true,
    message: 'Quiz created successfully',
    quiz: {
      id: 31,
      title: 'Cells',
      quizCode: 'K7QH2M',
      link: '/host/attemptQuiz?code=K7QH2M',
      questionCount,
      timeLimit,
      validUntil: '2030-01-01T00:00:00Z',
      audience: { kind: 'open', name: 'Open to all' },
    },
  }
}
