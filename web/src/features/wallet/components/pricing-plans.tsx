/** The three plans of PRODUCT.md section 9. */
import { Link } from 'react-router'
import '../wallet.css'

type Plan = {
  name: string
  cost: number
  badge?: string
  features: string[]
  action: string
  to: string
}

export const PLANS: Plan[] = [
  {
    name: 'Free',
    cost: 0,
    features: ['Unlimited quiz play', 'Compete with others', 'Global leaderboard', 'Progress tracking'],
    action: 'Start Playing',
    to: '/play/categories',
  },
  {
    name: 'Host Quiz',
    cost: 1,
    badge: 'Popular Choice',
    features: ['Custom quiz of 20 questions', 'Share with participants', 'Real-time hosting', 'Results analytics'],
    action: 'Host a Quiz',
    to: '/host/quiz',
  },
  {
    name: 'Generate Quiz',
    cost: 5,
    features: ['AI generates 20 questions', 'Choose topic and difficulty', 'Custom categories', 'Host the generated quiz'],
    action: 'Generate a Quiz',
    to: '/generate/quiz',
  },
]

export function tokensLabel(count: number): string {
  return `${count} ${count === 1 ? 'Token' : 'Tokens'}`
}

export function PricingPlans() {
  return (
    <ul className="plans" aria-label="Plans">
      {PLANS.map((plan) => {
        const headingId = `plan-${plan.name.toLowerCase().replace(/\s+/g, '-')}`
        return (
          <li key={plan.name} className={plan.badge ? 'card plan plan-featured' : 'card plan'} aria-labelledby={headingId}>
            {plan.badge ? <span className="badge">{plan.badge}</span> : null}
            <h2 id={headingId} className="plan-name">
              {plan.name}
            </h2>
            <p className="plan-cost">
              {plan.cost === 0 ? <span className="plan-price">Free</span> : <span className="plan-price">{tokensLabel(plan.cost)}</span>}
              {plan.cost === 0 ? <span className="plan-unit">0 Tokens</span> : <span className="plan-unit">per quiz</span>}
            </p>
            <ul className="plan-features">
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            <Link to={plan.to} className={plan.badge ? 'btn btn-primary' : 'btn btn-secondary'}>
              {plan.action}
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
