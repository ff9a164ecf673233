import { describe, expect, it } from 'vitest'
import { decorativeImage, servedImage, servedSound, servedVideo } from '@/testing/media-fixtures'
import { makeQuestion, makeTypedQuestion } from '../testing/fixtures'
import { phonePictures } from './phone-pictures'

const QUESTION_SIZES = '(min-width: 64rem) 48rem, 100vw'
const OPTION_SIZES = '(min-width: 40rem) 16rem, 60vw'
const both = (picture: typeof servedImage) => `${picture.phone.url} ${picture.phone.width}w, ${picture.projector.url} ${picture.projector.width}w`

describe('phonePictures', () => {
  it('asks for the question’s picture and every option’s as their <img> do: phone file, both files, the sizes drawn', () => {
    const question = makeQuestion({ media: servedImage, pictures: [null, decorativeImage, null, servedImage] })
    expect(phonePictures(question)).toEqual([
      { src: servedImage.phone.url, srcSet: both(servedImage), sizes: QUESTION_SIZES },
      { src: decorativeImage.phone.url, srcSet: both(decorativeImage), sizes: OPTION_SIZES },
      { src: servedImage.phone.url, srcSet: both(servedImage), sizes: OPTION_SIZES },
    ])
  })

  it('asks for a hotspot’s picture, and a matching’s or a categorize’s small pictures, as their views draw them', () => {
    const hotspot = makeTypedQuestion({ type: 'hotspot', regions: ['France'] }, { media: servedImage })
    expect(phonePictures(hotspot)).toEqual([{ src: servedImage.phone.url, srcSet: both(servedImage), sizes: QUESTION_SIZES }])
    const matching = makeTypedQuestion({ type: 'matching', left: ['France', 'Italy'], right: ['Rome', 'Paris'] }, { pictures: [null, servedImage] })
    expect(phonePictures(matching)).toEqual([{ src: servedImage.phone.url, srcSet: both(servedImage), sizes: '6rem' }])
  })

  it('asks for one file without a srcset when the picture has one (an animation)', () => {
    const animation = { ...servedImage, projector: servedImage.phone }
    expect(phonePictures(makeQuestion({ media: animation }))).toEqual([{ src: servedImage.phone.url, sizes: QUESTION_SIZES }])
  })

  it('asks for nothing without pictures, or for a sound or a video (the presenter plays them)', () => {
    expect(phonePictures(makeQuestion())).toEqual([])
    expect(phonePictures(makeQuestion({ media: servedSound }))).toEqual([])
    expect(phonePictures(makeQuestion({ media: servedVideo, pictures: [null, null] }))).toEqual([])
    expect(phonePictures(makeQuestion({ media: 'x' as never, pictures: 'x' as never }))).toEqual([])
  })
})
