import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { UPLOAD_CANCELLED, type UploadMedia, type UploadProgress } from '@/lib/media-upload'
import { fakeFile, PHONE_ID, PROJECTOR_ID, servedImage, servedSound, SOUND_ID, uploadedImage, uploadedSound } from '@/testing/media-fixtures'
import type { UploadedMedia } from '@/types/api'
import { MediaField } from './media-field'
import { mediaField, type MediaForm } from './media-form'

type Call = {
  file: File
  progress: (progress: UploadProgress) => void
  resolve: (uploaded: UploadedMedia) => void
  reject: (error: unknown) => void
}

/** An upload the test answers: each call waits until the test resolves or rejects it (an abort rejects it). */
function fakeUpload() {
  const calls: Call[] = []
  const upload: UploadMedia = (file, onProgress, signal) =>
    new Promise((resolve, reject) => {
      calls.push({ file, progress: (p) => onProgress?.(p), resolve, reject })
      signal?.addEventListener('abort', () => reject({ error: UPLOAD_CANCELLED, code: 'cancelled' }))
    })
  return { upload, calls }
}

/** The field as the quiz editor drives it: each change comes back as the media; `media()` is the latest. */
function renderField(initial: MediaForm | null = null, { invalid = [] as string[] } = {}) {
  const { upload, calls } = fakeUpload()
  let current = initial
  function Harness() {
    const [media, setMedia] = useState(initial)
    return (
      <>
        <MediaField
          media={media}
          onChange={(next) => {
            current = next
            setMedia(next)
          }}
          id="q"
          disabled={false}
          invalid={(field) => invalid.includes(field)}
          errorId="q-errors"
          upload={upload}
        />
        <p id="q-errors">Question 1: media.alt: describe the image for those who cannot see it, or mark it decorative</p>
      </>
    )
  }
  return { ...render(<Harness />), user: userEvent.setup(), calls, media: () => current }
}

const picker = () => screen.getByLabelText('Picture, sound or video')

