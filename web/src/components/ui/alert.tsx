import type { ReactNode } from 'react'
import './ui.css'

type AlertProps = {
  tone: 'error' | 'success' | 'info'
  children: ReactNode
}

/** A banner: errors are announced assertively, other notes politely. */
export function Alert({ tone, children }: AlertProps) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  )
}
