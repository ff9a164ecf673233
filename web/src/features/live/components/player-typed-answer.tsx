/**
 * A question of another type (issue 29) on the player's phone: the self-paced play screen's
 * answer view of its type (src/components/question-types), answered by the positions served.
 * The player question loads this module lazily, with those views, only when such a question
 * shows, so neither weighs on the first load. A single choice, a true/false or a poll is sent on
 * the tap, as the options A–D are; every other type with "Submit answer" (or Enter in a text
 * field) once there is something to send — an ordering as it stands, even as served, and a
 * slider where it stands count. While answers are not open (get ready, sending, locked in, time's
 * up, paused) the view is shown disabled, with the answer sent once there is one. A slide has
 * nothing to answer.
 */
import { useState, type FormEvent } from 'react'
import type { WithPictures } from '@/components/question-types/answer-props'
import { middleOf } from '@/components/question-types/slider-answer'
import TypedAnswer from '@/components/question-types/typed-answer'
import { hasAnswer } from '@/lib/served-question'
import type { Response, ServedQuestion } from '@/types/api'
import { sentOnTap } from '../utils/typed-questions'
import '../live.css'
import '../live-types.css'

type PlayerTypedAnswerProps = {
  /** With the question's pictures on its options or items (issue 30), in the order served. */
  served: ServedQuestion & WithPictures
  /** Answers are taken now. */
  open: boolean
  /** The response sent (on its way, or locked in); null before. */
  sent: Response | null
  onSubmit: (response: Response) => void
}

/** What an untouched view stands at, and may be sent as it is. */
function standing(served: ServedQuestion): Response | null {
  if (served.type === 'ordering') return { order: served.items.map((_, i) => i) }
  if (served.type === 'slider') return { number: middleOf(served.min, served.max, served.step) }
  return null
}

export default function PlayerTypedAnswer({ served, open, sent, onSubmit }: PlayerTypedAnswerProps) {
  const [draft, setDraft] = useState<Response | null>(sent)

  if (served.type === 'slide') return <p className="live-play-slide">Nothing to answer here: look at the screen.</p>

  if (sentOnTap(served.type)) {
    return (
      <fieldset className="live-typed-fields" disabled={!open}>
        <TypedAnswer
          question={served}
          response={sent ?? undefined}
          onChange={(response) => {
            if (open && response) onSubmit(response)
          }}
        />
      </fieldset>
    )
  }

  const shown = open ? draft : (sent ?? draft)
  const toSend = draft && hasAnswer(draft) ? draft : standing(served)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (open && toSend) onSubmit(toSend)
  }
  return (
    <form className="live-typed-answer" onSubmit={submit} noValidate>
      <fieldset className="live-typed-fields" disabled={!open}>
        <TypedAnswer question={served} response={shown ?? undefined} onChange={(response) => setDraft(response)} />
      </fieldset>
      {open ? (
        <button type="submit" className="btn btn-primary btn-block live-big-button" disabled={!toSend}>
          Submit answer
        </button>
      ) : null}
    </form>
  )
}
