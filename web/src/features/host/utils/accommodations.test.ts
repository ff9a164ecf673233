import { describe, expect, it } from 'vitest'
import { ACCOMMODATION_TEXTS, addPlayers, looksLikeEmail, splitEmailInput } from './accommodations'

describe('accommodations editor helpers', () => {
  it('splits pasted addresses on commas, semicolons and new lines', () => {
    expect(splitEmailInput(' ana@example.com,ben@example.com\ncy@example.com;\r\n\n dee@example.com ,, ')).toEqual([
      'ana@example.com',
      'ben@example.com',
      'cy@example.com',
      'dee@example.com',
    ])
    expect(splitEmailInput(' \n, ')).toEqual([])
  })

  it('checks addresses roughly', () => {
    expect(looksLikeEmail('ana@example.com')).toBe(true)
    expect(looksLikeEmail('ana.example.com')).toBe(false)
    expect(looksLikeEmail('ana @example.com')).toBe(false)
    expect(looksLikeEmail('a@b@c')).toBe(false)
  })

  it('adds new players and gives players already listed the new choice, once each', () => {
    const rows = [{ email: 'ana@example.com', extraTime: 'x1.5' as const, readAloud: false }]
    const result = addPlayers(rows, ['ben@example.com', 'ANA@example.com', 'ben@example.com', 'ana@example.com'], {
      extraTime: 'x2',
      readAloud: true,
    })
    expect(result.rows).toEqual([
      { email: 'ana@example.com', extraTime: 'x2', readAloud: true },
      { email: 'ben@example.com', extraTime: 'x2', readAloud: true },
    ])
    expect([result.added, result.updated]).toEqual([1, 1])
    expect(rows[0].extraTime).toBe('x1.5')
    expect(ACCOMMODATION_TEXTS.added(result.added, result.updated)).toBe('Added 1 player. Updated 1 player. Save accommodations to apply.')
    expect(ACCOMMODATION_TEXTS.saved(0)).toBe('Accommodations saved: no player has any.')
    expect(ACCOMMODATION_TEXTS.saved(2)).toBe('Accommodations saved for 2 players.')
  })
})
