/**
 * The host's presenter view of a live game, for the projector (large type): lobby, question,
 * reveal (of four options A–D, or of a question of another type, with the presenter's own
 * details: a number line, the share right per part), standings and podium, with the host's
 * controls; a poll shows its answers so far while it runs; a word cloud whose answers wait for
 * the host shows, in the cloud's place, how many wait and the button that shows them to the room,
 * and once shown the cloud stays on screen at the standings too. It wires the presenter machine to
 * the API (load, control, kick), the hub (on the app's connection, with the session's token: the
 * channel's messages become `server.*` events), and the leave warning while the game runs. A
 * reconnect, or coming back to the page, gets the whole view again.
 */
import { useMachine } from '@xstate/react'
import { useCallback, useMemo, useRef } from 'react'
import { Link } from 'react-router'
import { fromPromise } from 'xstate'
import { RichText } from '@/components/rich-text/rich-text'
import { Alert } from '@/components/ui/alert'
import { Loading } from '@/components/ui/loading'
import { useLeaveWarning } from '@/hooks/use-leave-warning'
import { useHubConnected } from '@/lib/hub/hub-provider'
import { liveResultsPath } from '@/lib/live-links'
import type { ControlAction, GameView, GivenAnswer } from '@/types/live-game'
import { controlGame, getGame, kickPlayer } from '../api/live-api'
import { useGameHub, type GameHubEvent } from '../hooks/use-game-hub'
import { presenterMachine, type HostCommand } from '../machines/presenter.machine'
import { questionClock } from '../utils/game-clock'
import { pendingWords } from '../utils/host-actions'
import { HOST_LEAVE_WARNING, playersText } from '../utils/live-texts'
import { PendingWords } from './pending-words'
import { Podium } from './podium'
import { PresenterControls } from './presenter-controls'
import { PresenterLobby } from './presenter-lobby'
import { PresenterQuestion } from './presenter-question'
import { RevealChart } from './reveal-chart'
import { RevealDetails } from './reveal-details'
import { StandingsList } from './standings-list'
import { TypedReveal, WordCloud } from './typed-reveal'
import '../live.css'
import '../live-presenter.css'

const presenterActors = {
  loadGame: fromPromise<GameView, { gameId: string }>(({ input }) => getGame(input.gameId)),
  runCommand: fromPromise<GameView, { gameId: string; command: HostCommand }>(({ input }) =>
    input.command.kind === 'control' ? controlGame(input.gameId, input.command.action) : kickPlayer(input.gameId, input.command.playerId),
  ),
}

/** A word cloud's answers once shown to the room (its reveal's `given`); null for another question, or before. */
function shownWords(view: GameView): GivenAnswer[] | null {
  const reveal = view.reveal
  return reveal && 'type' in reveal && reveal.type === 'word_cloud' && reveal.given && reveal.given.length > 0 ? reveal.given : null
}

