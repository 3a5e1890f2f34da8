import { Box, Button, Flex, Grid, Heading, HStack, IconButton, Input, Link, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import { ChatIcon, TrashIcon } from '@/components/icons'
import { PersonAvatar as SharedAvatar } from '@/components/person-avatar'
import { errorMessage } from '@/data/client'
import { useDialog } from '@/lib/dialog'
import { formatNumber } from '@/lib/format'
import { showMessage } from '@/lib/snackbar'

import { commentPost, createPost, likePost, MAX_COMMENT, MAX_POST, postTime, postVerb, profilePath, removePost, type Activity, type Person, type Post, type Timeline } from '../api'

import { MediaTile } from './media-tile'

function PersonAvatar({ person, size = 'sm' }: { person: Person; size?: 'xs' | 'sm' | 'md' }) {
  return <SharedAvatar name={person.name} src={person.avatar} size={size} colorPalette="brand" />
}

/** A person's name: a link to their profile when they are a staff member. */
function PersonName({ person }: { person: Person }) {
  if (!person.id) {
    return (
      <Text as="span" fontWeight="semibold">
        {person.name}
      </Text>
    )
  }
  return (
    <Link asChild fontWeight="semibold" color="inherit">
      <RouterLink to={profilePath(person.id)} data-testid={`person-link-${person.id}`}>
        {person.name}
      </RouterLink>
    </Link>
  )
}

function HeartIcon({ filled = false }: { filled?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" aria-hidden>
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

/** The box at the top of your own timeline: write and post. */
function PostBox({ onPosted }: { onPosted: (post: Post) => void }) {
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const tooLong = text.trim().length > MAX_POST
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!text.trim() || tooLong || busy) return
    setBusy(true)
    try {
      onPosted(await createPost(text.trim()))
      setText('')
      showMessage('Posted.', 'success')
    } catch (error) {
      showMessage(errorMessage(error), 'error', { title: 'Could not post' })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Box as="form" onSubmit={submit} bg="bg.panel" borderWidth="1px" borderColor="border.muted" borderRadius="xl" p="4" data-testid="post-box">
      <Textarea
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Write something…"
        aria-label="Write a post"
        rows={3}
        resize="vertical"
        data-testid="post-box-text"
      />
      <HStack justify="space-between" mt="3">
        <Text fontSize="xs" color={tooLong ? 'red.fg' : 'fg.subtle'} data-testid="post-box-count">
          {text.trim().length} / {MAX_POST}
        </Text>
        <Button type="submit" size="sm" colorPalette="brand" loading={busy} disabled={!text.trim() || tooLong} data-testid="post-box-submit">
          Post
        </Button>
      </HStack>
    </Box>
  )
}

function CommentBox({ post, onChanged }: { post: Post; onChanged: (post: Post) => void }) {
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!text.trim() || busy) return
    setBusy(true)
    try {
      onChanged(await commentPost(post.id, text.trim()))
      setText('')
    } catch (error) {
      showMessage(errorMessage(error), 'error', { title: 'Could not add the comment' })
    } finally {
      setBusy(false)
    }
  }
  return (
    <HStack as="form" onSubmit={submit} gap="2" px="4" py="3" borderTopWidth="1px" borderColor="border.muted">
      <Input
        size="sm"
        value={text}
        maxLength={MAX_COMMENT}
        onChange={(e) => setText(e.target.value)}
        placeholder="Add a comment…"
        aria-label="Add a comment"
        data-testid={`post-${post.id}-comment-text`}
      />
      <Button type="submit" size="sm" variant="outline" loading={busy} disabled={!text.trim()} data-testid={`post-${post.id}-comment-submit`}>
        Comment
      </Button>
    </HStack>
  )
}

