/** A button that copies a text and says 'Copied!' for 2 seconds (PRODUCT.md section 9): the join links and codes on My Quizzes, the audit's digest. */
import { useEffect, useRef, useState } from 'react'
import './ui.css'

export const COPIED_MS = 2000

/** The Clipboard API, or the older selection-and-copy way where it is refused or missing. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    // fall back below
  }
  try {
    const area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.style.position = 'fixed'
    area.style.opacity = '0'
    document.body.appendChild(area)
    area.select()
    const copied = typeof document.execCommand === 'function' && document.execCommand('copy')
    area.remove()
    return Boolean(copied)
  } catch {
    return false
  }
}

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle')
  const timer = useRef<number | undefined>(undefined)

  useEffect(() => () => window.clearTimeout(timer.current), [])

  const onClick = async () => {
    const copied = await copyText(text)
    setStatus(copied ? 'copied' : 'failed')
    window.clearTimeout(timer.current)
    timer.current = window.setTimeout(() => setStatus('idle'), COPIED_MS)
  }

  return (
    <button type="button" className="btn btn-secondary btn-small copy-button" onClick={onClick}>
      <span aria-live="polite">{status === 'copied' ? 'Copied!' : status === 'failed' ? 'Copy failed' : label}</span>
    </button>
  )
}
