/** Course progress and the catalogue filter. */
import type { Course } from './api'

export type CourseState = 'new' | 'in-progress' | 'completed'

export function courseState(course: Pick<Course, 'activeStep' | 'totalSteps'>): CourseState {
  if (course.totalSteps > 0 && course.activeStep >= course.totalSteps) return 'completed'
  return course.activeStep > 0 ? 'in-progress' : 'new'
}

/** Percent of the steps done (0-100). */
export function progressPercent(course: Pick<Course, 'activeStep' | 'totalSteps'>): number {
  if (course.totalSteps <= 0) return 0
  return Math.round((Math.min(course.activeStep, course.totalSteps) / course.totalSteps) * 100)
}

/** The step to show when the course opens (a finished course opens on its last step). */
export function openingStep(course: Pick<Course, 'activeStep' | 'totalSteps'>): number {
  return Math.max(0, Math.min(course.activeStep, course.totalSteps - 1))
}

/** Courses of the category (or all for ''), whose title or description holds every word of `q`. */
export function filterCourses(courses: readonly Course[], category: string, q: string): Course[] {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean)
  return courses.filter(
    (c) => (!category || c.category === category) && words.every((w) => `${c.title} ${c.description}`.toLowerCase().includes(w)),
  )
}

export function formatLength(minutes: number): string {
  if (minutes < 60) return `${minutes} min`
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return m ? `${h} h ${m} min` : `${h} h`
}