function PhaseBody({ view, answered, counting, now, offsetMs, busy, onKick, onAction }: {
  view: GameView
  answered: number
  counting: boolean
  now: number
  offsetMs: number
  busy: boolean
  onKick: (playerId: string) => void
  onAction: (action: ControlAction) => void
}) {
  const words = pendingWords(view)
  const waiting = words ? <PendingWords words={words} busy={busy} onShow={() => onAction('showAnswers')} /> : null
  switch (view.phase) {
    case 'lobby':
      return <PresenterLobby view={view} busy={busy} onKick={onKick} />
    case 'question':
      return view.question ? (
        <PresenterQuestion
          question={view.question}
          count={view.questionCount}
          clock={questionClock(view.question, now, offsetMs)}
          answered={answered}
          players={view.players}
          counting={counting}
          pollCounts={view.host?.pollCounts}
        />
      ) : null
    case 'reveal':
      return (
        <div className="live-question">
          <h2 className="live-question-text">
            <RichText text={view.question?.text ?? ''} />
          </h2>
          {view.reveal && 'type' in view.reveal ? (
            <TypedReveal
              reveal={view.reveal}
              waiting={waiting}
              details={<RevealDetails reveal={view.reveal} />}
              media={view.question?.media}
              large
            />
          ) : null}
          {view.reveal && 'answer' in view.reveal && view.question ? <RevealChart options={view.question.options} reveal={view.reveal} /> : null}
        </div>
      )
    case 'standings': {
      const cloud = shownWords(view)
      return (
        <div className="live-standings-screen">
          <h2 className="live-section-title">Standings</h2>
          {waiting}
          <div className={cloud ? 'live-standings-with-cloud' : undefined}>
            {cloud ? <WordCloud given={cloud} /> : null}
            <StandingsList rows={view.standings ?? []} label="Top 5" />
          </div>
        </div>
      )
    }
    case 'finished':
      return (
        <div className="live-finished">
          <h2 className="live-section-title">Podium</h2>
          <Podium rows={view.podium ?? []} />
          {(view.standings?.length ?? 0) > 3 ? <StandingsList rows={view.standings ?? []} label="Final standings" /> : null}
          <div className="section-actions">
            <Link className="btn btn-primary" to={liveResultsPath(view.gameId)}>
              See the full results
            </Link>
            <Link className="btn btn-secondary" to="/host/myQuizzes">
              Back to My Quizzes
            </Link>
          </div>
        </div>
      )
  }
}

export function Presenter({ gameId }: { gameId: string }) {
  const machine = useMemo(() => presenterMachine.provide({ actors: presenterActors }), [])
  const [state, send] = useMachine(machine, { input: { gameId } })
  const { context } = state
  const view = context.view
  const busy = state.hasTag('busy')
  const connected = useHubConnected()
  const screenRef = useRef<HTMLElement>(null)

  useLeaveWarning(view !== null && view.phase !== 'finished', HOST_LEAVE_WARNING)

  const forward = useCallback(
    (event: GameHubEvent) => {
      if (event.type === 'server.answerAck' || event.type === 'server.kicked') return
      send(event)
    },
    [send],
  )
  useGameHub(gameId, forward)

  const onAction = useCallback((action: ControlAction) => send({ type: 'control.send', action }), [send])
  const onKick = useCallback((playerId: string) => send({ type: 'player.kick', playerId }), [send])

  if (state.hasTag('failed')) {
    return (
      <section className="card quiz-message" aria-labelledby="live-error-title">
        <h1 id="live-error-title">Live game unavailable</h1>
        <Alert tone="error">{context.error}</Alert>
        <Link to="/host/myQuizzes" className="btn btn-primary">
          Go to My Quizzes
        </Link>
      </section>
    )
  }

  if (!view) return <Loading label="Loading the game..." />

  const fullScreen = () => {
    screenRef.current?.requestFullscreen?.().catch(() => undefined)
  }

  return (
    <section className="live-presenter" ref={screenRef} aria-labelledby="live-title">
      <header className="live-bar">
        <h1 id="live-title" className="live-title">
          {view.title || 'Live game'}
        </h1>
        <p className="live-bar-facts">
          <span>{playersText(view.players)}</span>
          {view.locked ? <span className="status-pill status-marked">Lobby locked</span> : null}
          {view.phase !== 'lobby' && view.host?.pin ? <span>PIN {view.host.pin}</span> : null}
        </p>
        <button type="button" className="btn btn-ghost btn-small live-fullscreen" onClick={fullScreen}>
          Full screen
        </button>
      </header>

      {!connected ? <p className="live-offline" role="status">Reconnecting…</p> : null}
      {context.error ? (
        <div className="live-error">
          <Alert tone="error">{context.error}</Alert>
          <button type="button" className="btn btn-link" onClick={() => send({ type: 'error.dismiss' })}>
            Dismiss
          </button>
        </div>
      ) : null}

      <PhaseBody
        view={view}
        answered={context.answered}
        counting={context.counting}
        now={context.now}
        offsetMs={context.offsetMs}
        busy={busy}
        onKick={onKick}
        onAction={onAction}
      />

      <PresenterControls view={view} busy={busy} onAction={onAction} />
    </section>
  )
}
