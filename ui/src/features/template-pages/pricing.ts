/** The plans of the template's pricing pages (/pages/pricing/style-1..3): sample plans for a portal like this one. */

export type BillingPeriod = 'monthly' | 'yearly'

export interface Plan {
  id: string
  name: string
  blurb: string
  /** Per user and month, paid monthly. */
  monthly: number
  /** Months charged for a year paid at once (10 = two months free). */
  yearMonths: number
  users: string
  storage: string
  features: string[]
  popular?: boolean
}

export const PLANS: Plan[] = [
  {
    id: 'crew',
    name: 'Crew',
    blurb: 'One site team getting its paperwork out of e-mail.',
    monthly: 9,
    yearMonths: 10,
    users: 'Up to 10 staff',
    storage: '20 GB of documents',
    features: ['Assets, documents and opportunities', 'Team Chat', 'Push notifications', 'E-mail support'],
  },
  {
    id: 'office',
    name: 'Office',
    blurb: 'An office and its field crews, working on the same records live.',
    monthly: 19,
    yearMonths: 10,
    users: 'Up to 100 staff',
    storage: '250 GB of documents',
    features: ['Everything in Crew', 'Inspection reminders', 'Import and export (CSV, Excel)', 'Audit log', 'Phone support'],
    popular: true,
  },
  {
    id: 'company',
    name: 'Company',
    blurb: 'Several offices with the company sign-in and their own servers.',
    monthly: 29,
    yearMonths: 10,
    users: 'Unlimited staff',
    storage: '2 TB of documents',
    features: ['Everything in Office', 'Company sign-in (OpenID Connect)', 'Two-step sign-in enforced', 'Backups to your storage', 'A named engineer'],
  },
]

/** What one user costs per month in the chosen period (yearly: the year's price spread over 12 months). */
export function monthlyPrice(plan: Plan, period: BillingPeriod): number {
  if (period === 'monthly') return plan.monthly
  return Math.round(((plan.monthly * plan.yearMonths) / 12) * 100) / 100
}

/** The saving of paying yearly, in percent (rounded). */
export function yearlySaving(plan: Plan): number {
  return Math.round((1 - plan.yearMonths / 12) * 100)
}

export function formatPrice(value: number): string {
  return Number.isInteger(value) ? `$${value}` : `$${value.toFixed(2)}`
}
