/**
 * The insights calls (docs/insights-api.md), all with the session's token: a hosted quiz's report
 * (its host only), its workbook and CSV exports, and the caller's own progress.
 */
import { apiDownload, apiRequest } from '@/lib/api-client'
import { readInsights, readProgress } from './insights-read'
import type { Progress, QuizInsights } from './insights-types'

const insightsBase = (quizId: number) => `/api/hostQuiz/insights/${quizId}`

export async function getQuizInsights(quizId: number): Promise<QuizInsights> {
  const raw = await apiRequest<unknown>(insightsBase(quizId), { auth: true, defaultError: 'Failed to load the insights' })
  return readInsights(raw, quizId)
}

export type ExportKind = 'xlsx' | 'csv'

/** The whole report as a workbook or one CSV, with the file name the server suggests. */
export function downloadInsights(quizId: number, kind: ExportKind): Promise<{ blob: Blob; fileName: string | null }> {
  return apiDownload(`${insightsBase(quizId)}/export.${kind}`, { auth: true, defaultError: 'Failed to download the insights' })
}

export async function getProgress(): Promise<Progress> {
  const raw = await apiRequest<unknown>('/api/play/progress', { auth: true, defaultError: 'Failed to load your progress' })
  return readProgress(raw)
}
