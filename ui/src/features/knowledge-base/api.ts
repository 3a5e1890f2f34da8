/** Knowledge base API: GET /api/knowledge-base answers the categories with their featured articles. */
import { api } from '@/data/client'

export interface Article {
  id: number
  title: string
  /** HTML: shown only after sanitising. */
  content: string
}

export interface Category {
  id: number
  title: string
  path: string
  articlesCount: number
  featuredArticles: Article[]
}

export const fetchCategories = (signal?: AbortSignal) => api.get<Category[]>('/api/knowledge-base', { signal })

/** The categories with only the featured articles whose title holds every word of `q` (categories left empty drop out). */
export function searchArticles(categories: readonly Category[], q: string): Category[] {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...categories]
  return categories
    .map((c) => ({ ...c, featuredArticles: c.featuredArticles.filter((a) => words.every((w) => a.title.toLowerCase().includes(w))) }))
    .filter((c) => c.featuredArticles.length > 0)
}

/** The article's HTML without a first heading that repeats its title (the dialog shows the title). */
export function withoutLeadingTitle(html: string, title: string): string {
  const match = /^\s*<h[1-3][^>]*>([\s\S]*?)<\/h[1-3]>/i.exec(html)
  return match && match[1].trim() === title.trim() ? html.slice(match[0].length) : html
}

/** An article's address under /pages/knowledge-base/ (the search results link there: app/samples/search.py ``slug``). */
export function articleSlug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** The featured article an address names, with its category, or null. */
export function findArticle(categories: readonly Category[], slug: string): { categoryId: number; article: Article } | null {
  for (const category of categories) {
    const article = category.featuredArticles.find((a) => articleSlug(a.title) === slug)
    if (article) return { categoryId: category.id, article }
  }
  return null
}
