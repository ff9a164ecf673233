import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { GenerateQuizForm } from '@/features/generate/components/generate-quiz-form'
import type { GeneratedState } from '@/features/generate/machines/generate-form.machine'
import { useDocumentTitle } from '@/hooks/use-document-title'

/** /generate/quiz (also /generate): on success the review gets the questions and settings in router state. */
export function GenerateQuizPage() {
  useDocumentTitle('Generate Quiz')
  const navigate = useNavigate()
  const onGenerated = useCallback(
    (state: GeneratedState) => {
      const query = new URLSearchParams({ generation: state.quizMetadata.generationId })
      void navigate(`/generate/review?${query}`, { state })
    },
    [navigate],
  )
  return (
    <div className="page">
      <GenerateQuizForm onGenerated={onGenerated} />
    </div>
  )
}
