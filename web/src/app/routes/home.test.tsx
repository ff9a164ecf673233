import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi } from '@/testing/test-utils'
import { renderApp } from '../testing/render-app'

function currentSlide() {
  return screen.getByRole('article')
}

describe('home page', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows the tagline and the three entry cards', () => {
    mockApi({})
    renderApp('/')
    expect(screen.getByRole('heading', { level: 1, name: 'Engage. Educate. Empower.' })).toBeInTheDocument()
    const cards = within(screen.getByRole('list', { name: 'Get started' }))
    expect(cards.getByRole('link', { name: 'Start playing' })).toHaveAttribute('href', '/play/categories')
    expect(cards.getByRole('link', { name: 'Host a quiz' })).toHaveAttribute('href', '/host/quiz')
    expect(cards.getByRole('link', { name: 'Generate a quiz' })).toHaveAttribute('href', '/generate/quiz')
  })

  it('advances the testimonials every 5 seconds and wraps around', () => {
    vi.useFakeTimers()
    mockApi({})
    renderApp('/')
    expect(currentSlide()).toHaveTextContent('For Teachers')
    act(() => {
      vi.advanceTimersByTime(4999)
    })
    expect(currentSlide()).toHaveTextContent('For Teachers')
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(currentSlide()).toHaveTextContent('For Trainers')
    act(() => {
      vi.advanceTimersByTime(5000)
    })
    expect(currentSlide()).toHaveTextContent('For Quiz Hosts')
    act(() => {
      vi.advanceTimersByTime(5000)
    })
    expect(currentSlide()).toHaveTextContent('For Teachers')
  })

  it('pauses while hovered and resumes after', () => {
    vi.useFakeTimers()
    mockApi({})
    renderApp('/')
    const carousel = screen.getByRole('region', { name: 'Testimonials' })
    fireEvent.mouseEnter(carousel)
    act(() => {
      vi.advanceTimersByTime(20_000)
    })
    expect(currentSlide()).toHaveTextContent('For Teachers')
    fireEvent.mouseLeave(carousel)
    act(() => {
      vi.advanceTimersByTime(5000)
    })
    expect(currentSlide()).toHaveTextContent('For Trainers')
  })

  it('does not advance for a user who prefers reduced motion, unless they press Play', () => {
    vi.useFakeTimers()
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }))
    try {
      mockApi({})
      renderApp('/')
      act(() => {
        vi.advanceTimersByTime(20_000)
      })
      expect(currentSlide()).toHaveTextContent('For Teachers')
      const play = screen.getByRole('button', { name: 'Play testimonials' })
      expect(play).toHaveAttribute('aria-pressed', 'true')
      fireEvent.click(play)
      act(() => {
        vi.advanceTimersByTime(5000)
      })
      expect(currentSlide()).toHaveTextContent('For Trainers')
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('jumps to a card with the dots, and each card has a name, role, review and image', () => {
    mockApi({})
    renderApp('/')
    fireEvent.click(screen.getByRole('button', { name: 'Show testimonial 3: For Quiz Hosts' }))
    const slide = within(currentSlide())
    expect(slide.getByText('For Quiz Hosts')).toBeInTheDocument()
    expect(slide.getByText('Elena Rodríguez')).toBeInTheDocument()
    expect(slide.getByText('Community Quiz Night Host')).toBeInTheDocument()
    expect(slide.getByRole('img', { name: 'Elena Rodríguez' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml,/))
    expect(screen.getByRole('button', { name: 'Show testimonial 3: For Quiz Hosts' })).toHaveAttribute('aria-current', 'true')
  })

  it('has the full footer with quick links and contacts', () => {
    mockApi({})
    renderApp('/')
    const footer = within(screen.getByRole('contentinfo'))
    expect(footer.getByRole('heading', { name: 'About' })).toBeInTheDocument()
    const links = within(footer.getByRole('navigation', { name: 'Quick Links' }))
    expect(links.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing')
    expect(links.getByRole('link', { name: 'Play Quiz' })).toHaveAttribute('href', '/play/categories')
    expect(links.getByRole('link', { name: 'Host Quiz' })).toHaveAttribute('href', '/host/quiz')
    expect(links.getByRole('link', { name: 'Generate Quiz' })).toHaveAttribute('href', '/generate/quiz')
    expect(footer.getByRole('link', { name: 'support@quizroom.app' })).toHaveAttribute('href', 'mailto:support@quizroom.app')
    expect(footer.getByRole('link', { name: '+1 (555) 010-4477' })).toHaveAttribute('href', 'tel:+15550104477')
    expect(footer.getByRole('link', { name: '+91 80 4567 1234' })).toHaveAttribute('href', 'tel:+918045671234')
  })

  it('uses the simple footer elsewhere', () => {
    mockApi({})
    renderApp('/pricing')
    const footer = within(screen.getByRole('contentinfo'))
    expect(footer.getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeInTheDocument()
    expect(footer.getByRole('link', { name: 'support@quizroom.app' })).toBeInTheDocument()
    expect(footer.queryByRole('heading', { name: 'About' })).not.toBeInTheDocument()
  })
})
