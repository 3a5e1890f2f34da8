/** FAQ API: GET /api/faq answers the questions with their answers. */
import { api } from '@/data/client'

export interface Faq {
  id: number
  question: string
  answer: string
}

export const fetchFaqs = (signal?: AbortSignal) => api.get<Faq[]>('/api/faq', { signal })

/** Questions whose question or answer holds every word of `q` (case-insensitive). */
export function searchFaqs(faqs: readonly Faq[], q: string): Faq[] {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean)
  return faqs.filter((f) => words.every((w) => `${f.question} ${f.answer}`.toLowerCase().includes(w)))
}
