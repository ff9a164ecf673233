import { describe, expect, it } from 'vitest'
import { auditErrorText, eventLabel, isFinalRefusal, kindLabel, TOO_MANY_AUDIT_READS } from './audit-texts'

describe('audit texts', () => {
  it('names events in words', () => {
    expect(eventLabel('RetakeGranted')).toBe('Retake granted')
    expect(eventLabel('AttemptSubmitted')).toBe('Submitted')
    expect(eventLabel('TokensSpent')).toBe('Tokens spent')
    expect(eventLabel('LiveGameOpened')).toBe('Live game opened')
    expect(kindLabel('retake')).toBe('Retakes')
    expect(kindLabel('something-new')).toBe('something-new')
  })

  it('words the refusals per subject', () => {
    expect(auditErrorText({ error: 'You may not audit this', status: 403, code: 'not_auditor' }, 'quiz', 'x')).toBe('You may not audit this quiz.')
    expect(auditErrorText({ error: 'No such quiz', status: 404 }, 'quiz', 'x')).toBe('No such quiz.')
    expect(auditErrorText({ error: 'slow down', status: 429, retryAfter: 3 }, 'attempt', 'x')).toBe(TOO_MANY_AUDIT_READS)
    expect(auditErrorText({ error: 'Store unavailable', status: 500 }, 'quiz', 'x')).toBe('Store unavailable')
    expect(auditErrorText(new Error('boom'), 'quiz', 'Failed')).toBe('Failed')
    expect(isFinalRefusal({ error: '', status: 404 })).toBe(true)
    expect(isFinalRefusal({ error: '', status: 429 })).toBe(false)
  })
})
