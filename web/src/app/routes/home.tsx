import { EntryCards } from '@/features/home/components/entry-cards'
import { TestimonialCarousel } from '@/features/home/components/testimonial-carousel'
import { useDocumentTitle } from '@/hooks/use-document-title'
import '@/features/home/home.css'

export function HomePage() {
  useDocumentTitle()
  return (
    <div className="home">
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