function PostCard({ post, me, onChanged, onRemoved }: { post: Post; me: number | null; onChanged: (post: Post) => void; onRemoved: (post: Post) => void }) {
  const { confirm } = useDialog()
  const [liking, setLiking] = useState(false)
  const toggleLike = async () => {
    setLiking(true)
    try {
      onChanged(await likePost(post.id, !post.liked))
    } catch (error) {
      showMessage(errorMessage(error), 'error')
    } finally {
      setLiking(false)
    }
  }
  const remove = async () => {
    if (!(await confirm({ title: 'Remove this post?', body: 'It leaves the timeline with its likes and comments.', confirmLabel: 'Remove', tone: 'danger' }))) return
    try {
      await removePost(post.id)
      onRemoved(post)
      showMessage('Post removed.', 'success')
    } catch (error) {
      showMessage(errorMessage(error), 'error')
    }
  }
  return (
    <Box as="article" bg="bg.panel" borderWidth="1px" borderColor="border.muted" borderRadius="xl" overflow="hidden" data-testid={`post-${post.id}`}>
      <HStack gap="3" p="4">
        <PersonAvatar person={post.user} size="md" />
        <Box minW="0" flex="1">
          <Text fontSize="sm">
            <PersonName person={post.user} />{' '}
            <Text as="span" color="fg.muted">
              {postVerb(post.type)}
            </Text>
          </Text>
          <Text fontSize="xs" color="fg.subtle">
            {postTime(post.time)}
          </Text>
        </Box>
        {me !== null && post.user.id === me && (
          <IconButton aria-label="Remove this post" size="xs" variant="ghost" onClick={() => void remove()} data-testid={`post-${post.id}-remove`}>
            <TrashIcon />
          </IconButton>
        )}
      </HStack>
      <Text px="4" pb="4" whiteSpace="pre-wrap" data-testid={`post-${post.id}-message`}>
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
        <Button
          size="xs"
          fontSize="sm"
          fontWeight="normal"
          variant={post.liked ? 'subtle' : 'ghost'}
          colorPalette={post.liked ? 'red' : 'gray'}
          onClick={() => void toggleLike()}
          loading={liking}
          aria-pressed={Boolean(post.liked)}
          aria-label={post.liked ? 'Unlike' : 'Like'}
          data-testid={`post-${post.id}-like`}
        >
          <HeartIcon filled={Boolean(post.liked)} />
          <Text as="span" data-testid={`post-${post.id}-likes`}>
            {formatNumber(post.like)} {post.like === 1 ? 'like' : 'likes'}
          </Text>
        </Button>
        <HStack gap="1.5" data-testid={`post-${post.id}-shares`}>
          <ShareIcon />
          <Text>{formatNumber(post.share)} shares</Text>
        </HStack>
        <HStack gap="1.5" ms="auto" data-testid={`post-${post.id}-comment-count`}>
          <ChatIcon boxSize="4" />
          <Text>
            {post.comments.length} {post.comments.length === 1 ? 'comment' : 'comments'}
          </Text>
        </HStack>
      </HStack>
      {post.comments.length > 0 && (
        <Stack gap="3" px="4" py="4" bg="bg.subtle" data-testid={`post-${post.id}-comments`}>
          {post.comments.map((c) => (
            <HStack key={c.id} align="flex-start" gap="3" data-testid={`comment-${c.id}`}>
              <PersonAvatar person={c.user} size="xs" />
              <Box minW="0" flex="1">
                <Text fontSize="sm">
                  <PersonName person={c.user} /> {c.message}
                </Text>
                <Text fontSize="xs" color="fg.subtle">
                  {postTime(c.time)}
                </Text>
              </Box>
            </HStack>
          ))}
        </Stack>
      )}
      <CommentBox post={post} onChanged={onChanged} />
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
            <PersonAvatar person={a.user} size="xs" />
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

/**
 * The timeline: the activities beside the posts. `me` is the signed-in user's id (their posts can be
 * removed); `canPost` shows the post box (your own profile); `onChange` keeps the page's copy current.
 */
export function TimelineTab({ timeline, me = null, canPost = false, onChange }: { timeline: Timeline; me?: number | null; canPost?: boolean; onChange?: (timeline: Timeline) => void }) {
  const replace = (post: Post) => onChange?.({ ...timeline, posts: timeline.posts.map((p) => (p.id === post.id ? post : p)) })
  const removed = (post: Post) => onChange?.({ ...timeline, posts: timeline.posts.filter((p) => p.id !== post.id) })
  const posted = (post: Post) => onChange?.({ ...timeline, posts: [post, ...timeline.posts] })
  return (
    <Grid templateColumns={{ base: '1fr', lg: '320px minmax(0, 1fr)' }} gap="5" alignItems="start">
      <Box position={{ lg: 'sticky' }} top="4" order={{ base: 2, lg: 1 }}>
        <Activities activities={timeline.activities} />
      </Box>
      <Stack gap="5" order={{ base: 1, lg: 2 }} maxW="3xl" data-testid="profile-posts">
        {canPost && <PostBox onPosted={posted} />}
        {timeline.posts.length === 0 && (
          <Text color="fg.muted" data-testid="profile-no-posts">
            No posts yet.
          </Text>
        )}
        {timeline.posts.map((p) => (
          <PostCard key={p.id} post={p} me={me} onChanged={replace} onRemoved={removed} />
        ))}
      </Stack>
    </Grid>
  )
}
