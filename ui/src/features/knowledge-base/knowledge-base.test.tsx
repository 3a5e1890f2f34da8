import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import { json, mockFetch } from '@/testing/fetch-mock'
import { renderPage } from '@/testing/render'

import { articleSlug, searchArticles, withoutLeadingTitle } from './api'
import KnowledgeBasePage from './components/knowledge-base-page'

const CATEGORIES = [
  {
    id: 1,
    title: 'Your Account',
    path: '/pages/knowledge-base',
    articlesCount: 17,
    featuredArticles: [
      { id: 1, title: 'Closing your account', content: '<h2>Closing your account</h2><p>Step one.</p><img src=x onerror="window.hacked=1">' },
      { id: 2, title: 'Changing your email address', content: '<p>Open your profile.</p>' },
    ],
  },
  { id: 2, title: 'Selling', path: '/pages/knowledge-base', articlesCount: 12, featuredArticles: [{ id: 3, title: 'Setting a fair price', content: '<p>Compare.</p>' }] },
]

describe('knowledge base', () => {
  it('searches the featured articles and drops empty categories', () => {
    expect(searchArticles(CATEGORIES, 'price').map((c) => c.id)).toEqual([2])
    expect(searchArticles(CATEGORIES, '')).toHaveLength(2)
    expect(withoutLeadingTitle('<h2>Closing your account</h2><p>x</p>', 'Closing your account')).toBe('<p>x</p>')
    expect(withoutLeadingTitle('<h2>Other</h2>', 'Closing your account')).toBe('<h2>Other</h2>')
  })

  it('shows the counts and opens an article in a dialog, sanitised', async () => {
    vi.stubGlobal('fetch', mockFetch(() => json(CATEGORIES)).fetch)
    const user = userEvent.setup()
    renderPage('/', { '*': <KnowledgeBasePage /> })
    expect(await screen.findByTestId('kb-category-1-count')).toHaveTextContent('17 articles')
    await user.click(screen.getByTestId('kb-article-1'))
    expect(await screen.findByTestId('article-title')).toHaveTextContent('Closing your account')
    expect(screen.getByTestId('article-content')).toHaveTextContent('Step one.')
    expect(screen.getByTestId('article-content').innerHTML).not.toContain('onerror')
    await user.click(screen.getByTestId('article-next'))
    expect(screen.getByTestId('article-title')).toHaveTextContent('Changing your email address')
  })

  it('opens the article its address names', async () => {
    expect(articleSlug('Setting a fair price?')).toBe('setting-a-fair-price')
    vi.stubGlobal('fetch', mockFetch(() => json(CATEGORIES)).fetch)
    const user = userEvent.setup()
    renderPage('/pages/knowledge-base/setting-a-fair-price', { '/pages/knowledge-base/:topic?': <KnowledgeBasePage /> })
    expect(await screen.findByTestId('article-title')).toHaveTextContent('Setting a fair price')
    expect(screen.queryByTestId('kb-topic-note')).not.toBeInTheDocument()
    await user.click(screen.getByTestId('article-close'))
    await waitFor(() => expect(screen.queryByTestId('article-dialog')).not.toBeInTheDocument())
  })

  it('names a topic that is not a featured article', async () => {
    vi.stubGlobal('fetch', mockFetch(() => json(CATEGORIES)).fetch)
    renderPage('/pages/knowledge-base/no-such-thing', { '/pages/knowledge-base/:topic?': <KnowledgeBasePage /> })
    expect(await screen.findByTestId('kb-topic-note')).toHaveTextContent('“no such thing” is not a featured article')
  })
})
