import { describe, expect, it } from 'vitest'
import { accommodationText, readAccommodation } from './accommodation'

describe('accommodation', () => {
  it('reads what the API writes, and anything odd as none', () => {
    expect(readAccommodation({ extraTime: 'x1.5', readAloud: true })).toEqual({ extraTime: 'x1.5', readAloud: true })
    expect(readAccommodation({ extraTime: 'unlimited' })).toEqual({ extraTime: 'unlimited', readAloud: false })
    expect(readAccommodation({ extraTime: 'x3', readAloud: 'yes' })).toEqual({ extraTime: 'none', readAloud: false })
    expect(readAccommodation(undefined)).toEqual({ extraTime: 'none', readAloud: false })
    expect(readAccommodation(['x2'])).toEqual({ extraTime: 'none', readAloud: false })
  })

  it('says in words what applied', () => {
    expect(accommodationText({ extraTime: 'x2', readAloud: true })).toBe('Extra time ×2, read aloud')
    expect(accommodationText({ extraTime: 'x1.5', readAloud: false })).toBe('Extra time ×1.5')
    expect(accommodationText({ extraTime: 'unlimited', readAloud: false })).toBe('No time limit')
    expect(accommodationText({ extraTime: 'none', readAloud: true })).toBe('Read aloud')
    expect(accommodationText({ extraTime: 'none', readAloud: false })).toBe('')
  })
})
