import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { PICTURE_ACCEPT, UPLOAD_CANCELLED, type UploadMedia } from '@/lib/media-upload'
import { fakeFile, PHONE_ID, PROJECTOR_ID, servedImage, uploadedImage, uploadedSound } from '@/testing/media-fixtures'
import type { UploadedMedia } from '@/types/api'
import type { PictureForm } from './media-form'
import { PICTURE_ONLY, PictureField } from './picture-field'

type Call = { file: File; resolve: (uploaded: UploadedMedia) => void }

/** An upload the test answers (an abort rejects it). */
function fakeUpload() {
  const calls: Call[] = []
  const upload: UploadMedia = (file, _onProgress, signal) =>
    new Promise((resolve, reject) => {
      calls.push({ file, resolve })
      signal?.addEventListener('abort', () => reject({ error: UPLOAD_CANCELLED, code: 'cancelled' }))
    })
  return { upload, calls }
}

/** The picture of option 2 as a row drives it; `picture()` is the latest. */
function renderPicture(initial: PictureForm | null = null, { invalid = [] as string[] } = {}) {
  const { upload, calls } = fakeUpload()
  let current = initial
  function Harness() {
    const [picture, setPicture] = useState(initial)
    return (
      <>
        <PictureField
          picture={picture}
          onChange={(next) => {
            current = next
            setPicture(next)
          }}
          id="q-r2"
          of="option 2"
          disabled={false}
          invalid={(field) => invalid.includes(field)}
          errorId="q-errors"
          upload={upload}
        />
        <p id="q-errors">Question 1: picture 2: media.alt: describe the image for those who cannot see it, or mark it decorative</p>
      </>
    )
  }
  return { ...render(<Harness />), user: userEvent.setup(), calls, picture: () => current }
}

const picker = () => screen.getByLabelText('Picture for option 2')

describe('PictureField', () => {
  it('uploads a picture for its option, then shows it small with its alt text, focus on the alt text', async () => {
    const { user, calls, picture } = renderPicture()
    expect(picker()).toHaveAttribute('accept', PICTURE_ACCEPT)
    await user.upload(picker(), fakeFile('france.png', 'image/png'))
    expect(picture()).toEqual({ kind: 'uploading', name: 'france.png' })
    expect(screen.getByRole('progressbar', { name: 'Uploading france.png…' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Cancel the upload of the picture for option 2' })).toBeInTheDocument()

    await act(async () => calls[0].resolve(uploadedImage))
    const alt = await screen.findByRole('textbox', { name: 'Alt text of the picture for option 2' })
    await waitFor(() => expect(alt).toHaveFocus())
    expect(screen.getByRole('group', { name: 'Picture for option 2' }).querySelector('img')).toHaveAttribute('alt', '')
    await user.type(alt, 'A map of France')
    expect(picture()).toMatchObject({ kind: 'image', phone: { id: PHONE_ID }, projector: { id: PROJECTOR_ID }, alt: 'A map of France', decorative: false })
  })

  it('refuses a sound or a video at once, and a file the server finds is not a picture', async () => {
    const { calls, picture } = renderPicture()
    // The picker offers pictures only, but a host may choose any file.
    const user = userEvent.setup({ applyAccept: false })
    await user.upload(picker(), fakeFile('song.mp3', 'audio/mpeg'))
    expect(screen.getByRole('alert')).toHaveTextContent(PICTURE_ONLY)
    expect(calls).toHaveLength(0)
    expect(picker()).toHaveAttribute('aria-invalid', 'true')

    // A file the browser cannot type goes to the server, which tells what it is.
    await user.upload(picker(), fakeFile('song', ''))
    expect(screen.queryByRole('alert')).toBeNull()
    await act(async () => calls[0].resolve(uploadedSound))
    expect(await screen.findByRole('alert')).toHaveTextContent(PICTURE_ONLY)
    expect(picture()).toBeNull()
  })

  it('a decorative picture has no alt text; Remove takes the picture away and focus goes back to the picker', async () => {
    const { user, picture } = renderPicture(servedImage)
    const alt = screen.getByRole('textbox', { name: 'Alt text of the picture for option 2' })
    expect(alt).toHaveValue('A map of Europe with France shaded')
    await user.click(screen.getByRole('checkbox', { name: 'Decorative image for option 2' }))
    expect(alt).toHaveValue('')
    expect(alt).toBeDisabled()
    expect(picture()).toMatchObject({ alt: '', decorative: true })
    await user.click(screen.getByRole('button', { name: 'Remove picture for option 2' }))
    expect(picture()).toBeNull()
    await waitFor(() => expect(picker()).toHaveFocus())
  })

  it('cancels an upload: nothing kept, no error, focus back on the picker', async () => {
    const { user, picture } = renderPicture()
    await user.upload(picker(), fakeFile('france.png', 'image/png'))
    await user.click(screen.getByRole('button', { name: 'Cancel the upload of the picture for option 2' }))
    await waitFor(() => expect(picker()).toHaveFocus())
    expect(picture()).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('marks the alt text a save’s message names and ties it to the question’s errors', () => {
    renderPicture({ ...servedImage, alt: '' }, { invalid: ['media.alt'] })
    const alt = screen.getByRole('textbox', { name: 'Alt text of the picture for option 2' })
    expect(alt).toHaveAttribute('aria-invalid', 'true')
    expect(alt).toHaveAccessibleDescription(
      'What it shows, for those who cannot see it. Question 1: picture 2: media.alt: describe the image for those who cannot see it, or mark it decorative',
    )
  })
})
