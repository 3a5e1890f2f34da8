import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'

import { json, mockFetch, path } from '@/testing/fetch-mock'
import { renderWithProviders } from '@/testing/render'

import { hueOf, postVerb, type About, type Album, type Timeline } from './api'
import ProfilePage from './components/profile-page'

const person = (name: string) => ({ name, avatar: `assets/images/avatars/${name}.jpg` })
const TIMELINE: Timeline = {
  activities: [{ id: 1, user: person('Vincent Munoz'), message: 'sent you a message.', time: 'October 02, 2026 at 23:10' }],
  posts: [
    {
      id: 2,
      user: person('Jane Dean'),
      message: 'Finished the switchgear refurbishment.',
      time: 'October 19, 2026 at 06:59',
      type: 'post',
      like: 78,
      share: 13,
      media: { type: 'image', preview: 'assets/images/profile/photo-07.jpg' },
      comments: [{ id: 201, user: person('James Lewis'), time: 'October 31, 2026 at 17:24', message: 'Count me in.' }],
    },
  ],
}
const ABOUT: About = {
  general: { gender: 'Female', birthday: 'February 28th, 1984', locations: ['Leeds'], about: 'Field engineer.' },
  work: { occupation: 'Senior Field Engineer', skills: 'Switchgear, SCADA', jobs: [{ company: 'Contoso Rail', date: '2014 - 2019' }] },
  contact: { address: '1 Harbour Road', tel: ['+44 113 496 0000'], websites: ['example.com'], emails: ['a@example.com'] },
  groups: [{ id: 1, name: 'Field Service', category: 'Engineering', members: '9 members' }],
  friends: [{ id: 1, name: 'Alice Freeman', avatar: 'x' }],
}
const ME = { id: 7, name: 'Taylor Technician', avatar: '', photoURL: '', email: 'technician@portal.example', followers: 2, following: 1, followedByMe: false, me: true }
const ALBUMS: Album[] = [{ id: 1, name: 'Site visits', info: '2 photos', media: [{ type: 'photo', title: 'Site visits 1', preview: 'a.jpg' }, { type: 'photo', title: 'Site visits 2', preview: 'b.jpg' }] }]

