/** Academy API (/api/academy-app): categories, courses (without steps), a course, and its progress. */
import { api } from '@/data/client'

const PREFIX = '/api/academy-app'

export interface Category {
  id: number
  value: string
  label: string
  color: string
}

export interface Step {
  id: string
  title: string
  /** HTML: shown only after sanitising. */
  content: string
}

export interface Course {
  id: string
  title: string
  slug: string
  description: string
  category: string
  /** Minutes. */
  length: number
  totalSteps: number
  /** The step the learner is on (0-based); totalSteps once the course is finished. */
  activeStep: number
  updated: string
  steps?: Step[]
}

export const fetchCategories = (signal?: AbortSignal) => api.get<Category[]>(`${PREFIX}/categories`, { signal })
export const fetchCourses = (signal?: AbortSignal) => api.get<Course[]>(`${PREFIX}/courses`, { signal })

export const fetchCourse = (courseId: string, signal?: AbortSignal) =>
  api.get<Course | undefined>(`${PREFIX}/course`, { query: { courseId }, signal }).then((c) => c ?? null)

/** Merges the changes into the course (here: the active step); answers the changes. */
export const updateCourse = (changes: Pick<Course, 'id'> & Partial<Course>) => api.post<Partial<Course>>(`${PREFIX}/course/update`, changes)

export async function fetchCatalogue(signal?: AbortSignal): Promise<{ categories: Category[]; courses: Course[] }> {
  const [categories, courses] = await Promise.all([fetchCategories(signal), fetchCourses(signal)])
  return { categories, courses }
}
