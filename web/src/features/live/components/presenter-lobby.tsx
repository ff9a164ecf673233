/**
 * The lobby on the projector: the PIN in big type, the join link and its QR code, how many
 * joined and their names as they arrive (the newest 100), each with a × to kick, and whether
 * the lobby is locked.
 */
import { QrCode } from '@/components/qr-code/qr-code'
import { liveJoinLink } from '@/lib/live-links'
import type { GameView } from '@/types/live-game'
import { playersText } from '../utils/live-texts'
import '../live.css'
import '../live-presenter.css'

type PresenterLobbyProps = {
  view: GameView
  busy: boolean
  onKick: (playerId: string) => void
}

/** The PIN as "123 456", easier to read from the back of a room. */
export function spacedPin(pin: string): string {
  return pin.length === 6 ? `${pin.slice(0, 3)} ${pin.slice(3)}` : pin
}

export function PresenterLobby({ view, busy, onKick }: PresenterLobbyProps) {
  const pin = view.host?.pin ?? ''
  const link = liveJoinLink(pin, view.host?.joinKey ?? '')
  const names = view.host?.names ?? []
  const origin = window.location.host
  return (
    <div className="live-lobby">
      <div className="live-join">
        <div className="live-join-text">
          <p className="live-join-how">
            Join at <strong>{origin}/play/live</strong> with the game PIN
          </p>
          {/* Read digit by digit ("Game PIN 1 2 3 4 5 6"); a <p> may not carry an aria-label (issue 15). */}
          <p className="live-pin">
            <span className="visually-hidden">{`Game PIN ${pin.split('').join(' ')}`}</span>
            <span aria-hidden="true">{spacedPin(pin)}</span>
          </p>
          <p className="live-join-link" data-testid="live-join-link">
            {link}
          </p>
          {view.locked ? <p className="live-locked-note">🔒 The lobby is locked: no one else can join.</p> : null}
        </div>
        {pin ? <QrCode value={link} label={`QR code for joining with PIN ${pin}`} size={240} /> : null}
      </div>

      <div className="live-names-head">
        <h2 className="live-section-title">{playersText(view.players)}</h2>
        {view.players === 0 ? <p className="muted">Waiting for players to join…</p> : null}
      </div>
      <ul className="live-names" aria-label="Players" aria-live="polite">
        {names.map((name) => (
          <li key={name.playerId} className="live-name">
            <span>{name.nickname}</span>
            <button
              type="button"
              className="live-kick"
              aria-label={`Remove ${name.nickname}`}
              title={`Remove ${name.nickname}`}
              disabled={busy}
              onClick={() => onKick(name.playerId)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
