/**
 * The providers every route runs under: the session (`AuthProvider`) and the one WebSocket hub
 * connection of that session (`HubProvider`, which reads the session's token). The app and the
 * route-level tests both render through this, so tests see the same shell.
 */
import type { ReactNode } from 'react'
import { AuthProvider } from '@/lib/auth'
import { HubProvider } from '@/lib/hub/hub-provider'

export function AppProvider({ children, revalidate = true }: { children: ReactNode; revalidate?: boolean }) {
  return (
    <AuthProvider revalidate={revalidate}>
      <HubProvider>{children}</HubProvider>
    </AuthProvider>
  )
}
