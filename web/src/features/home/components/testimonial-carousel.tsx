/**
 * Three testimonials that advance every 5 s. Hovering or focusing the carousel, or the
 * Pause button, sets the pause flag; the dots jump to a card. For a user who prefers reduced
 * motion the carousel starts paused (it advances only if they press Play); there is no slide
 * animation either way.
 */
import { useEffect, useState } from 'react'
import { usePrefersReducedMotion } from '@/hooks/use-prefers-reduced-motion'
import { CAROUSEL_INTERVAL_MS } from '@/lib/constants'
import { TESTIMONIALS, type Testimonial } from './testimonials-data'
import '../home.css'

type Props = {
  items?: Testimonial[]
  intervalMs?: number
}

export function TestimonialCarousel({ items = TESTIMONIALS, intervalMs = CAROUSEL_INTERVAL_MS }: Props) {
  const [index, setIndex] = useState(0)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const reducedMotion = usePrefersReducedMotion()
  /** The Pause/Play button's choice; until it is pressed, reduced motion means paused. */
  const [choice, setChoice] = useState<boolean | null>(null)
  const stopped = choice ?? reducedMotion
  const paused = hovered || focused || stopped

  useEffect(() => {
    if (paused || items.length < 2) return
    const id = window.setInterval(() => setIndex((i) => (i + 1) % items.length), intervalMs)
    return () => window.clearInterval(id)
  }, [paused, items.length, intervalMs])

  const current = items[index]

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label="Testimonials"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
      }}
    >
      <div className="carousel-viewport" aria-live={paused ? 'polite' : 'off'}>
        <article
          key={current.audience}
          className="testimonial card"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${items.length}: ${current.audience}`}
        >
          <p className="testimonial-audience">{current.audience}</p>
          <blockquote className="testimonial-review">“{current.review}”</blockquote>
          <div className="testimonial-person">
            <img src={current.image} alt={current.name} width={56} height={56} className="testimonial-image" />
            <div>
              <p className="testimonial-name">{current.name}</p>
              <p className="testimonial-role">{current.role}</p>
            </div>
          </div>
        </article>
      </div>
      <div className="carousel-controls">
        <button
          type="button"
          className="btn btn-ghost btn-small"
          onClick={() => setChoice(!stopped)}
          aria-pressed={stopped}
        >
          {stopped ? 'Play testimonials' : 'Pause testimonials'}
        </button>
        <div className="carousel-dots" role="group" aria-label="Choose a testimonial">
          {items.map((item, i) => (
            <button
              key={item.audience}
              type="button"
              className={i === index ? 'dot dot-active' : 'dot'}
              aria-label={`Show testimonial ${i + 1}: ${item.audience}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      </div>
    </section>
  )
}
