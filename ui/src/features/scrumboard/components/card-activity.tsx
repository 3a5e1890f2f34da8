import { Box, Button, Flex, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'

import { Section } from '@/components/section'

import type { Activity, Board, Card } from '../api'
import { formatWhen, newId, toDate } from '../board-utils'
import { ActivityIcon } from '../icons'

import { MemberAvatar } from './card-bits'

/** A card's comment field and its comments and activity, newest first. */
export function CardActivity({ card, board, me, onSave }: { card: Card; board: Board; me: { id: string; name: string }; onSave: (changes: Partial<Card>) => void }) {
  const [comment, setComment] = useState('')
  const authorOf = (a: Activity) => board.members.find((m) => m.id === a.idMember)?.name ?? a.memberName ?? 'Someone'
  const activities = [...card.activities].sort((a, b) => toDate(b.time).getTime() - toDate(a.time).getTime())
  return (
    <Section level="h3" size="sm" headerMb="2" landmark={false} icon={<ActivityIcon boxSize="4" />} title="Comments and activity">
      <Flex gap="3" mb="4">
        <MemberAvatar name={me.name} size="sm" />
        <Stack flex="1" gap="2">
          <Textarea rows={2} placeholder="Write a comment…" value={comment} onChange={(e) => setComment(e.target.value)} data-testid="card-comment-input" />
          <Box>
            <Button
              size="xs"
              colorPalette="brand"
              disabled={!comment.trim()}
              onClick={() => {
                onSave({ activities: [...card.activities, { id: newId(), type: 'comment', idMember: me.id, memberName: me.name, message: comment.trim(), time: new Date().toISOString() }] })
                setComment('')
              }}
              data-testid="card-comment-save"
            >
              Save comment
            </Button>
          </Box>
        </Stack>
      </Flex>
      <Stack gap="3" data-testid="card-activities">
        {activities.map((a) => (
          <Flex key={String(a.id)} gap="3" align="flex-start">
            <MemberAvatar name={authorOf(a)} src={board.members.find((m) => m.id === a.idMember)?.avatar} size="sm" />
            <Box flex="1" minW="0">
              <Text fontSize="sm">
                <Text as="span" fontWeight="semibold">
                  {authorOf(a)}
                </Text>{' '}
                <Text as="span" color="fg.muted" fontSize="xs">
                  {formatWhen(a.time)}
                </Text>
              </Text>
              {a.type === 'comment' ? (
                <Box mt="1" px="3" py="2" bg="bg.muted" borderRadius="md" fontSize="sm" whiteSpace="pre-wrap">
                  {a.message}
                </Box>
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  {a.message}
                </Text>
              )}
            </Box>
          </Flex>
        ))}
      </Stack>
    </Section>
  )
}
