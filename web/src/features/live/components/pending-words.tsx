/**
 * A closed word cloud whose answers wait for the host (docs/live-games.md, issue 29), on the
 * presenter in the cloud's place: how many answers wait, the answers themselves folded away (the
 * projector is the room's screen, so the host opens them on purpose), and the button that shows
 * them to the room (`showAnswers`). The server has already left offensive answers out.
 */
import { useId } from 'react'
import type { GivenAnswer } from '@/types/live-game'
import { CONTROL_LABELS, wordsWaitingText } from '../utils/live-texts'
import { GivenList } from './typed-reveal'
import '../live.css'
import '../live-types.css'

type PendingWordsProps = {
  words: GivenAnswer[]
  busy: boolean
  onShow: () => void
}

export function PendingWords({ words, busy, onShow }: PendingWordsProps) {
  const titleId = useId()
  const count = words.reduce((sum, word) => sum + word.count, 0)
  return (
    <section className="live-pending-words" aria-labelledby={titleId}>
      <p id={titleId} className="live-pending-words-title">
        {wordsWaitingText(count)}
      </p>
      {words.length > 0 ? (
        <details>
          <summary>Check the answers first</summary>
          <GivenList given={words} label="Answers waiting to be shown" />
        </details>
      ) : null}
      <button type="button" className="btn btn-primary" disabled={busy} onClick={onShow}>
        {CONTROL_LABELS.showAnswers}
      </button>
    </section>
  )
}
