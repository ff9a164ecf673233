import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetAnimationChoice } from '@/components/animation/animation-choice'
import { decorativeImage, servedGif, servedImage, servedSound } from '@/testing/media-fixtures'
import { stubReducedMotion } from '@/testing/reduced-motion'
import { AnimationsToggle } from './animations-toggle'
import { LazyAnimationsToggle, LazyOptionPicture } from './lazy-option-picture'
import { OptionPicture } from './option-picture'

const pictures = [null, servedImage, decorativeImage]

describe('OptionPicture', () => {
  it('shows the phone file with both files in its srcset, its size and its alt text', () => {
    render(<OptionPicture pictures={pictures} index={1} id="b-picture" />)
    const img = screen.getByRole('img', { name: 'A map of Europe with France shaded' })
    expect(img).toHaveAttribute('src', servedImage.phone.url)
    expect(img).toHaveAttribute('srcset', `${servedImage.phone.url} 768w, ${servedImage.projector.url} 1200w`)
    expect(img).toHaveAttribute('sizes', '(min-width: 40rem) 16rem, 60vw')
    expect(img).toHaveAttribute('width', '768')
    expect(img).toHaveAttribute('height', '1024')
    expect(img).toHaveAttribute('id', 'b-picture')
  })

  it('gives a decorative picture an empty alt text', () => {
    render(<OptionPicture pictures={pictures} index={2} />)
    expect(screen.getByTestId('option-picture')).toHaveAttribute('alt', '')
    expect(screen.queryByRole('img')).toBeNull()
  })

  it('starts from the projector file on the projector, drawn larger; a thumbnail elsewhere', () => {
    const { unmount } = render(<OptionPicture pictures={pictures} index={1} large />)
    expect(screen.getByRole('img')).toHaveAttribute('src', servedImage.projector.url)
    expect(screen.getByRole('img')).toHaveAttribute('width', '1200')
    expect(screen.getByRole('img')).toHaveClass('is-large')
    unmount()
    render(<OptionPicture pictures={pictures} index={1} small />)
    expect(screen.getByRole('img')).toHaveAttribute('sizes', '6rem')
  })

  it('shows nothing where there is no picture, or what is served is not one', () => {
    const { container } = render(
      <>
        <OptionPicture pictures={pictures} index={0} />
        <OptionPicture pictures={pictures} index={7} />
        <OptionPicture pictures={[servedSound]} index={0} />
        <OptionPicture pictures={undefined} index={0} />
      </>,
    )
    expect(container).toBeEmptyDOMElement()
  })

  it('loads lazily where an option has a picture, and not at all where none has', async () => {
    const { container, unmount } = render(<LazyOptionPicture pictures={undefined} index={0} />)
    expect(container).toBeEmptyDOMElement()
    unmount()
    render(<LazyOptionPicture pictures={pictures} index={1} small />)
    expect(await screen.findByRole('img', { name: 'A map of Europe with France shaded' })).toHaveClass('is-small')
  })

  describe('given a GIF, which may move', () => {
    beforeEach(resetAnimationChoice)

    afterEach(() => {
      vi.unstubAllGlobals()
    })

    /** Two options in buttons, the second with a GIF, and the question's toggle outside them. */
    function renderOptions() {
      return render(
        <>
          {['Still', 'Moving'].map((text, i) => (
            <button key={text} type="button" aria-describedby={`o${i}-picture`}>
              {text}
              <OptionPicture pictures={[servedImage, servedGif]} index={i} id={`o${i}-picture`} />
            </button>
          ))}
          <AnimationsToggle pictures={[servedImage, servedGif]} />
        </>,
      )
    }

    it('pauses it by the Pause animations outside the options: named and described as before', async () => {
      const user = userEvent.setup()
      renderOptions()
      const moving = screen.getByRole('button', { name: /^Moving/ })
      // Its text, then the picture's alt text.
      const name = /^Moving ?A pendulum swinging$/
      expect(moving).toHaveAccessibleName(name)
      expect(moving).toHaveAccessibleDescription('A pendulum swinging')
      expect(moving.querySelector('canvas')).toBeNull()
      await user.click(screen.getByRole('button', { name: 'Pause animations' }))
      const still = moving.querySelector('canvas')
      expect(still).toHaveClass('option-picture')
      expect(still).toHaveAttribute('aria-hidden', 'true')
      expect(moving).toHaveAccessibleName(name)
      expect(moving).toHaveAccessibleDescription('A pendulum swinging')
      // The still picture is not touched.
      expect(screen.getByRole('button', { name: /^Still/ }).querySelector('canvas')).toBeNull()
      await user.click(screen.getByRole('button', { name: 'Play animations' }))
      expect(moving.querySelector('canvas')).toBeNull()
    })

    it('shows it still from the start for a user who asked for less motion', () => {
      stubReducedMotion()
      renderOptions()
      expect(screen.getByRole('button', { name: /^Moving/ }).querySelector('canvas')).toHaveClass('option-picture')
      expect(screen.getByRole('button', { name: 'Play animations' })).toBeInTheDocument()
    })

    it('offers Pause animations only where a picture is a GIF, loading it only then', async () => {
      const { container, unmount } = render(<AnimationsToggle pictures={[servedImage, null, decorativeImage]} />)
      expect(container).toBeEmptyDOMElement()
      unmount()
      const lazy = render(<LazyAnimationsToggle pictures={[servedImage]} />)
      expect(lazy.container).toBeEmptyDOMElement()
      lazy.unmount()
      render(<LazyAnimationsToggle pictures={[null, servedGif]} />)
      expect(await screen.findByRole('button', { name: 'Pause animations' })).toBeInTheDocument()
    })
  })
})