describe('profile', () => {
  it('words the posts and picks stable colours', () => {
    expect(postVerb('article')).toBe('shared an article')
    expect(postVerb('something')).toBe('said')
    expect(hueOf('a.jpg')).toBe(hueOf('a.jpg'))
    expect(hueOf('a.jpg')).toBeGreaterThanOrEqual(0)
  })

  it('shows the timeline, then about and the albums', async () => {
    const mock = mockFetch((call) =>
      json(path(call).endsWith('/timeline') ? TIMELINE : path(call).endsWith('/about') ? ABOUT : path(call).endsWith('/person') ? ME : ALBUMS),
    )
    vi.stubGlobal('fetch', mock.fetch)
    const user = userEvent.setup()
    renderWithProviders(
      <MemoryRouter initialEntries={['/pages/profile']}>
        <ProfilePage />
      </MemoryRouter>,
    )
    expect(await screen.findByTestId('post-2-message')).toHaveTextContent('Finished the switchgear refurbishment.')
    expect(screen.getByTestId('post-2-likes')).toHaveTextContent('78 likes')
    expect(screen.getByTestId('post-2-comments')).toHaveTextContent('Count me in.')
    expect(screen.getByTestId('activity-1')).toHaveTextContent('Vincent Munoz sent you a message.')
    // No request goes to the sample's picture files: they are drawn.
    expect(document.querySelector('img')).toBeNull()

    await user.click(screen.getByTestId('profile-tab-about'))
    expect(await screen.findByTestId('about-work')).toHaveTextContent('Senior Field Engineer')
    expect(screen.getByTestId('about-groups')).toHaveTextContent('Field Service')
    await user.click(screen.getByTestId('profile-tab-photos'))
    expect(await screen.findByTestId('album-1')).toHaveTextContent('Site visits')
    expect(screen.getAllByTestId('album-1-media')).toHaveLength(2)
  })

  it('posts, likes and comments on the own timeline', async () => {
    const mine = { id: 'p1', user: { id: 7, name: 'Taylor Technician', avatar: '' }, message: 'Cable pulled', time: '2026-11-25T08:00:00Z', type: 'post' as const, like: 0, liked: false, share: 0, comments: [] }
    const other = { ...ME, id: 9, name: 'Morgan Manager', email: 'manager@portal.example', followers: 0, me: false }
    const mock = mockFetch((call) => {
      const p = path(call)
      const body = call.body as Record<string, unknown>
      if (p.endsWith('/posts/new')) return json({ ...mine, message: body.message })
      if (p.endsWith('/posts/like')) return json({ ...TIMELINE.posts[0], like: 79, liked: true })
      if (p.endsWith('/posts/comment')) return json({ ...TIMELINE.posts[0], comments: [...TIMELINE.posts[0].comments, { id: 'c1', user: { id: 7, name: 'Taylor Technician', avatar: '' }, time: '2026-11-25T08:00:00Z', message: body.message }] })
      if (p.endsWith('/follow')) return json({ ...other, followers: 1, followedByMe: true })
      if (p.endsWith('/person')) return json(call.url.includes('userId=9') ? other : ME)
      return json(TIMELINE)
    })
    vi.stubGlobal('fetch', mock.fetch)
    const user = userEvent.setup()
    renderWithProviders(
      <MemoryRouter initialEntries={['/pages/profile']}>
        <ProfilePage />
      </MemoryRouter>,
    )
    expect(await screen.findByTestId('profile-followers')).toHaveTextContent('2 followers')
    expect(screen.queryByTestId('profile-follow')).not.toBeInTheDocument()
    await user.type(screen.getByTestId('post-box-text'), 'Cable pulled')
    await user.click(screen.getByTestId('post-box-submit'))
    expect(await screen.findByTestId('post-p1-message')).toHaveTextContent('Cable pulled')
    expect(screen.getByTestId('post-p1-remove')).toBeInTheDocument()
    expect(screen.queryByTestId('post-2-remove')).not.toBeInTheDocument()
    await user.click(screen.getByTestId('post-2-like'))
    expect(await screen.findByTestId('post-2-likes')).toHaveTextContent('79 likes')
    expect(screen.getByTestId('post-2-like')).toHaveAttribute('aria-pressed', 'true')
    await user.type(screen.getByTestId('post-2-comment-text'), 'Nice work')
    await user.click(screen.getByTestId('post-2-comment-submit'))
    expect(await screen.findByTestId('comment-c1')).toHaveTextContent('Taylor Technician Nice work')
    expect(mock.calls.find((c) => path(c).endsWith('/posts/comment'))?.body).toEqual({ postId: 2, message: 'Nice work' })
  })

  it('follows the staff member whose profile it is', async () => {
    const other = { ...ME, id: 9, name: 'Morgan Manager', email: 'manager@portal.example', followers: 0, me: false }
    const mock = mockFetch((call) => {
      if (path(call).endsWith('/follow')) return json({ ...other, followers: 1, followedByMe: true })
      if (path(call).endsWith('/person')) return json(other)
      return json({ activities: [], posts: [] })
    })
    vi.stubGlobal('fetch', mock.fetch)
    const user = userEvent.setup()
    renderWithProviders(
      <MemoryRouter initialEntries={['/pages/profile?user=9']}>
        <ProfilePage />
      </MemoryRouter>,
    )
    expect(await screen.findByTestId('profile-name')).toHaveTextContent('Morgan Manager')
    expect(screen.queryByTestId('post-box')).not.toBeInTheDocument()
    await user.click(await screen.findByTestId('profile-follow'))
    expect(await screen.findByTestId('profile-followers')).toHaveTextContent('1 follower')
    expect(screen.getByTestId('profile-follow')).toHaveTextContent('Unfollow')
    expect(mock.calls.find((c) => path(c).endsWith('/follow'))?.body).toEqual({ userId: 9, follow: true })
    expect(mock.calls.some((c) => path(c).endsWith('/timeline') && c.url.includes('userId=9'))).toBe(true)
  })
})
