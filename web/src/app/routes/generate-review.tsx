import { useCallback, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { GenerationReview } from '@/features/generate/components/generation-review'
import type { ReviewInput } from '@/features/generate/machines/review.machine'
import { REVIEW_TEXTS } from '@/features/generate/utils/generate-texts'
import { useDocumentTitle } from '@/hooks/use-document-title'

/** The router state the generate form leaves, if it is there (a reload or a typed URL has none). */
function reviewInput(state: unknown, generationId: string | null): ReviewInput {
  const given = (state && typeof state === 'object' ? state : {}) as ReviewInput
  if (Array.isArray(given.questions) && given.quizMetadata && typeof given.quizMetadata === 'object') {
    return { questions: given.questions, quizMetadata: given.quizMetadata }
  }
  return { generationId }
}

/**
 * /generate/review: the questions come in router state; after a reload they are read back
 * with ?generation={id}. Publishing ends on My Quizzes, with the error text when it failed.
 */
export function GenerateReviewPage() {
  useDocumentTitle('Review Questions')
  const navigate = useNavigate()
  const location = useLocation()
  const [searchParams] = useSearchParams()
  const [input] = useState(() => reviewInput(location.state, searchParams.get('generation')))
  const onPublished = useCallback(() => {
    void navigate('/host/myQuizzes')
  }, [navigate])
  const onFailed = useCallback(() => {
    void navigate('/host/myQuizzes', { state: { message: REVIEW_TEXTS.publishFailed } })
  }, [navigate])
  return (
    <div className="page">
      <GenerationReview input={input} onPublished={onPublished} onFailed={onFailed} />
    </div>
  )
}
