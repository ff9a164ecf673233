/**
 * The Buy Tokens box: a quantity (minimum 1, no maximum) at $1.00 a token. Signed-out
 * visitors are sent to /signin first and come back to /pricing; signed-in users see their
 * balance and buy through POST /api/wallet/purchase.
 */
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { errorMessage } from '@/lib/api-client'
import { useSession } from '@/lib/auth'
import { MIN_TOKEN_QUANTITY, TOKEN_PRICE_CENTS } from '@/lib/constants'
import { formatDateTime, formatDollars } from '@/lib/format'
import { saveRedirectAfterLogin } from '@/lib/session'
import type { PurchaseResponse, Wallet } from '@/types/api'
import { getWallet, purchaseTokens } from '../api/wallet-api'
import '../wallet.css'

export function clampQuantity(value: number): number {
  if (!Number.isFinite(value)) return MIN_TOKEN_QUANTITY
  return Math.max(MIN_TOKEN_QUANTITY, Math.floor(value))
}

export function totalCents(quantity: number): number {
  return clampQuantity(quantity) * TOKEN_PRICE_CENTS
}

const KIND_LABEL: Record<string, string> = {
  granted: 'Granted',
  purchased: 'Purchased',
  spent: 'Spent',
  refunded: 'Refunded',
}

export function BuyTokens() {
  const navigate = useNavigate()
  const { isAuthenticated, token } = useSession()
  const [quantity, setQuantity] = useState(MIN_TOKEN_QUANTITY)
  const [quantityText, setQuantityText] = useState(String(MIN_TOKEN_QUANTITY))
  const [wallet, setWallet] = useState<Wallet | null>(null)
  const [walletError, setWalletError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [purchase, setPurchase] = useState<PurchaseResponse | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [reloadKey, setReloadKey] = useState(0)

  // Signed out, the balance goes (adjusted while rendering, not in an effect).
  if (!isAuthenticated && wallet !== null) setWallet(null)

  useEffect(() => {
    if (!isAuthenticated) return
    let cancelled = false
    getWallet()
      .then((data) => {
        if (!cancelled) {
          setWallet(data)
          setWalletError(null)
        }
      })
      .catch((e: unknown) => {
        if (!cancelled) setWalletError(errorMessage(e, 'Failed to load your token balance'))
      })
    return () => {
      cancelled = true
    }
  }, [isAuthenticated, token, reloadKey])

  const update = (next: number) => {
    const value = clampQuantity(next)
    setQuantity(value)
    setQuantityText(String(value))
    setPurchase(null)
    setError(null)
  }

  const onPurchase = async () => {
    if (!isAuthenticated) {
      saveRedirectAfterLogin('/pricing')
      navigate('/signin')
      return
    }
    setBusy(true)
    setError(null)
    setPurchase(null)
    try {
      const result = await purchaseTokens(quantity)
      setPurchase(result)
      setWallet((current) => (current ? { ...current, balance: result.balance } : current))
      setReloadKey((key) => key + 1)
    } catch (e) {
      setError(errorMessage(e, 'Failed to purchase tokens. Please try again.'))
    } finally {
      setBusy(false)
    }
  }

  const balance = purchase?.balance ?? wallet?.balance

  return (
    <section className="card buy-tokens" aria-labelledby="buy-tokens-title">
      <h2 id="buy-tokens-title">Buy Tokens</h2>
      <p className="muted">Each token costs {formatDollars(TOKEN_PRICE_CENTS)}. Host a quiz for 1 token, generate one for 5.</p>

      {isAuthenticated ? (
        <p className="balance" aria-live="polite">
          Your balance:{' '}
          <strong data-testid="token-balance">{balance === undefined ? '…' : `${balance} ${balance === 1 ? 'token' : 'tokens'}`}</strong>
        </p>
      ) : (
        <p className="muted">Sign in to buy tokens and see your balance.</p>
      )}
      {walletError ? <Alert tone="error">{walletError}</Alert> : null}

      <div className="quantity-row">
        <button
          type="button"
          className="btn btn-secondary btn-square"
          aria-label="Decrease quantity"
          onClick={() => update(quantity - 1)}
          disabled={busy || quantity <= MIN_TOKEN_QUANTITY}
        >
          −
        </button>
        <label htmlFor="token-quantity" className="visually-hidden">
          Quantity
        </label>
        <input
          id="token-quantity"
          className="field-input quantity-input"
          type="number"
          inputMode="numeric"
          min={MIN_TOKEN_QUANTITY}
          step={1}
          value={quantityText}
          disabled={busy}
          onChange={(event) => {
            setQuantityText(event.target.value)
            const parsed = Number(event.target.value)
            if (event.target.value !== '' && Number.isFinite(parsed)) {
              setQuantity(clampQuantity(parsed))
              setPurchase(null)
            }
          }}
          onBlur={() => update(Number(quantityText))}
        />
        <button
          type="button"
          className="btn btn-secondary btn-square"
          aria-label="Increase quantity"
          onClick={() => update(quantity + 1)}
          disabled={busy}
        >
          +
        </button>
      </div>

      <p className="total">
        Total: <strong data-testid="token-total">{formatDollars(totalCents(quantity))}</strong>
      </p>

      <button type="button" className="btn btn-primary btn-block" onClick={onPurchase} disabled={busy}>
        {busy ? 'Purchasing...' : 'Purchase Tokens'}
      </button>

      {error ? <Alert tone="error">{error}</Alert> : null}
      {purchase ? (
        <Alert tone="success">
          <p>
            Purchased {purchase.purchased} {purchase.purchased === 1 ? 'token' : 'tokens'} for{' '}
            {formatDollars(purchase.amountCents)}. Your balance is now {purchase.balance}{' '}
            {purchase.balance === 1 ? 'token' : 'tokens'}.
          </p>
          {purchase.testMode ? <p className="test-mode-note">Test mode: no card is charged.</p> : null}
        </Alert>
      ) : null}

      {wallet && wallet.history.length > 0 ? (
        <details className="wallet-history">
          <summary>Recent activity</summary>
          <ul>
            {[...wallet.history]
              .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
              .slice(0, 5)
              .map((entry, i) => (
                <li key={`${entry.at}-${i}`}>
                  <span>
                    {KIND_LABEL[entry.kind] ?? entry.kind} {entry.amount}
                    {entry.reason ? ` · ${entry.reason}` : ''}
                  </span>
                  <span className="muted">
                    balance {entry.balanceAfter} · {formatDateTime(entry.at)}
                  </span>
                </li>
              ))}
          </ul>
        </details>
      ) : null}
    </section>
  )
}
