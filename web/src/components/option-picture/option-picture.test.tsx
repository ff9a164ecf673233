import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { decorativeImage, servedImage, servedSound } from '@/testing/media-fixtures'
import { LazyOptionPicture } from './lazy-option-picture'
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
})
