import { Alert, Avatar, Box, Button, Flex, Heading, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react'
import { useAtomValue } from 'jotai'
import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router-dom'

import { RefreshIcon } from '@/components/icons'
import { useApiData, type ApiData } from '@/hooks/use-api-data'
import { errorMessage } from '@/lib/api'
import { ROLE_LABELS, userAtom } from '@/lib/auth'

import { fetchAbout, fetchAlbums, fetchTimeline } from '../api'

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
      <Alert.Root status="error" borderRadius="lg">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Could not load the {what}</Alert.Title>
          <Alert.Description>{errorMessage(data.error)}</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" onClick={data.reload}>
          <RefreshIcon /> Try again
        </Button>
      </Alert.Root>
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

function TimelineSection() {
  const data = useApiData('profile-timeline', fetchTimeline)
  return <Loaded data={data} what="timeline">{(t) => <TimelineTab timeline={t} />}</Loaded>
}

function AboutSection() {
  const data = useApiData('profile-about', fetchAbout)
  return <Loaded data={data} what="profile">{(a) => <AboutTab about={a} />}</Loaded>
}

function PhotosSection() {
  const data = useApiData('profile-albums', fetchAlbums)
  return <Loaded data={data} what="albums">{(albums) => <PhotosTab albums={albums} />}</Loaded>
}

/** /pages/profile: the signed-in user's profile with the timeline, about and photos & videos. */
export default function ProfilePage() {
  const user = useAtomValue(userAtom)
  const [params, setParams] = useSearchParams()
  const tab: Tab = TABS.some(([t]) => t === params.get('tab')) ? (params.get('tab') as Tab) : 'timeline'
  const name = user.data?.displayName || user.data?.username || ''
  const role = user.role[0]

  return (
    <Box data-testid="profile-page">
      <Box h={{ base: '28', md: '44' }} bgGradient="to-r" gradientFrom="teal.700" gradientVia="cyan.700" gradientTo="blue.800" />
      <Box px={{ base: '4', md: '8' }} bg="bg.panel" borderBottomWidth="1px" borderColor="border.muted">
        <Flex direction={{ base: 'column', md: 'row' }} align={{ base: 'center', md: 'flex-end' }} gap={{ base: '2', md: '5' }} mt={{ base: '-12', md: '-16' }}>
          <Avatar.Root boxSize={{ base: '24', md: '32' }} colorPalette="brand" borderWidth="4px" borderColor="bg.panel">
            {user.data?.photoURL && <Avatar.Image src={user.data.photoURL} alt="" />}
            <Avatar.Fallback name={name} fontSize={{ base: '2xl', md: '4xl' }} />
          </Avatar.Root>
          <Box pb={{ md: '4' }} textAlign={{ base: 'center', md: 'start' }}>
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }} data-testid="profile-name">
              {name}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {role ? ROLE_LABELS[role] : ''}
              {user.data?.email ? ` · ${user.data.email}` : ''}
            </Text>
          </Box>
        </Flex>
        <Tabs.Root value={tab} onValueChange={(e) => setParams(e.value === 'timeline' ? {} : { tab: e.value }, { replace: true })} variant="line" mt="4">
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
        {tab === 'timeline' && <TimelineSection />}
        {tab === 'about' && <AboutSection />}
        {tab === 'photos' && <PhotosSection />}
      </Box>
    </Box>
  )
}
