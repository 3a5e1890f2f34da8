/** Profile API: GET /api/profile/timeline, /photos-videos and /about. */
import { api } from '@/lib/api'

export interface Person {
  name: string
  /** A file name no server holds: the pages draw initials instead. */
  avatar: string
}

export interface Media {
  type: string
  preview: string
  title?: string
}

export interface Comment {
  id: number
  user: Person
  time: string
  message: string
}

export interface Post {
  id: number
  user: Person
  message: string
  time: string
  type: 'post' | 'article' | 'something'
  like: number
  share: number
  media?: Media
  article?: { title: string; subtitle: string; excerpt: string; media: Media }
  comments: Comment[]
}

export interface Activity {
  id: number
  user: Person
  message: string
  time: string
}

export interface Timeline {
  activities: Activity[]
  posts: Post[]
}

export interface Album {
  id: number
  name: string
  info: string
  media: Media[]
}

export interface About {
  general: { gender?: string; birthday?: string; locations?: string[]; about?: string }
  work: { occupation?: string; skills?: string; jobs?: { company: string; date: string }[] }
  contact: { address?: string; tel?: string[]; websites?: string[]; emails?: string[] }
  groups: { id: number; name: string; category: string; members: string }[]
  friends: { id: number; name: string; avatar: string }[]
}

export const fetchTimeline = (signal?: AbortSignal) => api.get<Timeline>('/api/profile/timeline', { signal })
export const fetchAlbums = (signal?: AbortSignal) => api.get<Album[]>('/api/profile/photos-videos', { signal })
export const fetchAbout = (signal?: AbortSignal) => api.get<About>('/api/profile/about', { signal })

/** How a post's author is described: 'posted', 'shared an article', 'said'. */
export function postVerb(type: Post['type']): string {
  return type === 'article' ? 'shared an article' : type === 'post' ? 'posted' : 'said'
}

/** A stable hue for a picture address (the drawn stand-ins for the sample photos). */
export function hueOf(text: string): number {
  let hash = 0
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) | 0
  return Math.abs(hash) % 360
}
