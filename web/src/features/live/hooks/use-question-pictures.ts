/**
 * Whether this phone has the current question's pictures (issue 30), and telling the server so.
 * Each picture the question shows (phonePictures) is loaded ahead as a detached image with the
 * `src`, `srcset` and `sizes` of its `<img>`, so the browser picks the same file once and both
 * share it; once every one has loaded, the phone sends `loaded` for that question, once. A
 * question without pictures (none, or only a sound or a video) is loaded at once. A picture that
 * fails stops it: nothing is sent, and the server opens the answers after the whole get-ready.
 *
 * - Only the current question: another question (or none) stops listening to the last one's.
 * - Once per question: a new view of the same question (a pause, the answers opening early, a
 *   reconnect) does not send again; a send that found the connection closed goes once it opens.
 */
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react'
import type { LiveQuestion } from '@/types/live-game'
import { phonePictures, type PictureRequest } from '../utils/phone-pictures'
import { useSendLoaded } from './use-game-hub'

export type PicturesStatus = 'loading' | 'loaded' | 'failed'

/** The current question's pictures: how many it shows, and whether they are all here. */
export type QuestionPictures = { status: PicturesStatus; count: number }

/**
 * Loads `requests` as their `<img>` elements would; `onDone` gets true once all have loaded,
 * false as soon as one fails. The returned function stops listening.
 */
export function loadPictures(requests: PictureRequest[], onDone: (loaded: boolean) => void): () => void {
  let left = requests.length
  let over = false
  const finish = (loaded: boolean) => {
    if (over) return
    over = true
    onDone(loaded)
  }
  // Kept here, so nothing collects an image before it has loaded.
  const images = requests.map(({ src, srcSet, sizes }) => {
    const image = new Image()
    image.onload = () => {
      left -= 1
      if (left === 0) finish(true)
    }
    image.onerror = () => finish(false)
    // The candidates and sizes first: the browser chooses among them when given the source.
    image.sizes = sizes
    if (srcSet) image.srcset = srcSet
    image.src = src
    return image
  })
  return () => {
    over = true
    for (const image of images) {
      image.onload = null
      image.onerror = null
    }
  }
}

/**
 * The pictures of `question` (null: no question shows) in game `gameId`; sends `loaded` once
 * they are all here while `connected` (never for a question without pictures).
 */
export function useQuestionPictures(gameId: string | null, question: LiveQuestion | null, connected: boolean): QuestionPictures {
  const requests = useMemo(() => (question ? phonePictures(question) : []), [question])
  const index = question?.index ?? null
  // A question's pictures, by their links (a link re-signed in a later hour is another file to load).
  const key = index === null ? null : `${gameId ?? ''}|${index}|${requests.map((r) => `${r.src} ${r.srcSet ?? ''} ${r.sizes}`).join('|')}`
  const [done, setDone] = useState<{ key: string; loaded: boolean } | null>(null)

  const load = useEffectEvent((of: string) => (requests.length === 0 ? undefined : loadPictures(requests, (loaded) => setDone({ key: of, loaded }))))
  useEffect(() => (key === null ? undefined : load(key)), [key])

  const status: PicturesStatus = requests.length === 0 ? 'loaded' : done?.key === key ? (done.loaded ? 'loaded' : 'failed') : 'loading'

  const sendLoaded = useSendLoaded()
  /** The game and question `loaded` went for. */
  const sent = useRef<string | null>(null)
  useEffect(() => {
    // A question without pictures (none, or a sound or a video, which the presenter plays)
    // keeps its get-ready: nothing to say.
    if (status !== 'loaded' || requests.length === 0 || !connected || gameId === null || index === null) return
    const at = `${gameId}|${index}`
    if (sent.current === at) return
    if (sendLoaded({ gameId, question: index })) sent.current = at
  }, [status, requests.length, connected, gameId, index, sendLoaded])

  return { status, count: requests.length }
}
