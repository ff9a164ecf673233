/**
 * The settings of a new live game (docs/live-games.md, POST /api/live/games): seconds per
 * question (5–240, default 20), scoring (correctness or speed), streak bonus, shuffling,
 * sign-in, auto-advance. "Open the lobby" opens the game and hands its id on.
 */
import { useState, type FormEvent } from 'react'
import { Alert } from '@/components/ui/alert'
import { TextField } from '@/components/ui/text-field'
import { errorMessage, isApiError } from '@/lib/api-client'
import type { LiveScoring, LiveSettings } from '@/types/live-game'
import { openGame } from '../api/live-api'
import { SECONDS_DEFAULT, SECONDS_MAX, SECONDS_MIN } from '../utils/live-texts'
import '../live.css'
import '../live-presenter.css'

export const SETTINGS_ERRORS = {
  seconds: `Seconds per question must be a whole number from ${SECONDS_MIN} to ${SECONDS_MAX}`,
  notFound: 'Quiz not found, or it is not yours.',
  failed: 'Failed to open the game. Please try again.',
} as const

type Flag = 'streakBonus' | 'shuffleQuestions' | 'shuffleOptions' | 'requireSignIn' | 'autoAdvance'

const FLAGS: Array<[Flag, string, string]> = [
  ['streakBonus', 'Streak bonus', '100 points more per right answer in a row after the first, at most 500.'],
  ['shuffleQuestions', 'Shuffle questions', 'The questions come in a random order.'],
  ['shuffleOptions', 'Shuffle options', "Each player sees the options in their own order."],
  ['requireSignIn', 'Require sign-in', 'Players need an account (always so for a quiz with an audience list); otherwise a nickname is enough.'],
  ['autoAdvance', 'Auto-advance', 'Reveal and standings last 5 seconds each, then the game moves on by itself.'],
]

const SCORING: Array<[LiveScoring, string]> = [
  ['correctness', 'Correctness: 10 points per right answer'],
  ['speed', 'Speed: up to 1,000 points, more for a faster right answer'],
]

/** The seconds as a whole number in range, or null. */
export function parseSeconds(raw: string): number | null {
  if (!/^\d+$/.test(raw.trim())) return null
  const value = Number(raw)
  return value >= SECONDS_MIN && value <= SECONDS_MAX ? value : null
}

type LiveSettingsFormProps = {
  quizId: number
  onOpened: (gameId: string) => void
  open?: typeof openGame
}

export function LiveSettingsForm({ quizId, onOpened, open = openGame }: LiveSettingsFormProps) {
  const [seconds, setSeconds] = useState(String(SECONDS_DEFAULT))
  const [scoring, setScoring] = useState<LiveScoring>('correctness')
  const [flags, setFlags] = useState<Record<Flag, boolean>>({
    streakBonus: false,
    shuffleQuestions: false,
    shuffleOptions: false,
    requireSignIn: false,
    autoAdvance: false,
  })
  const [secondsError, setSecondsError] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const secondsPerQuestion = parseSeconds(seconds)
    if (secondsPerQuestion === null) {
      setSecondsError(SETTINGS_ERRORS.seconds)
      return
    }
    setSecondsError(null)
    setError(null)
    setBusy(true)
    const settings: LiveSettings = { secondsPerQuestion, scoring, ...flags }
    open({ quizId, ...settings })
      .then((view) => onOpened(view.gameId))
      .catch((e: unknown) => {
        setBusy(false)
        setError(isApiError(e) && e.status === 404 ? SETTINGS_ERRORS.notFound : errorMessage(e, SETTINGS_ERRORS.failed))
      })
  }

  return (
    <form className="card live-settings" onSubmit={submit} noValidate aria-labelledby="live-settings-title">
      <h1 id="live-settings-title">Host a live game</h1>
      <p className="muted">Everyone gets the same question at the same moment and answers against the same clock.</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <fieldset className="form-fieldset" disabled={busy}>
        <TextField
          id="live-seconds"
          label="Seconds per question"
          type="number"
          inputMode="numeric"
          min={SECONDS_MIN}
          max={SECONDS_MAX}
          value={seconds}
          onChange={(e) => setSeconds(e.target.value)}
          hint={`From ${SECONDS_MIN} to ${SECONDS_MAX} seconds.`}
          error={secondsError}
          inputClassName="live-seconds-input"
        />
        <fieldset className="field live-choices">
          <legend className="field-label">Scoring</legend>
          {SCORING.map(([value, label]) => (
            <label key={value} className="live-choice">
              <input type="radio" name="live-scoring" value={value} checked={scoring === value} onChange={() => setScoring(value)} />
              {label}
            </label>
          ))}
        </fieldset>
        <fieldset className="field live-choices">
          <legend className="field-label">Options</legend>
          {FLAGS.map(([flag, label, hint]) => (
            <label key={flag} className="live-choice">
              <input
                type="checkbox"
                checked={flags[flag]}
                onChange={(e) => setFlags((current) => ({ ...current, [flag]: e.target.checked }))}
              />
              <span>
                {label}
                <span className="live-choice-hint">{hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Opening...' : 'Open the lobby'}
      </button>
    </form>
  )
}
