import type { ReactNode } from 'react'
import './ui.css'

/** The centred card the account screens share. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <section className="auth-page">
      <div className="card auth-card">
        <h1 className="auth-title">{title}</h1>
        {subtitle ? <p className="auth-subtitle">{subtitle}</p> : null}
        {children}
      </div>
    </section>
  )
}
