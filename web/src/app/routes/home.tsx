import { EntryCards } from '@/features/home/components/entry-cards'
import { TestimonialCarousel } from '@/features/home/components/testimonial-carousel'
import { usePhoneScreen } from '@/features/home/hooks/use-phone-screen'
import { PinForm } from '@/features/live/components/pin-form'
import { useDocumentTitle } from '@/hooks/use-document-title'
import '@/features/home/home.css'

/**
 * The home page (PRODUCT.md section 1). On a phone the game PIN comes first, before the tagline
 * (issue 29): a player sent here to join a live game finds the field at once, and it is the
 * page's first control. Wider screens keep the page as it was; their header shows "Join a
 * live game".
 */
export function HomePage() {
  useDocumentTitle()
  const phone = usePhoneScreen()
  return (
    <div className="home">
      {phone ? <PinForm id="home-pin" className="home-join" /> : null}
      <section className="hero">
        <h1 className="hero-title">Engage. Educate. Empower.</h1>
        <p className="hero-text">
          Play quizzes from curated categories, host your own from a spreadsheet, or generate one from your
          lecture notes — then share it with a code.
        </p>
      </section>
      <EntryCards />
      <section className="testimonials" aria-labelledby="testimonials-title">
        <h2 id="testimonials-title" className="section-title">
          Loved by teachers, trainers and quiz hosts
        </h2>
        <TestimonialCarousel />
      </section>
    </div>
  )
}