describe('MediaField', () => {
  it('uploads a chosen picture with its progress, then shows its preview and keeps its files’ ids', async () => {
    const { user, calls, media } = renderField()
    expect(picker()).toHaveAttribute('type', 'file')
    expect(picker()).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif,image/webp,audio/mpeg,audio/ogg,audio/mp4,video/mp4,video/webm')
    await user.upload(picker(), fakeFile('map.jpg', 'image/jpeg', 2048))

    expect(calls).toHaveLength(1)
    expect(calls[0].file.name).toBe('map.jpg')
    expect(media()).toEqual({ kind: 'uploading', name: 'map.jpg' })
    expect(picker()).toBeDisabled()
    const progress = screen.getByRole('progressbar', { name: 'Uploading map.jpg…' })
    act(() => calls[0].progress({ loaded: 1024, total: 2048 }))
    expect(progress).toHaveAttribute('value', '50')
    expect(screen.getByText('50%')).toBeInTheDocument()

    await act(async () => calls[0].resolve(uploadedImage))
    const alt = await screen.findByLabelText('Alt text')
    await waitFor(() => expect(alt).toHaveFocus())
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(screen.getByTestId('media-field').querySelector('img')).toHaveAttribute('src', uploadedImage.files[0].url)
    expect(media()).toMatchObject({ kind: 'image', phone: { id: PHONE_ID }, projector: { id: PROJECTOR_ID }, alt: '', decorative: false })

    await user.type(alt, ' A map of Europe ')
    expect(mediaField(media())).toEqual({
      media: { kind: 'image', phone: { id: PHONE_ID }, projector: { id: PROJECTOR_ID }, alt: 'A map of Europe', decorative: false },
    })
  })

  it('shows the server’s words as they came when it refuses the file (413, 415), and takes another', async () => {
    const { user, calls, media } = renderField()
    await user.upload(picker(), fakeFile('big.png', 'image/png'))
    await act(async () => calls[0].reject({ status: 413, code: 'too_large', error: 'The image is larger than 10 MB. Upload a smaller one.' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The image is larger than 10 MB. Upload a smaller one.')
    expect(media()).toBeNull()
    expect(picker()).toBeEnabled()
    expect(picker()).toHaveAttribute('aria-invalid', 'true')

    const refused = 'SVG images are not accepted, as they can hold scripts. Upload JPEG, PNG, WebP, GIF or AVIF images; MP3, Ogg or M4A sound; MP4 or WebM video.'
    await user.upload(picker(), fakeFile('logo.gif', 'image/gif'))
    expect(screen.queryByRole('alert')).toBeNull()
    await act(async () => calls[1].reject({ status: 415, code: 'unsupported_media', error: refused }))
    expect(await screen.findByRole('alert')).toHaveTextContent(refused)
  })

  it('refuses a file over the limits before sending it, in the server’s words', async () => {
    const { user, calls, media } = renderField()
    await user.upload(picker(), fakeFile('huge.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1))
    expect(screen.getByRole('alert')).toHaveTextContent('The image is larger than 10 MB. Upload a smaller one.')
    await user.upload(picker(), fakeFile('long.mp4', 'video/mp4', 50 * 1024 * 1024 + 1))
    expect(screen.getByRole('alert')).toHaveTextContent('The file is larger than 50 MB. Upload a smaller one.')
    expect(calls).toHaveLength(0)
    expect(media()).toBeNull()
  })

  it('cancels an upload: nothing kept, no error, focus back on the picker', async () => {
    const { user, calls, media } = renderField()
    await user.upload(picker(), fakeFile('song.mp3', 'audio/mpeg'))
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }))
    await waitFor(() => expect(picker()).toHaveFocus())
    expect(calls).toHaveLength(1)
    expect(media()).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  it('takes a file dropped on the field', async () => {
    const { calls } = renderField()
    fireEvent.dragOver(screen.getByTestId('media-field'), { dataTransfer: { files: [] } })
    expect(screen.getByTestId('media-field')).toHaveClass('is-dragging')
    fireEvent.drop(screen.getByTestId('media-field'), { dataTransfer: { files: [fakeFile('song.mp3', 'audio/mpeg')] } })
    expect(calls.map((call) => call.file.name)).toEqual(['song.mp3'])
    expect(screen.getByTestId('media-field')).not.toHaveClass('is-dragging')
  })

  it('a decorative picture has its alt text cleared and disabled; unticked, it asks for one again', async () => {
    const { user, media } = renderField(servedImage)
    const alt = screen.getByLabelText('Alt text')
    expect(alt).toHaveValue('A map of Europe with France shaded')
    await user.click(screen.getByRole('checkbox', { name: 'Decorative image' }))
    expect(alt).toHaveValue('')
    expect(alt).toBeDisabled()
    expect(media()).toMatchObject({ alt: '', decorative: true })
    await user.click(screen.getByRole('checkbox', { name: 'Decorative image' }))
    expect(alt).toBeEnabled()
    expect(media()).toMatchObject({ alt: '', decorative: false })
  })

  it('a sound has a player, no autoplay, and a Transcript; Remove takes it away and focus goes to the picker', async () => {
    const { user, calls, media, container } = renderField()
    await user.upload(picker(), fakeFile('bird.mp3', 'audio/mpeg'))
    await act(async () => calls[0].resolve(uploadedSound))
    const transcript = await screen.findByLabelText('Transcript')
    expect(container.querySelector('audio')).toHaveAttribute('controls')
    expect(container.querySelectorAll('[autoplay]')).toHaveLength(0)
    await user.type(transcript, 'A blackbird sings.')
    expect(mediaField(media())).toEqual({ media: { kind: 'audio', file: { id: SOUND_ID }, transcript: 'A blackbird sings.' } })

    await user.click(screen.getByRole('button', { name: 'Remove the sound' }))
    expect(media()).toBeNull()
    await waitFor(() => expect(picker()).toHaveFocus())
  })

  it('marks the field a save’s message names and ties it to the question’s errors', () => {
    renderField({ ...servedImage, alt: '' }, { invalid: ['media.alt'] })
    const alt = screen.getByLabelText('Alt text')
    expect(alt).toHaveAttribute('aria-invalid', 'true')
    expect(alt).toHaveAccessibleDescription(
      'What the picture shows, for those who cannot see it (at most 300 characters). Question 1: media.alt: describe the image for those who cannot see it, or mark it decorative',
    )
  })

  it('shows loaded media as it was saved (a video with its transcript)', () => {
    renderField({ ...servedSound, kind: 'video', transcript: 'A ball rolls.' })
    expect(screen.getByLabelText('Transcript')).toHaveValue('A ball rolls.')
    expect(screen.getByRole('button', { name: 'Remove the video' })).toHaveTextContent('Remove')
  })
})
