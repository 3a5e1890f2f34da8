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
const ALBUMS: Album[] = [{ id: 1, name: 'Site visits', info: '2 photos', media: [{ type: 'photo', title: 'Site visits 1', preview: 'a.jpg' }, { type: 'photo', title: 'Site visits 2', preview: 'b.jpg' }] }]

describe('profile', () => {
  it('words the posts and picks stable colours', () => {
    expect(postVerb('article')).toBe('shared an article')
    expect(postVerb('something')).toBe('said')
    expect(hueOf('a.jpg')).toBe(hueOf('a.jpg'))
    expect(hueOf('a.jpg')).toBeGreaterThanOrEqual(0)
  })

  it('shows the timeline, then about and the albums', async () => {
    const mock = mockFetch((call) => json(path(call).endsWith('/timeline') ? TIMELINE : path(call).endsWith('/about') ? ABOUT : ALBUMS))
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
})
