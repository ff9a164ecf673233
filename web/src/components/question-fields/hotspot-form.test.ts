import { describe, expect, it } from 'vitest'
import { nameInText } from './hotspot-form'

describe('nameInText', () => {
  it('finds a region’s name in the question’s text as whole words, whatever the case', () => {
    expect(nameInText('Paris', 'Where is Paris?')).toBe(true)
    expect(nameInText('paris', 'WHERE IS PARIS?')).toBe(true)
    expect(nameInText('New York', 'Point at new york on the map.')).toBe(true)
    expect(nameInText('  Lyon ', 'Lyon or Nice?')).toBe(true)
  })

  it('finds it whatever the accents, on either side', () => {
    expect(nameInText('Île-de-France', 'Where is ile de France?')).toBe(true)
    expect(nameInText('Zurich', 'Where is Zürich?')).toBe(true)
    expect(nameInText('Straße', 'Which STRASSE is closed?')).toBe(true)
  })

  it('does not take a part of a word, nor words apart, for the name', () => {
    expect(nameInText('Paris', 'Where do Parisians live?')).toBe(false)
    expect(nameInText('Nice', 'Where is Venice?')).toBe(false)
    expect(nameInText('New York', 'New maps of York')).toBe(false)
    expect(nameInText('Lyon', 'Where is Paris?')).toBe(false)
  })

  it('finds nothing of a name without letters or digits', () => {
    expect(nameInText('', 'Where is Paris?')).toBe(false)
    expect(nameInText(' - ', 'A - B')).toBe(false)
  })
})
