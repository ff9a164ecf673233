/**
 * Saved digests of the log's hash chain: the file an auditor keeps (`quizroom-digest-N.txt`
 * holding `N:D`, as `quizroom verify` prints it and `quizroom verify --digest N:D` reads it), and
 * the checks of the "Prove a saved digest" form before anything is sent.
 */

export const DIGEST_TEXTS = {
  positionMissing: 'Enter the position the digest was saved at.',
  positionInvalid: 'The position is a whole number from 1 up.',
  digestMissing: 'Enter the saved digest.',
  digestInvalid: 'A digest is 64 hexadecimal digits (0–9 and a–f).',
} as const

/** `N:D`, the saved form of a digest. */
export function savedDigestText(position: number, digest: string): string {
  return `${position}:${digest}`
}

export function digestFileName(position: number): string {
  return `quizroom-digest-${position}.txt`
}

export type ProofInput = { position: string; digest: string }

export type ProofCheck =
  | { ok: true; position: number; digest: string }
  | { ok: false; errors: { position?: string; digest?: string } }

const HEX64 = /^[0-9a-f]{64}$/i

/**
 * Checks the form's fields. The digest field also takes a whole saved digest `N:D` (the file's
 * content), whose position then fills an empty position field.
 */
export function checkProofInput({ position, digest }: ProofInput): ProofCheck {
  let positionText = position.trim()
  let digestText = digest.trim()
  const saved = /^(\d+):([0-9a-f]+)$/i.exec(digestText)
  if (saved) {
    digestText = saved[2]
    if (positionText === '') positionText = saved[1]
  }
  const errors: { position?: string; digest?: string } = {}
  const n = Number(positionText)
  if (positionText === '') errors.position = DIGEST_TEXTS.positionMissing
  else if (!/^\d+$/.test(positionText) || !Number.isSafeInteger(n) || n < 1) errors.position = DIGEST_TEXTS.positionInvalid
  if (digestText === '') errors.digest = DIGEST_TEXTS.digestMissing
  else if (!HEX64.test(digestText)) errors.digest = DIGEST_TEXTS.digestInvalid
  if (errors.position || errors.digest) return { ok: false, errors }
  return { ok: true, position: n, digest: digestText.toLowerCase() }
}
