export type Testimonial = {
  audience: 'For Teachers' | 'For Trainers' | 'For Quiz Hosts'
  name: string
  role: string
  review: string
  /** A self-contained SVG portrait (initials on a colour), so no external image is fetched. */
  image: string
}

function avatarImage(initials: string, background: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" rx="48" fill="${background}"/>` +
    `<text x="48" y="60" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" ` +
    `font-size="36" font-weight="700" fill="#ffffff">${initials}</text></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

export const TESTIMONIALS: Testimonial[] = [
  {
    audience: 'For Teachers',
    name: 'Priya Sharma',
    role: 'High School Science Teacher',
    review:
      'My students actually ask for quiz day now. I upload my questions once, share the code, and the results tell me exactly which topics need another lesson.',
    image: avatarImage('PS', '#4f46e5'),
  },
  {
    audience: 'For Trainers',
    name: 'Marcus Chen',
    role: 'Corporate Learning Trainer',
    review:
      'Generating a quiz from my workshop slides takes minutes. The timed format keeps sessions lively and the scores show me who needs a follow-up.',
    image: avatarImage('MC', '#0f766e'),
  },
  {
    audience: 'For Quiz Hosts',
    name: 'Elena Rodríguez',
    role: 'Community Quiz Night Host',
    review:
      'Players join from their phones with a code and the leaderboard does the rest. Hosting our weekly quiz night has never been this easy.',
    image: avatarImage('ER', '#b45309'),
  },
]
