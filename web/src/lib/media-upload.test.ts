import { describe, expect, it } from 'vitest'
import { installFakeXhr, lastXhr } from '@/testing/fake-xhr'
import { fakeFile, uploadedImage } from '@/testing/media-fixtures'
import { signInAs } from '@/testing/test-utils'
import { NETWORK_ERROR, NO_TOKEN_ERROR } from './api-client'
import { fileTooLarge, UPLOAD_CANCELLED, uploadMedia } from './media-upload'
import { getCurrentUser, getToken } from './session'

const MB = 1024 * 1024

describe('uploadMedia', () => {
  it('sends the file as the form’s `file` with the bearer token, reports progress and resolves with what was stored', async () => {
    installFakeXhr()
    const { token } = signInAs()
    const progress: Array<[number, number]> = []
    const file = fakeFile('map.jpg', 'image/jpeg')
    const uploaded = uploadMedia(file, ({ loaded, total }) => progress.push([loaded, total]))
    const xhr = lastXhr()
    expect(xhr.method).toBe('POST')
    expect(xhr.url).toBe('/api/media')
    expect(xhr.headers).toMatchObject({ Authorization: `Bearer ${token}`, Accept: 'application/json' })
    expect(xhr.file).toBe(file)
    xhr.progress(512, 1024)
    xhr.progress(1024, 1024)
    xhr.respond(201, uploadedImage)
    await expect(uploaded).resolves.toEqual(uploadedImage)
    expect(progress).toEqual([
      [512, 1024],
      [1024, 1024],
    ])
  })

  it('throws the server’s words as they came, with the status, code and Retry-After', async () => {
    installFakeXhr()
    signInAs()
    const tooLarge = uploadMedia(fakeFile('big.png', 'image/png'))
    lastXhr().respond(413, { code: 'too_large', error: 'The image is larger than 10 MB. Upload a smaller one.' })
    await expect(tooLarge).rejects.toMatchObject({ status: 413, code: 'too_large', error: 'The image is larger than 10 MB. Upload a smaller one.' })

    const svg = uploadMedia(fakeFile('logo.svg', 'image/svg+xml'))
    const refused = 'SVG images are not accepted, as they can hold scripts. Upload JPEG, PNG, WebP, GIF or AVIF images; MP3, Ogg or M4A sound; MP4 or WebM video.'
    lastXhr().respond(415, { code: 'unsupported_media', error: refused })
    await expect(svg).rejects.toMatchObject({ status: 415, error: refused })

    const many = uploadMedia(fakeFile('a.mp3', 'audio/mpeg'))
    lastXhr().respond(429, { code: 'too_many_uploads', error: 'Too many uploads. Please wait a moment and try again.' }, { 'Retry-After': '12' })
    await expect(many).rejects.toMatchObject({ status: 429, retryAfter: 12 })

    // A proxy's 413 without a body: the server's words for the largest file.
    const proxied = uploadMedia(fakeFile('film.mp4', 'video/mp4'))
    lastXhr().respond(413, '<html>Request Entity Too Large</html>')
    await expect(proxied).rejects.toMatchObject({ status: 413, error: 'The file is larger than 50 MB. Upload a smaller one.' })
  })

  it('throws Network error when no answer comes, and the cancelled words when aborted', async () => {
    installFakeXhr()
    signInAs()
    const lost = uploadMedia(fakeFile('a.mp3', 'audio/mpeg'))
    lastXhr().fail()
    await expect(lost).rejects.toEqual({ error: NETWORK_ERROR })

    const controller = new AbortController()
    const cancelled = uploadMedia(fakeFile('a.mp3', 'audio/mpeg'), undefined, controller.signal)
    controller.abort()
    await expect(cancelled).rejects.toEqual({ error: UPLOAD_CANCELLED, code: 'cancelled' })
    expect(lastXhr().aborted).toBe(true)
  })

  it('sends nothing without a saved token; follows the session on 401 and 403 email_unverified', async () => {
    const Xhr = installFakeXhr()
    await expect(uploadMedia(fakeFile('a.mp3', 'audio/mpeg'))).rejects.toEqual({ error: NO_TOKEN_ERROR })
    expect(Xhr.requests).toHaveLength(0)

    signInAs()
    const unverified = uploadMedia(fakeFile('a.mp3', 'audio/mpeg'))
    lastXhr().respond(403, { code: 'email_unverified', error: 'Please verify your e-mail first' })
    await expect(unverified).rejects.toMatchObject({ status: 403 })
    expect(getCurrentUser()?.isVerified).toBe(false)

    const ended = uploadMedia(fakeFile('a.mp3', 'audio/mpeg'))
    lastXhr().respond(401, { code: 'session_ended', error: 'Your session has ended' })
    await expect(ended).rejects.toMatchObject({ status: 401 })
    expect(getToken()).toBeNull()
  })
})

describe('fileTooLarge', () => {
  it('refuses a picture over 10 MB and anything else over 50 MB, in the server’s words', () => {
    expect(fileTooLarge({ type: 'image/jpeg', size: 10 * MB })).toBeNull()
    expect(fileTooLarge({ type: 'image/png', size: 10 * MB + 1 })).toBe('The image is larger than 10 MB. Upload a smaller one.')
    expect(fileTooLarge({ type: 'audio/mpeg', size: 50 * MB })).toBeNull()
    expect(fileTooLarge({ type: 'video/mp4', size: 50 * MB + 1 })).toBe('The file is larger than 50 MB. Upload a smaller one.')
  })
})
