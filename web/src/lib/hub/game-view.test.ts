import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { GameViewJson } from '@/types/live-game'
import { readGameView } from './game-view'

/** The views docs/live-games.md shows (section "The view"), which the hub's own test checks against the server's. */
function documentedViews(): unknown[] {
  const doc = readFileSync(resolve(process.cwd(), '../docs/live-games.md'), 'utf8')
  const section = doc.split('\n## ').find((s) => s.startsWith('The view')) ?? ''
  return section
    .split('```json\n')
    .slice(1)
    .map((block) => JSON.parse(block.split('```')[0]) as unknown)
}

describe('readGameView', () => {
  it("reads every view of docs/live-games.md as it is: the server's shape is the client's", () => {
    const views = documentedViews()
    expect(views.length).toBeGreaterThanOrEqual(3)
    for (const view of views) expect(readGameView(view)).toEqual(view)
  })

  it('types the JSON it reads as the server sends it', () => {
    // A whole view as the API document's `GameView` has it: this compiles only while the types agree.
    const json: GameViewJson = {
      gameId: 'g1',
      title: 'T',
      phase: 'reveal',
      serverNow: 1,
      questionCount: 1,
      players: 0,
      locked: false,
      settings: null,
      question: { index: 0, text: 'Q', options: [{ letter: 'A', text: 'a' }], startedAt: 0, opensAt: 3000, deadline: null, remainingMs: 0, paused: false },
      reveal: { answer: 'A', explanation: '', counts: { A: 0, B: 0, C: 0, D: 0 } },
      standings: null,
      podium: null,
      me: null,
      host: { pin: '123456', joinKey: '', answered: 0, counting: false, names: [], pendingWords: null },
    }
    // No settings: the defaults; a blank explanation: none.
    expect(readGameView(json)).toMatchObject({ settings: { secondsPerQuestion: 20, scoring: 'correctness' }, reveal: { explanation: null } })
  })

  it("reads the host's words waiting to be shown, and a view from before they waited as nothing waiting", () => {
    const [, standings] = documentedViews() as Array<{ host: Record<string, unknown> }>
    const words = [{ answer: 'fun', count: 12 }, { answer: 'hard', count: 5 }]
    const waiting = readGameView({ ...standings, host: { ...standings.host, pendingWords: [...words, { count: 3 }] } })
    expect(waiting?.host?.pendingWords).toEqual(words)
    const older: Record<string, unknown> = { ...standings.host }
    delete older.pendingWords
    expect(readGameView({ ...standings, host: older })?.host?.pendingWords).toBeNull()
  })

  it("gathers options A–D's own pictures into the question's pictures, in this view's order", () => {
    const [view] = documentedViews() as Array<Record<string, unknown>>
    const picture = { kind: 'image', alt: 'A red square', decorative: false, phone: { id: 'p', url: '/api/media/p' }, projector: { id: 'p', url: '/api/media/p' } }
    const options = [
      { letter: 'C', text: 'c' },
      { letter: 'A', text: 'a', picture },
      { letter: 'B', text: 'b' },
      { letter: 'D', text: 'd' },
    ]
    const question = { index: 0, text: 'Q', options, startedAt: 0, opensAt: 5000, deadline: 25000, remainingMs: 20000, paused: false }
    const read = readGameView({ ...view, phase: 'question', question })
    expect(read?.question?.pictures).toEqual([null, picture, null, null])
    expect(read?.question?.options.map((o) => o.letter)).toEqual(['C', 'A', 'B', 'D'])
    expect(readGameView({ ...view, phase: 'question', question: { ...question, options: options.map(({ letter, text }) => ({ letter, text })) } })?.question?.pictures).toBeUndefined()
  })
})
