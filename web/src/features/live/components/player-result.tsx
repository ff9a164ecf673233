/**
 * Between questions and at the end, on the player's phone: after a question whether the answer
 * was right, partly right (with its share, for a question of another type), wrong or not scored
 * (a poll, a word cloud) — in words and an icon, not colour alone, in a polite live region — and
 * the points it brought, with the question's reveal; the standings with the player's own rank
 * and points; the final rank with the podium (and, signed in, the way to their history of live
 * games).
 */
import { Link } from 'react-router'
import { percentRight } from '@/components/feedback/answer-words'
import { RichText } from '@/components/rich-text/rich-text'
import { LIVE_HISTORY_PATH } from '@/lib/live-links'
import type { GameView, LiveResult } from '@/types/live-game'
import { ordinal, pointsText } from '../utils/live-texts'
import { verdictOf, type Verdict } from '../utils/typed-questions'
import { Podium } from './podium'
import { RevealChart } from './reveal-chart'
import { StandingsList } from './standings-list'
import { TypedReveal } from './typed-reveal'
import '../live.css'
import '../live-types.css'

function MyScore({ view }: { view: GameView }) {
  const me = view.me
  if (!me) return null
  return (
    <p className="live-my-score" data-testid="live-my-score">
      {me.rank !== null ? (
        <>
          You are <strong>{ordinal(me.rank)}</strong> with <strong>{pointsText(me.points)}</strong>
        </>
      ) : (
        <>
          You have <strong>{pointsText(me.points)}</strong>
        </>
      )}
      {me.streak > 1 ? <span className="live-streak"> · {me.streak} right in a row</span> : null}
    </p>
  )
}

const VERDICT_CLASS: Record<Verdict, string> = {
  right: 'live-outcome-right',
  partly: 'live-outcome-partly',
  wrong: 'live-outcome-wrong',
  unscored: 'live-outcome-none',
  none: 'live-outcome-none',
}

function verdictText(verdict: Verdict, result: LiveResult | null): string {
  switch (verdict) {
    case 'right':
      return '✓ Correct'
    case 'partly':
      return `◐ Partly right: ${percentRight(result?.f ?? 0)}%`
    case 'wrong':
      return '✗ Wrong'
    case 'unscored':
      return '✓ Answer counted'
    case 'none':
      return 'No answer'
  }
}

export function PlayerReveal({ view }: { view: GameView }) {
  const result = view.me?.lastResult ?? null
  const reveal = view.reveal
  const type = reveal !== null && 'type' in reveal ? reveal.type : null
  const verdict = verdictOf(result, type)
  // A slide asks nothing: no verdict, the title only.
  const slide = type === 'slide'
  return (
    <section className="live-play-result" aria-labelledby="live-result-title">
      {slide ? (
        <h1 id="live-result-title">
          <RichText text={view.question?.text ?? ''} />
        </h1>
      ) : (
        <div className="live-verdict" role="status">
          <h1 id="live-result-title" className={`live-outcome ${VERDICT_CLASS[verdict]}`}>
            {verdictText(verdict, result)}
          </h1>
          {verdict === 'unscored' ? <p className="live-gained-note">Not scored: thanks for taking part.</p> : null}
          {result && verdict !== 'unscored' ? <p className="live-gained">+{pointsText(result.points)}</p> : null}
        </div>
      )}
      <MyScore view={view} />
      {reveal && 'type' in reveal ? <TypedReveal reveal={reveal} media={view.question?.media} /> : null}
      {reveal && 'answer' in reveal && view.question ? (
        <RevealChart options={view.question.options} reveal={reveal} mine={view.me?.answer ?? null} />
      ) : null}
    </section>
  )
}

export function PlayerStandings({ view }: { view: GameView }) {
  return (
    <section className="live-play-result" aria-labelledby="live-standings-title">
      <h1 id="live-standings-title">Standings</h1>
      <MyScore view={view} />
      <StandingsList rows={view.standings ?? []} meId={view.me?.playerId} label="Top 5" />
    </section>
  )
}

export function PlayerFinished({ view, signedIn, onLeave }: { view: GameView; signedIn: boolean; onLeave: () => void }) {
  const me = view.me
  return (
    <section className="live-play-result" aria-labelledby="live-final-title">
      <h1 id="live-final-title">Game over</h1>
      {me && me.rank !== null ? (
        <p className="live-final-rank" data-testid="live-final-rank">
          You finished <strong>{ordinal(me.rank)}</strong> with <strong>{pointsText(me.points)}</strong>
        </p>
      ) : (
        <p className="live-final-rank">You finished with {pointsText(me?.points ?? 0)}</p>
      )}
      <Podium rows={view.podium ?? []} meId={me?.playerId} />
      <button type="button" className="btn btn-primary btn-block live-big-button" onClick={onLeave}>
        Join another game
      </button>
      {signedIn ? (
        <Link className="btn btn-secondary btn-block" to={LIVE_HISTORY_PATH}>
          Your live games
        </Link>
      ) : null}
    </section>
  )
}
