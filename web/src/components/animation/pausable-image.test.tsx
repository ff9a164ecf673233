import { act, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { stubReducedMotion } from '@/testing/reduced-motion'
import { isAnimation, resetAnimationChoice, setAnimationsPaused, useAnimationsPaused } from './animation-choice'
import { AnimationToggle } from './animation-toggle'
import { PausableImage } from './pausable-image'

/** jsdom draws nothing: a 2D context that records what is drawn. */
function fakeContext() {
  const context = { clearRect: vi.fn(), drawImage: vi.fn() }
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D)
  return context
}

/** The image arrived, `width` × `height` pixels (jsdom loads no picture). */
function arrive(image: HTMLImageElement, width: number, height: number) {
  Object.defineProperty(image, 'naturalWidth', { value: width, configurable: true })
  Object.defineProperty(image, 'naturalHeight', { value: height, configurable: true })
  fireEvent.load(image)
}

function Paused() {
  return <p>{useAnimationsPaused() ? 'paused' : 'moving'}</p>
}

describe('PausableImage', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('given it moves, then it is the image alone, named by its alt text', () => {
    const { container } = render(<PausableImage paused={false} src="/a.gif" alt="A pendulum" width={480} height={360} className="pic" id="p" />)
    const image = screen.getByRole('img', { name: 'A pendulum' })
    expect(image.tagName).toBe('IMG')
    expect(image).toHaveClass('pic')
    expect(image).toHaveAttribute('id', 'p')
    expect(container.querySelector('canvas')).toBeNull()
  })

  it('given it is paused, then a canvas of its size and class draws its still frame; the image, visually hidden, is read once', () => {
    const context = fakeContext()
    const { container } = render(<PausableImage paused src="/a.gif" alt="A pendulum" width={480} height={360} className="pic" id="p" />)
    const image = screen.getByRole('img', { name: 'A pendulum' })
    expect(screen.getAllByRole('img')).toHaveLength(1)
    expect(image).toHaveClass('visually-hidden')
    expect(image).not.toHaveClass('pic')
    expect(image).toHaveAttribute('id', 'p')
    const still = screen.getByTestId('still-frame')
    expect(still.tagName).toBe('CANVAS')
    expect(still).toHaveAttribute('aria-hidden', 'true')
    expect(still).toHaveClass('pic')
    expect(still).toHaveAttribute('width', '480')
    expect(still).toHaveAttribute('height', '360')
    // Nothing to draw before the picture arrives.
    expect(context.drawImage).not.toHaveBeenCalled()
    arrive(image as HTMLImageElement, 480, 360)
    expect(context.drawImage).toHaveBeenCalledWith(image, 0, 0, 480, 360)
    expect(container.querySelectorAll('canvas')).toHaveLength(1)
  })

  it('given no size is written, then the canvas takes the picture’s own', () => {
    const context = fakeContext()
    const { container } = render(<PausableImage paused src="/a.gif" alt="A pendulum" />)
    arrive(container.querySelector('img') as HTMLImageElement, 200, 100)
    expect(screen.getByTestId('still-frame')).toHaveAttribute('width', '200')
    expect(context.drawImage).toHaveBeenCalledWith(container.querySelector('img'), 0, 0, 200, 100)
  })

  it('given a decorative picture paused, then screen readers skip both', () => {
    render(<PausableImage paused src="/a.gif" alt="" />)
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.getByTestId('still-frame')).toHaveAttribute('aria-hidden', 'true')
  })
})

describe('the animations’ choice', () => {
  // The choice outlives a page's questions: each test starts without one.
  beforeEach(resetAnimationChoice)

  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('given nobody asked for less motion, then animations move until paused; one toggle pauses them all', async () => {
    const user = userEvent.setup()
    render(
      <>
        <Paused />
        <AnimationToggle />
        <AnimationToggle several />
      </>,
    )
    expect(screen.getByText('moving')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Pause animation' }))
    expect(screen.getByText('paused')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Play animation' })).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Play animations' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Play animations' }))
    expect(screen.getByText('moving')).toBeInTheDocument()
  })

  it('given the user asked for less motion, then animations start paused, and Play moves them', async () => {
    stubReducedMotion()
    render(
      <>
        <Paused />
        <AnimationToggle />
      </>,
    )
    expect(screen.getByText('paused')).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Play animation' }))
    expect(screen.getByText('moving')).toBeInTheDocument()
    act(() => setAnimationsPaused(null))
    expect(screen.getByText('paused')).toBeInTheDocument()
  })

  it('takes a GIF for an animation, and no other picture', () => {
    expect(isAnimation({ type: 'image/gif' })).toBe(true)
    expect(isAnimation({ type: 'IMAGE/GIF' })).toBe(true)
    expect(isAnimation({ type: 'image/webp' })).toBe(false)
    expect(isAnimation({ type: '' })).toBe(false)
  })
})
