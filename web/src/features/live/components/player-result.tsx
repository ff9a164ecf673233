/**
 * Between questions and at the end, on the player's phone: after a question whether the
 * answer was right (in words and an icon, not colour alone) and the points it brought; the
 * standings with the player's own rank and points; the final rank with the podium (and, signed
 * in, the way to their history of live games).
 */
import { Link } from 'react-router'
import { LIVE_HISTORY_PATH } from '@/lib/live-links'
import type { GameView } from '@/types/live-game'
import { ordinal, pointsText } from '../utils/live-texts'
import { Podium } from './podium'
import { RevealChart } from './reveal-chart'
import { StandingsList } from './standings-list'
import '../live.css'

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

export function PlayerReveal({ view }: { view: GameView }) {
  const result = view.me?.lastResult ?? null
  const outcome = result === null ? 'none' : result.correct ? 'right' : 'wrong'
  return (
    <section className="live-play-result" aria-labelledby="live-result-title">
      <h1 id="live-result-title" className={`live-outcome live-outcome-${outcome}`}>
        {outcome === 'right' ? '✓ Correct' : outcome === 'wrong' ? '✗ Wrong' : 'No answer'}
      </h1>
      {result ? <p className="live-gained">+{pointsText(result.points)}</p> : null}
      <MyScore view={view} />
      {view.reveal && view.question ? (
        <RevealChart options={view.question.options} reveal={view.reveal} mine={view.me?.answer ?? null} />
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
