import { useNavigate } from 'react-router'
import { CategoryList } from '@/features/play/components/category-list'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useSession } from '@/lib/auth'
import { hostLivePath } from '@/lib/live-links'

/** /play/categories: pick a category; the quiz gets its numeric id as navigation state. */
export function PlayCategoriesPage() {
  useDocumentTitle('Quiz Categories')
  const navigate = useNavigate()
  const { isAuthenticated } = useSession()
  return (
    <div className="page">
      <div className="page-head">
        <h1>Quiz Categories</h1>
        <p className="muted">Pick a category to start a timed quiz.</p>
      </div>
      <CategoryList
        onPick={(category) =>
          navigate('/play/quiz', { state: { category_id: Number(category.id), category_name: category.name } })
        }
        hostLive={isAuthenticated ? (category) => hostLivePath(Number(category.id)) : undefined}
      />
    </div>
  )
}
