/**
 * Renders an answer view of a question type (issue 29) the way the play screen drives it: the
 * response it reports comes back as its `response`; `changes` records every report (the
 * response, and whether it came while typing).
 */
import { render } from '@testing-library/react'
import { useState, type ComponentType } from 'react'
import type { Response } from '@/types/api'

type AnswerViewProps<Q> = {
  question: Q
  response: Response | undefined
  onChange: (response: Response | null, typing?: boolean) => void
}

export type AnswerChange = { response: Response | null; typing: boolean }

export function renderAnswerView<Q>(View: ComponentType<AnswerViewProps<Q>>, question: Q, initial?: Response) {
  const changes: AnswerChange[] = []
  function Harness() {
    const [response, setResponse] = useState<Response | undefined>(initial)
    return (
      <View
        question={question}
        response={response}
        onChange={(next, typing) => {
          changes.push({ response: next, typing: Boolean(typing) })
          setResponse(next ?? undefined)
        }}
      />
    )
  }
  return { ...render(<Harness />), changes }
}
