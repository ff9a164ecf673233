/** Test data shared by the generate tests. */
import type { QuestionDefinition } from '@/types/api'
import type { GeneratedQuestion, GenerateResponse, LetterGeneratedQuestion, TypedGeneratedQuestion } from '../api/generate-api'

/** Question n: options "Alpha n" … "Delta n", answer B, from page n, passage 10 + n. */
export function generated(n: number): LetterGeneratedQuestion {
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

/** Question n of another type (issue 29): "Typed n?" with its definition, from no document. */
export function typed(n: number, definition: QuestionDefinition): TypedGeneratedQuestion {
  return { question: `Typed ${n}?`, type: definition.type, definition, explanation: `Because ${n}.`, source: null }
}

export const TRUE_FALSE: QuestionDefinition = { type: 'true_false', answer: true }
export const TYPE_ANSWER: QuestionDefinition = { type: 'type_answer', accepted: ['Paris'], case_sensitive: false, accents_matter: false }
export const ORDERING: QuestionDefinition = { type: 'ordering', items: ['One', 'Two', 'Three'], partial: false }

/** A question A–D, then a true or false, a typed answer and an ordering (questions 1 to 4). */
export function mixedQuestions(): GeneratedQuestion[] {
  return [generated(1), typed(2, TRUE_FALSE), typed(3, TYPE_ANSWER), typed(4, ORDERING)]
}
