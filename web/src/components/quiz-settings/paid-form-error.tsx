import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert'

/** A hosting or generating form's failure; when tokens ran out, the way to buy more. */
export function PaidFormError({ error, needsTokens }: { error: string | null; needsTokens: boolean }) {
  if (!error) return null
  return (
    <Alert tone="error">
      <p>{error}</p>
      {needsTokens ? (
        <p>
          <Link to="/pricing">Buy tokens on the Pricing page</Link>
        </p>
      ) : null}
    </Alert>
  )
}
