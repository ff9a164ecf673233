/**
 * A player's live game, phone first: join (PIN, nickname), "You're in", the questions, the
 * result after each, the final rank. It wires the player machine to the join call, the kept
 * player (localStorage: a reload comes back with the same token), the hub (its own connection
 * with the player token, which this component hands up through `onToken` to the HubProvider
 * around it; the channel's messages become `server.*` events, and answers go out on it, with
 * `loaded` once the phone has a question's pictures: use-question-pictures.ts), and the leave
 * warning while the game runs.
 */
import { useMachine } from '@xstate/react'
import { useCallback, useEffect, useMemo } from 'react'
import { fromPromise } from 'xstate'
import { Alert } from '@/components/ui/alert'
import { Loading } from '@/components/ui/loading'
import { useLeaveWarning } from '@/hooks/use-leave-warning'
import { useSession } from '@/lib/auth'
import { useHubConnected, useHubOpenedElsewhere } from '@/lib/hub/hub-provider'
import type { Letter, Response } from '@/types/api'
import { joinGame, type JoinResponse } from '../api/live-api'
import { useGameHub, useSendAnswer, type GameHubEvent } from '../hooks/use-game-hub'
import { useQuestionPictures } from '../hooks/use-question-pictures'
import { playerMachine, type SendAnswerInput } from '../machines/player.machine'
import { questionClock } from '../utils/game-clock'
import { forgetPlayer, savePlayer, type StoredPlayer } from '../utils/live-storage'
import { PLAYER_LEAVE_WARNING } from '../utils/live-texts'
import { JoinForm } from './join-form'
import { PlayerQuestion, type AnswerStep } from './player-question'
import { PlayerFinished, PlayerReveal, PlayerStandings } from './player-result'
import '../live.css'

type LivePlayerProps = {
  stored: StoredPlayer | null
  pin: string
  /** The game's link the page was opened with: its key goes with a join to that PIN. */
  link?: { pin: string; key: string } | null
  /** The player token to connect with (null: none), for the HubProvider around this screen. */
  onToken: (token: string | null) => void
}

const STEPS: AnswerStep[] = ['sending', 'getReady', 'answering', 'locked', 'paused', 'closed']

export function LivePlayer({ stored, pin, link = null, onToken }: LivePlayerProps) {
  const sendAnswer = useSendAnswer()
  const machine = useMemo(
    () =>
      playerMachine.provide({
        actors: {
          joinGame: fromPromise<JoinResponse, { pin: string; nickname: string }>(({ input }) =>
            joinGame(input.pin, input.nickname, link && link.key && link.pin === input.pin ? link.key : undefined),
          ),
          sendAnswer: fromPromise<void, SendAnswerInput>(({ input }) => sendAnswer(input)),
        },
        actions: {
          storePlayer: (_, params) => savePlayer(params.player),
          forgetPlayer: (_, params) => forgetPlayer(params.gameId),
        },
      }),
    [sendAnswer, link],
  )
  const [state, send] = useMachine(machine, { input: { stored, pin } })
  const { context } = state
  const { isAuthenticated } = useSession()
  const connected = useHubConnected()
  const elsewhere = useHubOpenedElsewhere()
  const token = context.player?.token ?? null

  useEffect(() => onToken(token), [token, onToken])
  useLeaveWarning(state.hasTag('running') && !state.hasTag('finished'), PLAYER_LEAVE_WARNING)

  const forward = useCallback(
    (event: GameHubEvent) => {
      if (event.type !== 'server.answers') send(event)
    },
    [send],
  )
  useGameHub(context.player?.gameId ?? null, forward)
  const shown = state.hasTag('question') ? (context.view?.question ?? null) : null
  const pictures = useQuestionPictures(context.player?.gameId ?? null, shown, connected)

  const onAnswer = useCallback((choice: Letter) => send({ type: 'answer.select', choice }), [send])
  const onRespond = useCallback((response: Response) => send({ type: 'answer.submit', response }), [send])
  const leave = () => send({ type: 'game.leave' })

  if (state.hasTag('form')) {
    return (
      <JoinForm
        pin={context.pin}
        nickname={context.nickname}
        error={context.error}
        errorField={context.errorField}
        busy={state.hasTag('busy')}
        signedIn={isAuthenticated}
        onSubmit={(pinValue, nickname) => send({ type: 'join.submit', pin: pinValue, nickname })}
      />
    )
  }

  if (state.hasTag('ended')) {
    return (
      <section className="card live-play-card" aria-labelledby="live-ended-title">
        <h1 id="live-ended-title">Game over for you</h1>
        <Alert tone="error">{context.endReason}</Alert>
        <button type="button" className="btn btn-primary btn-block live-big-button" onClick={leave}>
          Join another game
        </button>
      </section>
    )
  }

  const view = context.view
  if (state.hasTag('connecting') || !view) {
    return (
      <section className="card live-play-card">
        <Loading label="Connecting to the game..." />
        {state.hasTag('slow') ? (
          <>
            <p className="muted">This is taking longer than usual. The game may have ended.</p>
            <button type="button" className="btn btn-secondary btn-block" onClick={leave}>
              Join another game
            </button>
          </>
        ) : null}
      </section>
    )
  }

  const step = STEPS.find((tag) => state.hasTag(tag)) ?? 'closed'
  return (
    <div className="card live-play-card">
      <p className="live-play-who">
        <span className="live-play-name">{view.me?.nickname ?? context.player?.nickname}</span>
        <span>{view.title}</span>
      </p>
      {elsewhere ? (
        <p className="live-offline" role="status">
          This game is open in another tab or on another device.
        </p>
      ) : !connected ? (
        <p className="live-offline" role="status">
          Reconnecting…
        </p>
      ) : null}
      {state.hasTag('lobby') ? (
        <section className="live-in" aria-labelledby="live-in-title">
          <h1 id="live-in-title">You&rsquo;re in!</h1>
          {/* No player count here: a player's view changes only with the game's phase
              (docs/websocket.md), so it would stay at the count of the moment they joined.
              The names arriving and their number are on the projector. */}
          <p>See your name on the screen? The game starts when the host is ready.</p>
        </section>
      ) : null}
      {state.hasTag('question') && view.question ? (
        <PlayerQuestion
          question={view.question}
          count={view.questionCount}
          clock={questionClock(view.question, context.now, context.offsetMs)}
          step={step}
          choice={context.choice}
          response={context.response}
          note={context.note}
          onAnswer={onAnswer}
          onRespond={onRespond}
          picturesLoading={pictures.status === 'loading' ? pictures.count : 0}
        />
      ) : null}
      {state.hasTag('reveal') ? <PlayerReveal view={view} /> : null}
      {state.hasTag('standings') ? <PlayerStandings view={view} /> : null}
      {state.hasTag('finished') ? <PlayerFinished view={view} signedIn={isAuthenticated} onLeave={leave} /> : null}
    </div>
  )
}
