/**
 * Read-aloud (issue 15) with the browser's speech synthesis: for a player the host granted it,
 * the question on screen is read (its text and options, utils/read-aloud) when the player moves to
 * it and whenever they ask; anything still being said is cancelled first, and `stop` silences it.
 * Leaving the question (the review summary, the result) stops it too. Browsers without speech
 * synthesis get `available: false`, so the screen hides the button.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Question } from '../api/play-api'
import { readAloudText } from '../utils/read-aloud'

export type ReadAloud = {
  /** False in a browser without speech synthesis. */
  available: boolean
  speaking: boolean
  read: () => void
  stop: () => void
}

function synthesis(): SpeechSynthesis | null {
  if (typeof window === 'undefined') return null
  const synth = (window as { speechSynthesis?: SpeechSynthesis }).speechSynthesis
  return synth && typeof window.SpeechSynthesisUtterance === 'function' ? synth : null
}

/** Null when read-aloud was not granted; `question` is the one on screen (null: none is). */
export function useReadAloud(granted: boolean, question: Question | null): ReadAloud | null {
  const [available] = useState(() => synthesis() !== null)
  const [speaking, setSpeaking] = useState(false)
  const current = useRef<SpeechSynthesisUtterance | null>(null)
  const on = granted && available

  /** Cancels what is being said (`speaking` follows when the screen shows the controls again). */
  const silence = useCallback(() => {
    if (!current.current) return
    current.current = null
    synthesis()?.cancel()
  }, [])

  const stop = useCallback(() => {
    silence()
    setSpeaking(false)
  }, [silence])

  // `speaking` follows the utterance's own events; those of an utterance replaced or cancelled
  // since (a cancelled one ends too, or fails as "interrupted") are ignored.
  const speak = useCallback((text: string) => {
    const synth = synthesis()
    if (!synth) return
    synth.cancel()
    const utterance = new window.SpeechSynthesisUtterance(text)
    if (document.documentElement.lang) utterance.lang = document.documentElement.lang
    const done = () => {
      if (current.current !== utterance) return
      current.current = null
      setSpeaking(false)
    }
    utterance.onstart = () => {
      if (current.current === utterance) setSpeaking(true)
    }
    utterance.onend = done
    utterance.onerror = done
    current.current = utterance
    synth.speak(utterance)
  }, [])

  // Each new question is read when the player moves to it; leaving the questions stops speech.
  useEffect(() => {
    if (!on) return
    if (question) speak(readAloudText(question))
    else silence()
  }, [on, question, speak, silence])

  useEffect(() => silence, [silence])

  const read = useCallback(() => {
    if (question) speak(readAloudText(question))
  }, [question, speak])

  if (!granted) return null
  return { available, speaking, read, stop }
}
