/** Test data shared by the generate tests. */
import type { GeneratedQuestion, GenerateResponse } from '../api/generate-api'

/** Question n: options "Alpha n" … "Delta n", answer B, from page n, passage 10 + n. */
export function generated(n: number): GeneratedQuestion {
  return {
    question: `Question ${n}?`,
    optionA: `Alpha ${n}`,
    optionB: `Bravo ${n}`,
    optionC: `Charlie ${n}`,
    optionD: `Delta ${n}`,
    answer: 'B',
    explanation: `Because ${n}.`,
    source: { passage: 10 + n, page: n, excerpt: `Excerpt ${n}.` },
  }
}

/** The server's answer to a generation of `count` questions (two more were dropped). */
export function generateResponse(count: number): GenerateResponse {
  return {
    success: true,
    generationId: 'gen-1',
    generator: 'offline',
    requested: count + 2,
    questions: Array.from({ length: count }, (_, i) => generated(i + 1)),
    dropped: [{ reason: 'It repeats another question', count: 2 }],
    tokensSpent: 5,
    balance: 0,
  }
}
