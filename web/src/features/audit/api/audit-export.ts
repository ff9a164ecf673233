/**
 * A quiz's or a person's whole history as JSON lines or CSV (GET …/export?format=…), fetched with
 * the session's token and read as it streams in: each line is one event (CSV has a header line
 * first), counted as it arrives against `X-Total-Events` for a progress bar; the file comes back
 * as a Blob with the server's file name.
 */
import { apiStream, fileNameFrom } from '@/lib/api-client'
import type { ApiError } from '@/types/api'
import { subjectPath, type TimelineSubject } from './audit-api'
import type { ExportFormat } from './audit-types'

export const EXPORT_STOPPED: ApiError = { error: 'The export stopped part way. Please try again.' }

/** Events received so far, of `total` (null when the server did not say). */
export type ExportProgress = { events: number; total: number | null }

const NEWLINE = 10

function countNewlines(chunk: Uint8Array): number {
  let n = 0
  for (let i = 0; i < chunk.length; i++) if (chunk[i] === NEWLINE) n++
  return n
}

/**
 * Reads `body` to the end; after each chunk `onLines` gets the number of complete lines so far
 * (and a last line without its newline counts at the end). Returns the chunks.
 */
export async function readLines(body: ReadableStream<Uint8Array>, onLines: (lines: number) => void): Promise<Uint8Array[]> {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let lines = 0
  let endsWithNewline = true
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    if (!value || value.length === 0) continue
    chunks.push(value)
    lines += countNewlines(value)
    endsWithNewline = value[value.length - 1] === NEWLINE
    onLines(lines)
  }
  if (!endsWithNewline) onLines(lines + 1)
  return chunks
}

/** The events among `lines` lines of an export (CSV's first line is its header). */
export function eventsIn(lines: number, format: ExportFormat): number {
  return format === 'csv' ? Math.max(0, lines - 1) : lines
}

/** `X-Total-Events` as a number, or null. */
export function totalEvents(header: string | null): number | null {
  if (header === null || !/^\d+$/.test(header.trim())) return null
  return Number(header)
}

/** The file name when the server suggests none: quiz-12-history.jsonl, person-<id>-history.csv. */
export function defaultExportName(subject: TimelineSubject, format: ExportFormat): string {
  const who = 'quizId' in subject ? `quiz-${subject.quizId}` : `person-${subject.userId}`
  return `${who}-history.${format}`
}

export type ExportedFile = { blob: Blob; fileName: string; events: number }

export async function exportHistory(
  subject: TimelineSubject,
  format: ExportFormat,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<ExportedFile> {
  const response = await apiStream(`/api/audit${subjectPath(subject)}/export?format=${format}`, {
    auth: true,
    signal,
    defaultError: 'Failed to export the history',
  })
  const total = totalEvents(response.headers.get('X-Total-Events'))
  const fileName = fileNameFrom(response.headers.get('Content-Disposition')) ?? defaultExportName(subject, format)
  onProgress({ events: 0, total })
  let events = 0
  const report = (lines: number) => {
    events = eventsIn(lines, format)
    onProgress({ events, total })
  }
  let chunks: Uint8Array[]
  try {
    if (response.body) {
      chunks = await readLines(response.body, report)
    } else {
      const whole = new Uint8Array(await response.arrayBuffer())
      const lines = countNewlines(whole)
      report(whole.length > 0 && whole[whole.length - 1] !== NEWLINE ? lines + 1 : lines)
      chunks = [whole]
    }
  } catch (error) {
    if (signal?.aborted) throw error
    throw EXPORT_STOPPED
  }
  const type = format === 'csv' ? 'text/csv' : 'application/x-ndjson'
  return { blob: new Blob(chunks as BlobPart[], { type }), fileName, events }
}
