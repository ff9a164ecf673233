import { describe, expect, it } from 'vitest'
import { endOfLocalDay, INITIAL_SETTINGS, normalizeTimeLimit, splitEmails, toSettingsFields, validateSettings } from './quiz-settings'

describe('quiz settings', () => {
  it('splits emails on commas, trims them and drops empty pieces', () => {
    expect(splitEmails(' a@b.c ,d@e.f,, ')).toEqual(['a@b.c', 'd@e.f'])
  })

  it('keeps a time limit from 1 to 180 and makes anything else 30', () => {
    expect(normalizeTimeLimit('1')).toBe(1)
    expect(normalizeTimeLimit('180')).toBe(180)
    expect(normalizeTimeLimit(' 45 ')).toBe(45)
    for (const bad of ['0', '181', '', 'abc', '12.5', '-3']) expect(normalizeTimeLimit(bad)).toBe(30)
  })

  it('checks the custom date from today on, then the audience', () => {
    const today = '2026-03-10'
    expect(validateSettings(INITIAL_SETTINGS, today)).toBeNull()
    expect(validateSettings({ ...INITIAL_SETTINGS, validityOption: 'custom' }, today)).toBe('Please select a valid date for quiz expiry')
    expect(validateSettings({ ...INITIAL_SETTINGS, validityOption: 'custom', customDate: '2026-03-09' }, today)).toBe(
      'Please select a valid date for quiz expiry',
    )
    expect(validateSettings({ ...INITIAL_SETTINGS, validityOption: 'custom', customDate: today }, today)).toBeNull()
    expect(validateSettings({ ...INITIAL_SETTINGS, audienceType: 'emails', emails: ' , ' }, today)).toBe(
      'Please provide email addresses for quiz participants',
    )
    expect(validateSettings({ ...INITIAL_SETTINGS, audienceType: 'list' }, today)).toBe('Please select an audience list')
  })

  it('sends only the fields of the chosen validity and audience', () => {
    expect(toSettingsFields(INITIAL_SETTINGS)).toEqual({
      validityOption: '24h',
      customDate: undefined,
      timeLimit: 30,
      audienceType: 'open',
      emails: undefined,
      audienceName: undefined,
      audienceListId: undefined,
    })
    expect(toSettingsFields({ ...INITIAL_SETTINGS, validityOption: 'custom', customDate: '2026-03-12' }).customDate).toBe(
      endOfLocalDay('2026-03-12'),
    )
  })
})
