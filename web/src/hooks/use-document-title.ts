import { useEffect } from 'react'

/** Sets the browser tab title to "{title} · Quizroom" (or "Quizroom" alone). */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · Quizroom` : 'Quizroom'
  }, [title])
}
