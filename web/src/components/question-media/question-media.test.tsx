import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetAnimationChoice } from '@/components/animation/animation-choice'
import { servedGif, servedImage, servedSound, servedVideo } from '@/testing/media-fixtures'
import { stubReducedMotion } from '@/testing/reduced-motion'
import { pictureSrcSet, QuestionMedia } from './question-media'

/** Every element that could play by itself. */
const autoplaying = (container: HTMLElement) => container.querySelectorAll('[autoplay]')

describe('QuestionMedia', () => {
  beforeEach(resetAnimationChoice)

  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('given a picture, then it is the phone file with both sizes in its srcset, its size and its alt text', () => {
    const { container } = render(<QuestionMedia media={servedImage} />)
    const img = screen.getByRole('img', { name: 'A map of Europe with France shaded' })
    expect(img).toHaveAttribute('src', servedImage.phone.url)
    expect(img).toHaveAttribute('srcset', `${servedImage.phone.url} 768w, ${servedImage.projector.url} 1200w`)
    expect(img).toHaveAttribute('sizes', '(min-width: 64rem) 48rem, 100vw')
    expect(img).toHaveAttribute('width', '768')
    expect(img).toHaveAttribute('height', '1024')
    expect(img).toHaveAttribute('loading', 'eager')
    expect(img).toHaveAttribute('decoding', 'async')
    expect(container.querySelector('details')).toBeNull()
  })

  it('given a decorative picture, then its alt is empty (screen readers skip it)', () => {
    const { container } = render(<QuestionMedia media={{ ...servedImage, alt: 'ignored', decorative: true }} />)
    expect(screen.queryByRole('img')).toBeNull()
    expect(container.querySelector('img')).toHaveAttribute('alt', '')
  })

  it('given the projector (large), then the projector file is the picture', () => {
    render(<QuestionMedia media={servedImage} large />)
    const img = screen.getByRole('img')
    expect(img).toHaveAttribute('src', servedImage.projector.url)
    expect(img).toHaveAttribute('width', '1200')
    expect(img).toHaveAttribute('sizes', '100vw')
  })

  it('given an animation (one file for both sizes), then it has no srcset', () => {
    const gif = { ...servedImage, projector: { ...servedImage.phone } }
    expect(pictureSrcSet(gif)).toBeUndefined()
    render(<QuestionMedia media={gif} />)
    expect(screen.getByRole('img')).not.toHaveAttribute('srcset')
  })

  it('given a still picture, then there is nothing to pause', () => {
    render(<QuestionMedia media={servedImage} />)
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('given a GIF, then Pause animation shows its still frame, named once by the alt text; Play moves it again', async () => {
    const user = userEvent.setup()
    const { container } = render(<QuestionMedia media={servedGif} />)
    expect(container.querySelector('canvas')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Pause animation' }))
    const still = screen.getByTestId('still-frame')
    expect(still).toHaveClass('question-media-image')
    expect(still).toHaveAttribute('width', '480')
    expect(still).toHaveAttribute('aria-hidden', 'true')
    // The image stays for screen readers (its alt text read once), visually hidden.
    expect(screen.getAllByRole('img')).toHaveLength(1)
    expect(screen.getByRole('img', { name: 'A pendulum swinging' })).toHaveClass('visually-hidden')
    expect(screen.getByRole('button', { name: 'Play animation' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Play animation' }))
    expect(screen.getByRole('img', { name: 'A pendulum swinging' })).toHaveClass('question-media-image')
    expect(container.querySelector('canvas')).toBeNull()
  })

  it('given a GIF for a user who asked for less motion, then it starts still, on the projector too', () => {
    stubReducedMotion()
    render(<QuestionMedia media={servedGif} large />)
    expect(screen.getByTestId('still-frame')).toHaveClass('question-media-image')
    expect(screen.getByRole('img', { name: 'A pendulum swinging' })).toHaveClass('visually-hidden')
    expect(screen.getByRole('button', { name: 'Play animation' })).toBeInTheDocument()
  })

  it('given a GIF that does not load, then the notice and its alt text, and nothing to pause', () => {
    const { container } = render(<QuestionMedia media={servedGif} />)
    fireEvent.error(container.querySelector('img') as HTMLImageElement)
    expect(screen.getByText('The picture shows: A pendulum swinging')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /animation/ })).toBeNull()
  })

  it('given a sound, then its controls, nothing that plays by itself, and the transcript folded under it', () => {
    const { container } = render(<QuestionMedia media={servedSound} />)
    const audio = container.querySelector('audio')
    expect(audio).toHaveAttribute('controls')
    expect(audio).toHaveAttribute('preload', 'metadata')
    expect(audio).toHaveAttribute('src', servedSound.file.url)
    expect(autoplaying(container)).toHaveLength(0)
    const details = container.querySelector('details')
    expect(details).not.toHaveAttribute('open')
    expect(details?.querySelector('summary')).toHaveTextContent('Transcript')
    expect(details).toHaveTextContent('A blackbird sings, then a car passes.')
  })

  it('given a video, then it plays inline with controls, never by itself, with its transcript', () => {
    const { container } = render(<QuestionMedia media={servedVideo} large />)
    const video = container.querySelector('video')
    expect(video).toHaveAttribute('controls')
    expect(video).toHaveAttribute('playsinline')
    expect(video).toHaveAttribute('preload', 'metadata')
    expect(autoplaying(container)).toHaveLength(0)
    expect(screen.getByText('Transcript')).toBeInTheDocument()
  })

  it('given a live phone (silent), then the player shows only when asked for; the transcript is there from the start', async () => {
    const user = userEvent.setup()
    const { container, rerender } = render(<QuestionMedia media={servedSound} silent />)
    expect(container.querySelector('audio')).toBeNull()
    expect(screen.getByText('A blackbird sings, then a car passes.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Play sound on this phone' }))
    const audio = container.querySelector('audio')
    // Focus then goes to the player (jsdom does not take focus on a media element; a browser does).
    expect(audio).toHaveAttribute('controls')
    expect(autoplaying(container)).toHaveLength(0)
    expect(screen.queryByRole('button', { name: 'Play sound on this phone' })).toBeNull()

    rerender(<QuestionMedia media={servedVideo} silent />)
    expect(container.querySelector('video')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Play video on this phone' }))
    expect(container.querySelector('video')).toHaveAttribute('controls')
  })

  it('given a picture that does not load, then a notice with Retry, the alt text kept; Retry asks again', async () => {
    const user = userEvent.setup()
    const { container } = render(<QuestionMedia media={servedImage} />)
    fireEvent.error(screen.getByRole('img'))
    expect(screen.getByRole('status')).toHaveTextContent('The picture could not be loaded.')
    expect(screen.getByText('The picture shows: A map of Europe with France shaded')).toBeInTheDocument()
    expect(container.querySelector('img')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(screen.getByRole('img', { name: 'A map of Europe with France shaded' })).toHaveAttribute('src', servedImage.phone.url)
    expect(screen.queryByText('The picture could not be loaded.')).toBeNull()
  })

  it('given a sound or a video that does not load, then the notice names it and the transcript stays', () => {
    const { container, unmount } = render(<QuestionMedia media={servedSound} />)
    fireEvent.error(container.querySelector('audio') as HTMLAudioElement)
    expect(screen.getByRole('status')).toHaveTextContent('The sound could not be loaded.')
    expect(screen.getByText('A blackbird sings, then a car passes.')).toBeInTheDocument()
    unmount()
    const video = render(<QuestionMedia media={servedVideo} />)
    fireEvent.error(video.container.querySelector('video') as HTMLVideoElement)
    expect(screen.getByRole('status')).toHaveTextContent('The video could not be loaded.')
  })

  it('given nothing, or what is not media, then nothing shows', () => {
    const { container, rerender } = render(<QuestionMedia media={undefined} />)
    expect(container).toBeEmptyDOMElement()
    rerender(<QuestionMedia media={{ kind: 'image', alt: 'x' } as never} />)
    expect(container).toBeEmptyDOMElement()
    rerender(<QuestionMedia media={{ kind: 'hologram', file: servedSound.file } as never} />)
    expect(container).toBeEmptyDOMElement()
  })
})
