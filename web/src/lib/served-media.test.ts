import { describe, expect, it } from 'vitest'
import { decorativeImage, servedImage, servedSound } from '@/testing/media-fixtures'
import { readMedia, readPicture, readPictures } from './served-media'

describe('readMedia', () => {
  it('reads a picture with both files, and one file for both when the other is missing', () => {
    expect(readMedia(servedImage)).toEqual(servedImage)
    const read = readMedia({ ...servedImage, projector: undefined })
    expect(read).toMatchObject({ kind: 'image', phone: servedImage.phone, projector: servedImage.phone })
  })

  it('drops a decorative picture’s alt text, and what is not media', () => {
    expect(readMedia({ ...decorativeImage, alt: 'A leftover' })).toMatchObject({ alt: '', decorative: true })
    expect(readMedia({ kind: 'image', phone: { id: 'x' } })).toBeNull()
    expect(readMedia('picture')).toBeNull()
  })
})

describe('readPicture', () => {
  it('reads a picture, and refuses a sound or what is not one', () => {
    expect(readPicture(servedImage)).toEqual(servedImage)
    expect(readPicture(servedSound)).toBeNull()
    expect(readPicture(null)).toBeNull()
  })
})

describe('readPictures', () => {
  it('keeps one entry per entry of the list, null where there is no picture', () => {
    expect(readPictures([servedImage, null, decorativeImage, null])).toEqual([servedImage, null, decorativeImage, null])
  })

  it('makes an entry that is not a picture null (a sound, a broken picture, a number)', () => {
    expect(readPictures([servedSound, { kind: 'image' }, 3, servedImage])).toEqual([null, null, null, servedImage])
  })

  it('is null when the value is not a list or no entry has a picture', () => {
    expect(readPictures(undefined)).toBeNull()
    expect(readPictures(null)).toBeNull()
    expect(readPictures({ 0: servedImage })).toBeNull()
    expect(readPictures([])).toBeNull()
    expect(readPictures([null, null])).toBeNull()
    expect(readPictures([servedSound])).toBeNull()
  })
})
