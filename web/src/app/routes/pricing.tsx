import { BuyTokens } from '@/features/wallet/components/buy-tokens'
import { PricingPlans } from '@/features/wallet/components/pricing-plans'
import { useDocumentTitle } from '@/hooks/use-document-title'

export function PricingPage() {
  useDocumentTitle('Pricing')
  return (
    <div className="page pricing">
      <div className="page-head">
        <h1>Pricing</h1>
        <p className="muted">Playing is free. Hosting and generating quizzes are paid with tokens.</p>
      </div>
      <PricingPlans />
      <BuyTokens />
    </div>
  )
}
