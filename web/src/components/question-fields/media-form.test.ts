import { describe, expect, it } from 'vitest'
import { PHONE_ID, PROJECTOR_ID, servedImage, servedSound, SOUND_ID, uploadedImage, uploadedSound } from '@/testing/media-fixtures'
import { fromUpload, mediaField, toMediaForm, toQuestionMedia } from './media-form'

describe('a question’s media while edited (issue 30)', () => {
  it('is made from an upload’s answer: a picture’s phone and projector files, a sound’s original', () => {
    expect(fromUpload(uploadedImage)).toEqual({ ...servedImage, alt: '', decorative: false })
    expect(fromUpload(uploadedSound)).toEqual({ ...servedSound, file: { ...servedSound.file, width: null, height: null }, transcript: '' })
    expect(fromUpload({ ...uploadedImage, files: [] })).toBeNull()
  })

  it('is saved by the files’ ids with its texts trimmed; none is left out of the body', () => {
    expect(toQuestionMedia({ ...servedImage, alt: ' A map ' })).toEqual({
      kind: 'image',
      phone: { id: PHONE_ID },
      projector: { id: PROJECTOR_ID },
      alt: 'A map',
      decorative: false,
    })
    expect(toQuestionMedia({ ...servedImage, decorative: true })).toMatchObject({ alt: '', decorative: true })
    expect(toQuestionMedia({ ...servedSound, transcript: ' Birdsong. ' })).toEqual({ kind: 'audio', file: { id: SOUND_ID }, transcript: 'Birdsong.' })
    expect(mediaField(null)).toEqual({})
    expect(mediaField({ kind: 'uploading', name: 'a.mp3' })).toEqual({})
  })

  it('reads what a loaded question carries; what is not media is none', () => {
    expect(toMediaForm(servedImage)).toEqual(servedImage)
    expect(toMediaForm(undefined)).toBeNull()
    expect(toMediaForm({ kind: 'audio', file: { id: SOUND_ID } })).toBeNull()
  })
})
