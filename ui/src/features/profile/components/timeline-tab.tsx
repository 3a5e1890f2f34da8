import { Box, Flex, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react'

import { ChatIcon } from '@/components/icons'
import { PersonAvatar } from '@/components/person-avatar'
import { formatNumber } from '@/lib/format'

import { postVerb, type Activity, type Post, type Timeline } from '../api'

import { MediaTile } from './media-tile'


function HeartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 1 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
    </svg>
  )
}

function ShareIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden>
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
    </svg>
  )
}

function PostCard({ post }: { post: Post }) {
  return (
    <Box as="article" bg="bg.panel" borderWidth="1px" borderColor="border.muted" borderRadius="xl" overflow="hidden" data-testid={`post-${post.id}`}>
      <HStack gap="3" p="4">
        <PersonAvatar name={post.user.name} src={post.user.avatar} size="md" />
        <Box minW="0">
          <Text fontSize="sm">
            <Text as="span" fontWeight="semibold">
              {post.user.name}
            </Text>{' '}
            <Text as="span" color="fg.muted">
              {postVerb(post.type)}
            </Text>
          </Text>
          <Text fontSize="xs" color="fg.subtle">
            {post.time}
          </Text>
        </Box>
      </HStack>
      <Text px="4" pb="4" data-testid={`post-${post.id}-message`}>
        {post.message}
      </Text>
      {post.media && <MediaTile media={post.media} h={{ base: '48', md: '72' }} borderRadius="0" />}
      {post.article && (
        <Flex mx="4" mb="4" borderWidth="1px" borderColor="border.muted" borderRadius="lg" overflow="hidden" direction={{ base: 'column', sm: 'row' }} data-testid={`post-${post.id}-article`}>
          <MediaTile media={post.article.media} w={{ base: 'full', sm: '48' }} h={{ base: '32', sm: 'auto' }} minH="28" borderRadius="0" flexShrink={0} />
          <Box p="4" minW="0">
            <Text fontWeight="semibold">{post.article.title}</Text>
            <Text fontSize="xs" color="brand.fg" mb="1">
              {post.article.subtitle}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {post.article.excerpt}
            </Text>
          </Box>
        </Flex>
      )}
      <HStack gap="5" px="4" py="3" borderTopWidth="1px" borderColor="border.muted" fontSize="sm" color="fg.muted">
        <HStack gap="1.5" data-testid={`post-${post.id}-likes`}>
          <HeartIcon />
          <Text>{formatNumber(post.like)} likes</Text>
        </HStack>
        <HStack gap="1.5" data-testid={`post-${post.id}-shares`}>
          <ShareIcon />
          <Text>{formatNumber(post.share)} shares</Text>
        </HStack>
        <HStack gap="1.5" ms="auto">
          <ChatIcon boxSize="4" />
          <Text>
            {post.comments.length} {post.comments.length === 1 ? 'comment' : 'comments'}
          </Text>
        </HStack>
      </HStack>
      {post.comments.length > 0 && (
        <Stack gap="3" px="4" py="4" bg="bg.subtle" data-testid={`post-${post.id}-comments`}>
          {post.comments.map((c) => (
            <HStack key={c.id} align="flex-start" gap="3">
              <PersonAvatar name={c.user.name} src={c.user.avatar} size="xs" />
              <Box minW="0" flex="1">
                <Text fontSize="sm">
                  <Text as="span" fontWeight="semibold">
                    {c.user.name}
                  </Text>{' '}
                  {c.message}
                </Text>
                <Text fontSize="xs" color="fg.subtle">
                  {c.time}
                </Text>
              </Box>
            </HStack>
          ))}
        </Stack>
      )}
    </Box>
  )
}

function Activities({ activities }: { activities: Activity[] }) {
  return (
    <Box bg="bg.panel" borderWidth="1px" borderColor="border.muted" borderRadius="xl" p="4" data-testid="profile-activities">
      <Heading as="h2" size="sm" mb="3">
        Latest activity
      </Heading>
      <Stack as="ul" gap="3">
        {activities.map((a) => (
          <HStack as="li" key={a.id} align="flex-start" gap="3" data-testid={`activity-${a.id}`}>
            <PersonAvatar name={a.user.name} src={a.user.avatar} size="xs" />
            <Box minW="0">
              <Text fontSize="sm">
                <Text as="span" fontWeight="semibold">
                  {a.user.name}
                </Text>{' '}
                {a.message}
              </Text>
              <Text fontSize="xs" color="fg.subtle">
                {a.time}
              </Text>
            </Box>
          </HStack>
        ))}
      </Stack>
    </Box>
  )
}

export function TimelineTab({ timeline }: { timeline: Timeline }) {
  return (
    <Grid templateColumns={{ base: '1fr', lg: '320px minmax(0, 1fr)' }} gap="5" alignItems="start">
      <Box position={{ lg: 'sticky' }} top="4" order={{ base: 2, lg: 1 }}>
        <Activities activities={timeline.activities} />
      </Box>
      <Stack gap="5" order={{ base: 1, lg: 2 }} maxW="3xl" data-testid="profile-posts">
        {timeline.posts.map((p) => (
          <PostCard key={p.id} post={p} />
        ))}
      </Stack>
    </Grid>
  )
}
