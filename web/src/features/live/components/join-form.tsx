/**
 * Joining a live game, phone first: the 6-digit PIN (prefilled from `?pin=` of the join link
 * or QR code) and a nickname. A refusal shows under the field it is about, or above the form;
 * "Sign in to join this game" comes with a sign-in link that returns here. Signed in, a link
 * leads to the games they played.
 */
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { TextField } from '@/components/ui/text-field'
import { useFocusFirstError } from '@/hooks/use-focus-first-error'
import { LIVE_HISTORY_PATH } from '@/lib/live-links'
import { saveRedirectAfterLogin } from '@/lib/session'
import { JOIN_ERRORS, NICKNAME_MAX_LENGTH } from '../utils/live-texts'
import { PinField } from './pin-form'
import '../live.css'

type JoinFormProps = {
  pin: string
  nickname: string
  error: string | null
  errorField: 'pin' | 'nickname' | null
  busy: boolean
  signedIn: boolean
  onSubmit: (pin: string, nickname: string) => void
}

export function JoinForm({ pin: initialPin, nickname: initialNickname, error, errorField, busy, signedIn, onSubmit }: JoinFormProps) {
  const [pin, setPin] = useState(initialPin)
  const [nickname, setNickname] = useState(initialNickname)

  const { ref: formRef, submitted: markSubmitted } = useFocusFirstError(error)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    markSubmitted()
    onSubmit(pin, nickname)
  }

  const general = error && errorField === null ? error : null
  return (
    <form ref={formRef} className="card live-join-form" onSubmit={submit} noValidate aria-labelledby="live-join-title">
      <h1 id="live-join-title">Join a live game</h1>
      {general ? (
        <Alert tone="error">
          {general}
          {general === JOIN_ERRORS.signInRequired && !signedIn ? (
            <>
              {' '}
              <Link to="/signin" onClick={() => saveRedirectAfterLogin(`/play/live?pin=${encodeURIComponent(pin.trim())}`)}>
                Sign in
              </Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      <fieldset className="form-fieldset" disabled={busy}>
        <PinField id="live-pin" value={pin} onChange={setPin} error={errorField === 'pin' ? error : null} />
        <TextField
          id="live-nickname"
          label="Nickname"
          autoComplete="nickname"
          maxLength={NICKNAME_MAX_LENGTH}
          value={nickname}
          onChange={(e) => setNickname(e.target.value)}
          error={errorField === 'nickname' ? error : null}
          hint="This is the name everyone sees."
        />
      </fieldset>
      <button type="submit" className="btn btn-primary btn-block live-big-button" disabled={busy}>
        {busy ? 'Joining...' : 'Join'}
      </button>
      {signedIn ? (
        <p className="live-join-history">
          <Link to={LIVE_HISTORY_PATH}>Your live games</Link>
        </p>
      ) : null}
    </form>
  )
}
