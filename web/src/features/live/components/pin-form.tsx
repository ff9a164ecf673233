/**
 * The game PIN, on the join form and on pages that lead to it. `PinField` is the one PIN input
 * (label, numeric keyboard, no autocomplete, digits only, 6 at most) that the join form uses
 * too. `PinForm` is the PIN alone with a Join button (the home page on a phone, issue 29): a
 * full PIN goes to the join screen with it filled in, `/play/live?pin=…`, the link the QR code
 * opens, where the nickname is asked and the join (and its refusals) are the join screen's
 * own; an incomplete PIN gets the join screen's message, under the field.
 */
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { TextField } from '@/components/ui/text-field'
import { useFocusFirstError } from '@/hooks/use-focus-first-error'
import { liveJoinLink } from '@/lib/live-links'
import { JOIN_ERRORS, PIN_LENGTH } from '../utils/live-texts'
import '../pin-form.css'

type PinFieldProps = {
  id: string
  value: string
  /** Called with the digits typed, at most PIN_LENGTH of them. */
  onChange: (pin: string) => void
  error?: string | null
}

export function PinField({ id, value, onChange, error = null }: PinFieldProps) {
  return (
    <TextField
      id={id}
      label="Game PIN"
      inputMode="numeric"
      autoComplete="off"
      maxLength={PIN_LENGTH}
      placeholder="123456"
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, PIN_LENGTH))}
      error={error}
      className="code-field"
    />
  )
}

type PinFormProps = {
  /** The input's id (unique on the page). */
  id: string
  /** Where the page places and styles the form. */
  className?: string
}

export function PinForm({ id, className }: PinFormProps) {
  const navigate = useNavigate()
  const [pin, setPin] = useState('')
  const [error, setError] = useState<string | null>(null)
  const { ref: formRef, submitted: markSubmitted } = useFocusFirstError(error)
  const titleId = `${id}-title`

  const submit = (event: FormEvent) => {
    event.preventDefault()
    markSubmitted()
    // PinField keeps digits only, so a full PIN is one of PIN_LENGTH characters.
    if (pin.length !== PIN_LENGTH) {
      setError(JOIN_ERRORS.pinRequired)
      return
    }
    // The QR code's link, on this origin (no link key: a PIN typed counts as one, as on the join screen).
    Promise.resolve(navigate(liveJoinLink(pin, '', ''))).catch(() => undefined)
  }

  return (
    <form ref={formRef} className={['card pin-form', className].filter(Boolean).join(' ')} onSubmit={submit} noValidate aria-labelledby={titleId}>
      <p id={titleId} className="pin-form-title">
        Join a live game
      </p>
      <PinField
        id={id}
        value={pin}
        onChange={(value) => {
          setPin(value)
          setError(null)
        }}
        error={error}
      />
      <button type="submit" className="btn btn-primary btn-block">
        Join
      </button>
    </form>
  )
}
