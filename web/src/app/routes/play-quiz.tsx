import { useLocation, useNavigate } from 'react-router'
import { QuizPlayer } from '@/features/play/components/quiz-player'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useSession } from '@/lib/auth'

export type PlayQuizState = { category_id?: unknown; category_name?: unknown } | null

/** The numeric category id from the navigation state (which survives a reload), or null. */
export function categoryIdFrom(state: PlayQuizState): number | null {
  const raw = state?.category_id
  const id = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null
}

/** /play/quiz: the quiz of the category in the navigation state. */
export function PlayQuizPage() {
  useDocumentTitle('Play Quiz')
  const location = useLocation()
  const navigate = useNavigate()
  const { user } = useSession()
  const state = (location.state ?? null) as PlayQuizState
  const categoryId = categoryIdFrom(state)
  const categoryName = typeof state?.category_name === 'string' ? state.category_name : undefined
  return (
    <div className="page">
      <QuizPlayer
        key={`${location.key}-${categoryId}`}
        categoryId={categoryId}
        categoryName={categoryName}
        userId={user?.id ?? ''}
        onCategories={() => navigate('/play/categories')}
        onLeaderboard={() => navigate('/play/leaderboard')}
      />
    </div>
  )
}
