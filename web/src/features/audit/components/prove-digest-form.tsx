/**
 * "Prove a saved digest": a position and a 64-hex digest (or the saved `N:D` pasted whole),
 * checked here first, then POST /api/audit/integrity/proof; the outcome in the server's words.
 */
import { useId, useState, type FormEvent } from 'react'
import { Alert } from '@/components/ui/alert'
import { TextField } from '@/components/ui/text-field'
import { errorMessage } from '@/lib/api-client'
import { proveDigest } from '../api/audit-api'
import type { Proof } from '../api/audit-types'
import { auditErrorText } from '../utils/audit-texts'
import { checkProofInput } from '../utils/digest'

type Outcome = { status: 'idle' | 'sending' } | { status: 'proved'; proof: Proof } | { status: 'failed'; error: unknown }

function ProofOutcome({ proof }: { proof: Proof }) {
  if (proof.outcome === 'unchanged') return <Alert tone="success">{proof.message}</Alert>
  if (proof.outcome === 'unknown') return <Alert tone="info">{proof.message}</Alert>
  return (
    <Alert tone="error">
      {proof.message}
      {proof.digest ? (
        <>
          {' '}
          It hashes to <code className="audit-digest-value">{proof.digest}</code> now.
        </>
      ) : null}
      {proof.broken ? ` ${proof.broken.message}.` : null}
    </Alert>
  )
}

export function ProveDigestForm() {
  const id = useId()
  const [position, setPosition] = useState('')
  const [digest, setDigest] = useState('')
  const [errors, setErrors] = useState<{ position?: string; digest?: string }>({})
  const [outcome, setOutcome] = useState<Outcome>({ status: 'idle' })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (outcome.status === 'sending') return
    const check = checkProofInput({ position, digest })
    if (!check.ok) {
      setErrors(check.errors)
      return
    }
    setErrors({})
    setOutcome({ status: 'sending' })
    proveDigest(check.position, check.digest).then(
      (proof) => setOutcome({ status: 'proved', proof }),
      (error: unknown) => setOutcome({ status: 'failed', error }),
    )
  }

  return (
    <section className="audit-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Prove a saved digest</h2>
      <p className="muted">Enter a digest saved earlier to check that the log up to it has not changed since.</p>
      <form className="audit-proof-form" onSubmit={submit} noValidate>
        <TextField
          id={`${id}-position`}
          label="Position"
          inputMode="numeric"
          inputClassName="narrow-input"
          value={position}
          error={errors.position}
          onChange={(e) => setPosition(e.target.value)}
        />
        <TextField
          id={`${id}-digest`}
          label="Digest"
          hint="64 hexadecimal digits, or the saved position:digest."
          inputClassName="audit-digest-input"
          spellCheck={false}
          autoComplete="off"
          value={digest}
          error={errors.digest}
          onChange={(e) => setDigest(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={outcome.status === 'sending'}>
          {outcome.status === 'sending' ? 'Proving...' : 'Prove'}
        </button>
      </form>
      {outcome.status === 'proved' ? <ProofOutcome proof={outcome.proof} /> : null}
      {outcome.status === 'failed' ? <Alert tone="error">{auditErrorText(outcome.error, 'event', errorMessage(outcome.error, 'Failed to prove the digest'))}</Alert> : null}
    </section>
  )
}
