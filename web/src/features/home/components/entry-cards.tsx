import { Link } from 'react-router'
import '../home.css'

const CARDS = [
  {
    title: 'Play',
    description: 'Play quizzes from curated categories, beat the clock and climb the leaderboard.',
    to: '/play/categories',
    action: 'Start playing',
    icon: '▶',
  },
  {
    title: 'Host',
    description: "Host a quiz from an uploaded Excel file of your own questions and share it by code.",
    to: '/host/quiz',
    action: 'Host a quiz',
    icon: '⌂',
  },
  {
    title: 'Generate',
    description: 'AI-generated quizzes from an uploaded lecture file or a few key topics.',
    to: '/generate/quiz',
    action: 'Generate a quiz',
    icon: '✦',
  },
] as const

/** The three entry cards of the home page. */
export function EntryCards() {
  return (
    <ul className="entry-cards" aria-label="Get started">
      {CARDS.map((card) => (
        <li key={card.title} className="card entry-card">
          <span className="entry-icon" aria-hidden="true">
            {card.icon}
          </span>
          <h2 className="entry-title">{card.title}</h2>
          <p className="entry-text">{card.description}</p>
          <Link to={card.to} className="btn btn-primary entry-action">
            {card.action}
          </Link>
        </li>
      ))}
    </ul>
  )
}
