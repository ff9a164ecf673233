/**
 * The demo results of /host/result (PRODUCT.md screen 16): 132 fake participants, generated
 * from a seeded PRNG so the same rows come back on every visit and in every test. Only the
 * submission times depend on `now` (each row keeps its offset into the last 14 days).
 */

export type DemoResult = {
  id: number
  name: string
  email: string
  /** 0–100. */
  score: number
  /** ISO time within the 14 days before `now`. */
  submittedAt: string
}

export const DEMO_ROW_COUNT = 132
export const DEMO_SEED = 20240517
const FOURTEEN_DAYS_MS = 14 * 24 * 60 * 60 * 1000

/** mulberry32: a tiny, well-mixed 32-bit PRNG; returns numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const FIRST_NAMES = [
  'Aarav', 'Amelia', 'Benjamin', 'Chloe', 'Daniel', 'Diya', 'Ethan', 'Fatima', 'Gabriel', 'Hana',
  'Isaac', 'Isabella', 'Jack', 'Kavya', 'Liam', 'Lucia', 'Mateo', 'Maya', 'Noah', 'Olivia',
  'Priya', 'Rohan', 'Sofia', 'Tariq', 'Uma', 'Victor', 'Wei', 'Yara', 'Zoe', 'Arjun',
]
const LAST_NAMES = [
  'Anderson', 'Brown', 'Chen', 'Davis', 'Evans', 'Fernandez', 'Garcia', 'Gupta', 'Hughes', 'Iyer',
  'Johnson', 'Khan', 'Lee', 'Martin', 'Nguyen', 'Okafor', 'Patel', 'Quinn', 'Rossi', 'Singh',
  'Smith', 'Taylor', 'Ueda', 'Walker', 'Williams', 'Young',
]
const DOMAINS = ['example.com', 'example.org', 'school.example', 'mail.example']

export function generateDemoResults(now: number = Date.now(), count: number = DEMO_ROW_COUNT, seed: number = DEMO_SEED): DemoResult[] {
  const random = mulberry32(seed)
  const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)]
  return Array.from({ length: count }, (_, index) => {
    const first = pick(FIRST_NAMES)
    const last = pick(LAST_NAMES)
    const domain = pick(DOMAINS)
    const score = Math.floor(random() * 101)
    const ago = Math.floor(random() * FOURTEEN_DAYS_MS)
    const id = index + 1
    return {
      id,
      name: `${first} ${last}`,
      email: `${first}.${last}${id}@${domain}`.toLowerCase(),
      score,
      submittedAt: new Date(now - ago).toISOString(),
    }
  })
}

export type ScoreBand = 'green' | 'blue' | 'yellow' | 'red'

/** Badge colour: 80 and above green, 60 and above blue, 40 and above yellow, below 40 red. */
export function scoreBand(score: number): ScoreBand {
  if (score >= 80) return 'green'
  if (score >= 60) return 'blue'
  if (score >= 40) return 'yellow'
  return 'red'
}

/**
 * The band in words and a shape, shown in the badge beside the colour so that nothing depends on
 * telling the colours apart (issue 15).
 */
export const SCORE_BAND_LABELS: Record<ScoreBand, { text: string; icon: string }> = {
  green: { text: 'High', icon: '▲' },
  blue: { text: 'Good', icon: '●' },
  yellow: { text: 'Fair', icon: '◆' },
  red: { text: 'Low', icon: '▼' },
}
