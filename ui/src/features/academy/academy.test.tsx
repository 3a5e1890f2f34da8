import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import { sanitizeHtml } from '@/lib/sanitize-html'
import { json, mockFetch, path } from '@/testing/fetch-mock'
import { renderPage } from '@/testing/render'

import type { Course } from './api'
import CoursePage from './components/course-page'
import CoursesPage from './components/courses-page'
import { courseState, filterCourses, formatLength, openingStep, progressPercent } from './courses'

const CATEGORIES = [
  { id: 0, value: 'web', label: 'Web', color: '#2196f3' },
  { id: 3, value: 'android', label: 'Android', color: '#fb8c00' },
]
const course = (id: string, category: string, title: string, extra: Partial<Course> = {}): Course => ({
  id,
  title,
  slug: title.toLowerCase().replace(/\W+/g, '-'),
  description: `About ${title}`,
  category,
  length: 90,
  totalSteps: 3,
  activeStep: 0,
  updated: 'Apr 11, 2025',
  ...extra,
})
const COURSES = [course('a', 'web', 'Basics of React'), course('b', 'android', 'Your First Android App', { activeStep: 1 })]

describe('course helpers', () => {
  it('tells the progress of a course', () => {
    expect(courseState({ activeStep: 0, totalSteps: 3 })).toBe('new')
    expect(courseState({ activeStep: 2, totalSteps: 3 })).toBe('in-progress')
    expect(courseState({ activeStep: 3, totalSteps: 3 })).toBe('completed')
    expect(progressPercent({ activeStep: 1, totalSteps: 3 })).toBe(33)
    expect(openingStep({ activeStep: 3, totalSteps: 3 })).toBe(2)
    expect(formatLength(90)).toBe('1 h 30 min')
    expect(formatLength(45)).toBe('45 min')
  })

  it('filters by category and words', () => {
    expect(filterCourses(COURSES, 'android', '').map((c) => c.id)).toEqual(['b'])
    expect(filterCourses(COURSES, '', 'react basics').map((c) => c.id)).toEqual(['a'])
    expect(filterCourses(COURSES, 'web', 'android')).toEqual([])
  })

  it('sanitises step content', () => {
    const clean = sanitizeHtml('<h1 onclick="x()">Step</h1><script>alert(1)</script><img src=x onerror="alert(1)"><p style="color:red">ok</p>')
    expect(clean).not.toMatch(/script|onclick|onerror|style=/)
    expect(clean).toContain('<h1>Step</h1>')
  })
})

describe('academy pages', () => {
  it('filters the catalogue by category', async () => {
    vi.stubGlobal('fetch', mockFetch((call) => json(path(call).endsWith('/categories') ? CATEGORIES : COURSES)).fetch)
    const user = userEvent.setup()
    renderPage('/apps/academy/courses', { '*': <CoursesPage /> })
    expect(await screen.findByTestId('course-a')).toBeInTheDocument()
    expect(screen.getByTestId('course-b-open')).toHaveTextContent('Continue')
    await user.selectOptions(screen.getByTestId('courses-category'), 'android')
    expect(screen.queryByTestId('course-a')).not.toBeInTheDocument()
    expect(screen.getByTestId('course-b')).toBeInTheDocument()
  })

  it('steps through a course and saves the active step', async () => {
    const full = {
      ...COURSES[0],
      steps: [
        { id: '0', title: 'Introduction', content: '<h1>Step 1 - Introduction</h1><script>window.bad = 1</script>' },
        { id: '1', title: 'Build it', content: '<h1>Step 2 - Build it</h1>' },
        { id: '2', title: 'Wrap up', content: '<h1>Step 3 - Wrap up</h1>' },
      ],
    }
    const mock = mockFetch((call) => (path(call).endsWith('/course/update') ? json(call.body) : json(full)))
    vi.stubGlobal('fetch', mock.fetch)
    const user = userEvent.setup()
    renderPage('/apps/academy/courses/a/basics-of-react', { '/apps/academy/courses/:courseId/:slug': <CoursePage />, '/apps/academy/courses': <p>catalogue</p> })
    expect(await screen.findByTestId('course-step-content')).toHaveTextContent('Step 1 - Introduction')
    expect(document.querySelector('script')).toBeNull()
    expect(screen.getByTestId('course-previous')).toBeDisabled()
    await user.click(screen.getByTestId('course-next'))
    expect(screen.getByTestId('course-step-content')).toHaveTextContent('Step 2 - Build it')
    await waitFor(() => expect(mock.calls.filter((c) => path(c).endsWith('/course/update')).map((c) => c.body)).toEqual([{ id: 'a', activeStep: 1 }]))
    await user.click(screen.getByTestId('course-next'))
    await user.click(screen.getByTestId('course-finish'))
    expect(await screen.findByText('catalogue')).toBeInTheDocument()
    expect(mock.calls.filter((c) => path(c).endsWith('/course/update')).map((c) => c.body)).toEqual([
      { id: 'a', activeStep: 1 },
      { id: 'a', activeStep: 2 },
      { id: 'a', activeStep: 3 },
    ])
  })
})
