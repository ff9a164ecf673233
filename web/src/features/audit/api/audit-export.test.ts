import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi, signInAs } from '@/testing/test-utils'
import { defaultExportName, eventsIn, EXPORT_STOPPED, exportHistory, readLines, totalEvents, type ExportProgress } from './audit-export'

const encoder = new TextEncoder()

function streamOf(parts: Array<string | Error>): ReadableStream<Uint8Array> {
  let i = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i >= parts.length) return controller.close()
      const part = parts[i++]
      if (part instanceof Error) controller.error(part)
      else controller.enqueue(encoder.encode(part))
    },
  })
}

describe('reading an export as it streams in', () => {
  it('counts complete lines after each chunk, also when a line is split between chunks', async () => {
    const seen: number[] = []
    const chunks = await readLines(streamOf(['{"a":1}\n{"a"', ':2}\n', '{"a":3}\n{"a":4}\n']), (n) => seen.push(n))
    expect(seen).toEqual([1, 2, 4])
    expect(new TextDecoder().decode(new Uint8Array(await new Blob(chunks as BlobPart[]).arrayBuffer()))).toBe('{"a":1}\n{"a":2}\n{"a":3}\n{"a":4}\n')
  })

  it('counts a last line without its newline at the end', async () => {
    const seen: number[] = []
    await readLines(streamOf(['one\ntwo']), (n) => seen.push(n))
    expect(seen).toEqual([1, 2])
  })

  it('reports nothing for an empty body', async () => {
    const seen: number[] = []
    expect(await readLines(streamOf([]), (n) => seen.push(n))).toEqual([])
    expect(seen).toEqual([])
  })

  it("leaves CSV's header line out of the events", () => {
    expect(eventsIn(5, 'csv')).toBe(4)
    expect(eventsIn(0, 'csv')).toBe(0)
    expect(eventsIn(5, 'jsonl')).toBe(5)
  })

  it('reads X-Total-Events', () => {
    expect(totalEvents('14')).toBe(14)
    expect(totalEvents(null)).toBeNull()
    expect(totalEvents('lots')).toBeNull()
  })

  it('names the file when the server does not', () => {
    expect(defaultExportName({ quizId: 12 }, 'jsonl')).toBe('quiz-12-history.jsonl')
    expect(defaultExportName({ userId: 'u1' }, 'csv')).toBe('person-u1-history.csv')
  })
})

describe('exportHistory', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('fetches with the token, reports progress against the total and returns the file', async () => {
    signInAs()
    const body = '{"position":1}\n{"position":2}\n{"position":3}\n'
    const { calls } = mockApi({
      'GET /api/audit/quizzes/12/export': {
        text: body,
        headers: { 'X-Total-Events': '3', 'Content-Disposition': 'attachment; filename="quiz-12-history.jsonl"' },
      },
    })
    const progress: ExportProgress[] = []
    const file = await exportHistory({ quizId: 12 }, 'jsonl', (p) => progress.push(p))
    expect(calls[0].query).toBe('format=jsonl')
    expect(calls[0].headers.Authorization).toMatch(/^Bearer /)
    expect(progress[0]).toEqual({ events: 0, total: 3 })
    expect(progress.at(-1)).toEqual({ events: 3, total: 3 })
    expect(file.fileName).toBe('quiz-12-history.jsonl')
    expect(file.events).toBe(3)
    expect(file.blob.type).toBe('application/x-ndjson')
    expect(await file.blob.text()).toBe(body)
  })

  it("counts a CSV's events without its header and names it itself when the server does not", async () => {
    signInAs()
    mockApi({ 'GET /api/audit/people/u%201/export': { text: 'position,kind\n1,account\n2,audit\n' } })
    const progress: ExportProgress[] = []
    const file = await exportHistory({ userId: 'u 1' }, 'csv', (p) => progress.push(p))
    expect(progress.at(-1)).toEqual({ events: 2, total: null })
    expect(file.fileName).toBe('person-u 1-history.csv')
  })

  it('throws the refusal as an ApiError', async () => {
    signInAs()
    mockApi({ 'GET /api/audit/quizzes/12/export': { status: 403, body: { error: 'You may not audit this', code: 'not_auditor' } } })
    await expect(exportHistory({ quizId: 12 }, 'jsonl', () => undefined)).rejects.toMatchObject({ status: 403, code: 'not_auditor' })
  })

  it('says so when the stream breaks part way', async () => {
    signInAs()
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(streamOf(['{"position":1}\n', new Error('reset')]), { headers: { 'X-Total-Events': '9' } })),
    )
    const progress: ExportProgress[] = []
    await expect(exportHistory({ quizId: 12 }, 'jsonl', (p) => progress.push(p))).rejects.toEqual(EXPORT_STOPPED)
    expect(progress.at(-1)).toEqual({ events: 1, total: 9 })
  })
})
