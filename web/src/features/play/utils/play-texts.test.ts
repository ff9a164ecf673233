import { describe, expect, it } from 'vitest'
import { loadErrorText, PLAY_ERRORS } from './play-texts'

describe('loadErrorText', () => {
  it("shows the server's reason for the refusals a start also gives (403, 409, 410)", () => {
    const already = 'You have already taken this quiz. Ask the host for a retake.'
    expect(loadErrorText({ error: already, status: 409, code: 'already_attempted' })).toBe(already)
    expect(loadErrorText({ error: 'This quiz is not open to you.', status: 403, code: 'forbidden' })).toBe('This quiz is not open to you.')
    expect(loadErrorText({ error: 'This quiz has expired and is no longer available.', status: 410, code: 'expired' })).toBe(
      'This quiz has expired and is no longer available.',
    )
    expect(loadErrorText({ error: '', status: 409 })).toBe(PLAY_ERRORS.invalidData)
  })

  it('says no questions were found for a 404 (a missing quiz, or a hosted one without its code)', () => {
    expect(loadErrorText({ error: 'No such quiz', status: 404, code: 'not_found' })).toBe(PLAY_ERRORS.noQuestions)
  })

  it("keeps the server's text for a bad id and the generic text otherwise", () => {
    expect(loadErrorText({ error: 'Invalid category ID format.', status: 400 })).toBe('Invalid category ID format.')
    expect(loadErrorText({ error: 'boom', status: 500 })).toBe(PLAY_ERRORS.invalidData)
    expect(loadErrorText({ error: 'Network error' })).toBe(PLAY_ERRORS.invalidData)
    expect(loadErrorText(new Error('x'))).toBe(PLAY_ERRORS.invalidData)
  })
})
