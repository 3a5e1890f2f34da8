/**
 * Profile API: GET /api/profile/timeline, /photos-videos and /about (the spec's), and the social calls
 * (app/samples/profile.py): person, posts/new, posts/like, posts/comment, posts/remove, follow.
 */
import { api } from '@/data/client'

export interface Person {
  /** A portal user's id (posts and comments by staff); the sample people have none. */
  id?: number
  name: string
  /** A sample file name no server holds (the pages draw initials instead), or a staff member's photo URL. */
  avatar: string
}

export interface Media {
  type: string
  preview: string
  title?: string
}

export interface Comment {
  id: number | string
  user: Person
  time: string
  message: string
}

export interface Post {
  id: number | string
  user: Person
  message: string
  time: string
  type: 'post' | 'article' | 'something'
  like: number
  /** Whether the signed-in user likes it. */
  liked?: boolean
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

/** A staff member's profile header: who, and the follow counts. */
export interface ProfilePerson {
  id: number
  name: string
  avatar: string
  photoURL: string
  email: string
  followers: number
  following: number
  followedByMe: boolean
  /** The signed-in user's own profile. */
  me: boolean
}

export const MAX_POST = 2000
export const MAX_COMMENT = 1000

/** The timeline; with `userId`, only that staff member's posts. */
export const fetchTimeline = (userId: number | null, signal?: AbortSignal) =>
  api.get<Timeline>('/api/profile/timeline', { query: { userId: userId ?? undefined }, signal })
export const fetchPerson = (userId: number | null, signal?: AbortSignal) =>
  api.get<ProfilePerson>('/api/profile/person', { query: { userId: userId ?? undefined }, signal })
export const createPost = (message: string) => api.post<Post>('/api/profile/posts/new', { message })
export const likePost = (postId: Post['id'], like: boolean) => api.post<Post>('/api/profile/posts/like', { postId, like })
export const commentPost = (postId: Post['id'], message: string) => api.post<Post>('/api/profile/posts/comment', { postId, message })
export const removePost = (postId: Post['id']) => api.post<{ id: Post['id'] }>('/api/profile/posts/remove', { postId })
export const followPerson = (userId: number, follow: boolean) => api.post<ProfilePerson>('/api/profile/follow', { userId, follow })

/** A post's time: the sample's own words, or an ISO time (new posts) as a date and time. */
export function postTime(time: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T/.test(time)) return time
  const at = new Date(time)
  return Number.isNaN(at.getTime()) ? time : at.toLocaleString('en', { month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })
}

/** The profile address of a staff member. */
export const profilePath = (userId: number) => `/pages/profile?user=${userId}`
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
