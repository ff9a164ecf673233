import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { LivePlayer } from '@/features/live/components/live-player'
import { loadCurrentPlayer } from '@/features/live/utils/live-storage'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { HubProvider } from '@/lib/hub/hub-provider'

/** The 6 digits of a `?pin=` (from the join link or its QR code), or ''. */
export function pinFrom(raw: string | null): string {
  const digits = (raw ?? '').replace(/\D/g, '')
  return digits.length === 6 ? digits : ''
}

/** The link key of a `?key=` (from the join link or its QR code), or ''. */
export function linkKeyFrom(raw: string | null): string {
  const key = (raw ?? '').trim()
  return /^[A-Za-z0-9]{1,64}$/.test(key) ? key : ''
}

/**
 * /play/live (public; guests play with a nickname): join by PIN and play. The page has a hub
 * connection of its own, opened with the player token of POST /api/live/join rather than the
 * session's (a guest has none; a signed-in player's token allows only this game), so it wraps
 * the player's screen in its own HubProvider; the screen hands the token up once it has one.
 */
export function PlayLivePage() {
  useDocumentTitle('Live game')
  const [params] = useSearchParams()
  const [start] = useState(() => {
    const pin = pinFrom(params.get('pin'))
    return { stored: loadCurrentPlayer(), pin, link: pin ? { pin, key: linkKeyFrom(params.get('key')) } : null }
  })
  const [token, setToken] = useState<string | null>(null)
  return (
    <div className="page live-page live-player-page">
      <HubProvider token={token}>
        <LivePlayer stored={start.stored} pin={start.pin} link={start.link} onToken={setToken} />
      </HubProvider>
    </div>
  )
}
