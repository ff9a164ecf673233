/**
 * What a list screen of live games shows while its data loads, when loading failed (with
 * "Try again"), and when the list came back empty (the quiz's games, a player's history).
 */
import { Alert } from '@/components/ui/alert'
import { Loading } from '@/components/ui/loading'
import type { Loaded } from '@/hooks/use-loaded'
import { errorMessage } from '@/lib/api-client'

type Texts = { loading: string; failed: string; empty: string }

export function LoadStatus<T>({ state, retry, empty, texts }: { state: Loaded<T>; retry: () => void; empty: boolean; texts: Texts }) {
  if (state.status === 'loading') return <Loading label={texts.loading} />
  if (state.status === 'failed') {
    return (
      <div className="live-results-error">
        <Alert tone="error">{errorMessage(state.error, texts.failed)}</Alert>
        <button type="button" className="btn btn-secondary btn-small" onClick={retry}>
          Try again
        </button>
      </div>
    )
  }
  return empty ? <p className="empty-state">{texts.empty}</p> : null
}
