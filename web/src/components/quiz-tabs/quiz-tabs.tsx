/**
 * The tabs over a hosted quiz's screens for its host: Results (the ranking, retakes and
 * submissions) and Insights (the analytics, issue 14). Links, so each has its own address; the
 * current one is marked `aria-current="page"` and underlined, not only coloured. The quiz's title
 * travels in router state, as from My Quizzes.
 */
import { NavLink } from 'react-router'
import { insightsPath } from '@/lib/insights-links'
import './quiz-tabs.css'

export function QuizTabs({ quizId, title }: { quizId: number; title?: string }) {
  const state = title ? { title } : undefined
  return (
    <nav className="quiz-tabs" aria-label="Quiz views">
      <NavLink className="quiz-tab" to={`/host/viewResult/${quizId}`} state={state} end>
        Results
      </NavLink>
      <NavLink className="quiz-tab" to={insightsPath(quizId)} state={state} end>
        Insights
      </NavLink>
    </nav>
  )
}
