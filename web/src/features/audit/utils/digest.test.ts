import { describe, expect, it } from 'vitest'
import { checkProofInput, DIGEST_TEXTS, digestFileName, savedDigestText } from './digest'

const HEX = '0123456789abcdef'.repeat(4)

describe('saved digests', () => {
  it('saves N:D in quizroom-digest-N.txt', () => {
    expect(savedDigestText(5123, HEX)).toBe(`5123:${HEX}`)
    expect(digestFileName(5123)).toBe('quizroom-digest-5123.txt')
  })

  it('accepts a position and 64 hex digits, in any case', () => {
    expect(checkProofInput({ position: ' 42 ', digest: HEX.toUpperCase() })).toEqual({ ok: true, position: 42, digest: HEX })
  })

  it('takes a whole saved digest pasted into the digest field', () => {
    expect(checkProofInput({ position: '', digest: `77:${HEX}` })).toEqual({ ok: true, position: 77, digest: HEX })
    // A position typed in wins.
    expect(checkProofInput({ position: '70', digest: `77:${HEX}` })).toEqual({ ok: true, position: 70, digest: HEX })
  })

  it('says what is missing', () => {
    expect(checkProofInput({ position: '', digest: '' })).toEqual({
      ok: false,
      errors: { position: DIGEST_TEXTS.positionMissing, digest: DIGEST_TEXTS.digestMissing },
    })
  })

  it.each([['0'], ['-3'], ['1.5'], ['abc']])('refuses the position %s', (position) => {
    expect(checkProofInput({ position, digest: HEX })).toEqual({ ok: false, errors: { position: DIGEST_TEXTS.positionInvalid } })
  })

  it.each([[HEX.slice(1)], [`${HEX}0`], [`${HEX.slice(1)}g`]])('refuses a digest that is not 64 hex digits (%s)', (digest) => {
    expect(checkProofInput({ position: '3', digest })).toEqual({ ok: false, errors: { digest: DIGEST_TEXTS.digestInvalid } })
  })
})
