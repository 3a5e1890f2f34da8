import { Avatar, Box, Button, Flex, Heading, HStack, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react'
import { useAtomValue } from 'jotai'
import { useState, type ReactNode } from 'react'
import { useSearchParams } from 'react-router-dom'

import { LoadError } from '@/components/load-error'
import { errorMessage } from '@/data/client'
import { useApiData, type ApiData } from '@/hooks/use-api-data'
import { ROLE_LABELS, userAtom } from '@/lib/auth'
import { formatNumber } from '@/lib/format'
import { showMessage } from '@/lib/snackbar'

import { fetchAbout, fetchAlbums, fetchPerson, fetchTimeline, followPerson, type ProfilePerson } from '../api'

import { AboutTab } from './about-tab'
import { PhotosTab } from './photos-tab'
import { TimelineTab } from './timeline-tab'

type Tab = 'timeline' | 'about' | 'photos'
const TABS: [Tab, string][] = [
  ['timeline', 'Timeline'],
  ['about', 'About'],
  ['photos', 'Photos & videos'],
]

function Loaded<T>({ data, what, children }: { data: ApiData<T>; what: string; children: (value: T) => ReactNode }) {
  if (data.status === 'error') {
    return (
      <LoadError title={`Could not load the ${what}`} error={data.error} onRetry={data.reload} />
    )
  }
  if (data.status === 'loading' || data.data === null) {
    return (
      <Stack gap="4">
        <Skeleton h="40" borderRadius="xl" />
        <Skeleton h="64" borderRadius="xl" />
      </Stack>
    )
  }
  return <>{children(data.data)}</>
}

function TimelineSection({ userId, me }: { userId: number | null; me: number | null }) {
  const own = userId === null || userId === me
  const data = useApiData(`profile-timeline-${own ? 'all' : userId}`, (signal) => fetchTimeline(own ? null : userId, signal))
  return (
    <Loaded data={data} what="timeline">
      {(t) => <TimelineTab timeline={t} me={me} canPost={own} onChange={data.setData} />}
    </Loaded>
  )
}

/** Follow or unfollow the staff member whose profile this is, with the counts. */
function FollowBar({ person, onChange }: { person: ProfilePerson; onChange: (p: ProfilePerson) => void }) {
  const [busy, setBusy] = useState(false)
  const toggle = async () => {
    setBusy(true)
    try {
      onChange(await followPerson(person.id, !person.followedByMe))
    } catch (error) {
      showMessage(errorMessage(error), 'error')
    } finally {
      setBusy(false)
    }
  }
  return (
    <HStack gap="4" pb={{ md: '4' }} ms={{ md: 'auto' }} fontSize="sm" color="fg.muted">
      <Text data-testid="profile-followers">
        <Text as="span" fontWeight="semibold" color="fg">
          {formatNumber(person.followers)}
        </Text>{' '}
        {person.followers === 1 ? 'follower' : 'followers'}
      </Text>
      <Text data-testid="profile-following">
        <Text as="span" fontWeight="semibold" color="fg">
          {formatNumber(person.following)}
        </Text>{' '}
        following
      </Text>
      {!person.me && (
        <Button size="sm" colorPalette="brand" variant={person.followedByMe ? 'outline' : 'solid'} loading={busy} onClick={() => void toggle()} aria-pressed={person.followedByMe} data-testid="profile-follow">
          {person.followedByMe ? 'Unfollow' : 'Follow'}
        </Button>
      )}
    </HStack>
  )
}

function AboutSection() {
  const data = useApiData('profile-about', fetchAbout)
  return <Loaded data={data} what="profile">{(a) => <AboutTab about={a} />}</Loaded>
}

function PhotosSection() {
  const data = useApiData('profile-albums', fetchAlbums)
  return <Loaded data={data} what="albums">{(albums) => <PhotosTab albums={albums} />}</Loaded>
}

/**
 * /pages/profile: the signed-in user's profile with the timeline (a post box, likes, comments), about
 * and photos & videos; /pages/profile?user=<id>: another staff member's, with their posts and Follow.
 */
export default function ProfilePage() {
  const user = useAtomValue(userAtom)
  const [params, setParams] = useSearchParams()
  const tab: Tab = TABS.some(([t]) => t === params.get('tab')) ? (params.get('tab') as Tab) : 'timeline'
  const asked = Number(params.get('user'))
  const userId = Number.isInteger(asked) && asked > 0 ? asked : null
  const person = useApiData(`profile-person-${userId ?? 'me'}`, (signal) => fetchPerson(userId, signal))
  const me = user.data?.id ? Number(user.data.id) : person.data?.me ? person.data.id : null
  const other = person.data && !person.data.me ? person.data : null
  const name = other ? other.name : user.data?.displayName || user.data?.username || ''
  const photo = other ? other.photoURL : user.data?.photoURL
  const role = other ? undefined : user.role[0]
  const setTab = (value: string) => {
    const next = new URLSearchParams(params)
    if (value === 'timeline') next.delete('tab')
    else next.set('tab', value)
    setParams(next, { replace: true })
  }

  return (
    <Box data-testid="profile-page">
      <Box h={{ base: '28', md: '44' }} bgGradient="to-r" gradientFrom="teal.700" gradientVia="cyan.700" gradientTo="blue.800" />
      <Box px={{ base: '4', md: '8' }} bg="bg.panel" borderBottomWidth="1px" borderColor="border.muted">
        <Flex direction={{ base: 'column', md: 'row' }} align={{ base: 'center', md: 'flex-end' }} gap={{ base: '2', md: '5' }} mt={{ base: '-12', md: '-16' }}>
          <Avatar.Root boxSize={{ base: '24', md: '32' }} colorPalette="brand" borderWidth="4px" borderColor="bg.panel">
            {photo && <Avatar.Image src={photo} alt="" />}
            <Avatar.Fallback name={name} fontSize={{ base: '2xl', md: '4xl' }} />
          </Avatar.Root>
          <Box pb={{ md: '4' }} textAlign={{ base: 'center', md: 'start' }}>
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }} data-testid="profile-name">
              {name}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {other ? other.email : `${role ? ROLE_LABELS[role] : ''}${user.data?.email ? ` · ${user.data.email}` : ''}`}
            </Text>
          </Box>
          {person.data && <FollowBar person={person.data} onChange={person.setData} />}
        </Flex>
        {person.status === 'error' && (
          <Text color="red.fg" fontSize="sm" mt="2" data-testid="profile-person-error">
            {errorMessage(person.error)}
          </Text>
        )}
        <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" mt="4">
          <Tabs.List borderBottomWidth="0" justifyContent={{ base: 'center', md: 'flex-start' }}>
            {TABS.map(([value, label]) => (
              <Tabs.Trigger key={value} value={value} data-testid={`profile-tab-${value}`}>
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Tabs.Root>
      </Box>
      <Box px={{ base: '4', md: '8' }} py="6">
        {tab === 'timeline' && <TimelineSection userId={userId} me={me} />}
        {tab === 'about' && <AboutSection />}
        {tab === 'photos' && <PhotosSection />}
      </Box>
    </Box>
  )
}
