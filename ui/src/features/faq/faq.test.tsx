import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import { json, mockFetch } from '@/testing/fetch-mock'
import { renderPage } from '@/testing/render'

import { searchFaqs } from './api'
import FaqPage from './components/faq-page'

const FAQS = [
  { id: 1, question: 'How do I reset my password?', answer: 'Ask an administrator for a temporary password.' },
  { id: 2, question: 'What are the risk levels?', answer: 'LL, L, H and HH.' },
]

describe('FAQ', () => {
  it('searches questions and answers', () => {
    expect(searchFaqs(FAQS, 'PASSWORD').map((f) => f.id)).toEqual([1])
    expect(searchFaqs(FAQS, 'hh levels').map((f) => f.id)).toEqual([2])
    expect(searchFaqs(FAQS, '')).toHaveLength(2)
  })

  it('expands an answer and filters with the search box', async () => {
    vi.stubGlobal('fetch', mockFetch(() => json(FAQS)).fetch)
    const user = userEvent.setup()
    renderPage('/', { '*': <FaqPage /> })
    await user.click(await screen.findByTestId('faq-2-question'))
    expect(screen.getByTestId('faq-2-answer')).toBeVisible()
    expect(screen.getByTestId('faq-2-answer')).toHaveTextContent('LL, L, H and HH.')
    await user.type(screen.getByTestId('faq-search'), 'temporary')
    expect(screen.queryByTestId('faq-2')).not.toBeInTheDocument()
    expect(screen.getByTestId('faq-count')).toHaveTextContent('1 of 2 questions match')
    await user.type(screen.getByTestId('faq-search'), ' nothing')
    expect(screen.getByTestId('faq-empty')).toBeInTheDocument()
  })

  it('opens the question the address names (the search results link there)', async () => {
    vi.stubGlobal('fetch', mockFetch(() => json(FAQS)).fetch)
    Element.prototype.scrollIntoView = vi.fn()
    renderPage('/pages/faq?question=2', { '*': <FaqPage /> })
    expect(await screen.findByTestId('faq-2-answer')).toBeVisible()
    expect(screen.queryByTestId('faq-1-answer')).not.toBeVisible()
  })
})
