/** The token wallet calls: the balance with its history, and a purchase. */
import { apiRequest } from '@/lib/api-client'
import type { PurchaseResponse, Wallet } from '@/types/api'

export function getWallet(): Promise<Wallet> {
  return apiRequest<Wallet>('/api/wallet', { defaultError: 'Failed to load your token balance' })
}

export function purchaseTokens(quantity: number): Promise<PurchaseResponse> {
  return apiRequest<PurchaseResponse>('/api/wallet/purchase', {
    method: 'POST',
    body: { quantity },
    defaultError: 'Failed to purchase tokens. Please try again.',
  })
}
