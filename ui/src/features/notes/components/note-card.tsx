import { Badge, Box, HStack, IconButton, Progress, Stack, Text } from '@chakra-ui/react'

import { Checkbox } from '@/components/ui/checkbox'
import { LabelChips } from '@/components/label-chips'
import { cardStyle } from '@/components/card-style'

import type { Note, NoteLabel } from '../api'
import { ArchiveIcon, BellIcon, UnarchiveIcon } from '../icons'
import { checklistProgress, formatReminder, mediaUrl } from '../notes-utils'

export function NoteCard({
  note,
  labels,
  onOpen,
  onToggleItem,
  onArchive,
}: {
  note: Note
  labels: NoteLabel[]
  onOpen: () => void
  onToggleItem: (index: number) => void
  onArchive: () => void
}) {
  const image = mediaUrl(note.image)
  const progress = checklistProgress(note.checklist)
  return (
    <Box
      role="group"
      mb="4"
      css={{ breakInside: 'avoid' }}
      {...cardStyle}
      overflow="hidden"
      cursor="pointer"
      transition="box-shadow 0.15s, border-color 0.15s"
      _hover={{ borderColor: 'border.emphasized', boxShadow: 'md' }}
      onClick={onOpen}
      data-testid={`note-card-${note.id}`}
      data-archived={note.archive ? 'true' : 'false'}
    >
      {image && <img src={image} alt="" loading="lazy" width={480} height={320} style={{ width: '100%', height: 'auto', display: 'block', maxHeight: 220, objectFit: 'cover' }} />}
      <Stack gap="2" p="4">
        {note.title && (
          <Text fontWeight="semibold" data-testid={`note-card-${note.id}-title`}>
            {note.title}
          </Text>
        )}
        {note.description && (
          <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap" lineClamp={10}>
            {note.description}
          </Text>
        )}
        {note.checklist.length > 0 && (
          <Stack gap="1" align="flex-start" data-testid={`note-card-${note.id}-checklist`}>
            {note.checklist.map((item, i) => (
              <Checkbox
                key={item.id}
                size="sm"
                checked={item.checked}
                onClick={(e) => e.stopPropagation()}
                onCheckedChange={() => onToggleItem(i)}
                inputProps={{ 'data-testid': `note-card-${note.id}-item-${i}` }}
              >
                <Text as="span" fontSize="sm" textDecoration={item.checked ? 'line-through' : undefined} color={item.checked ? 'fg.subtle' : 'fg'}>
                  {item.text}
                </Text>
              </Checkbox>
            ))}
            <HStack gap="2" mt="1" w="full">
              <Progress.Root value={(progress.done / progress.total) * 100} size="xs" flex="1" colorPalette="brand">
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
              <Text fontSize="xs" color="fg.subtle">
                {progress.done}/{progress.total}
              </Text>
            </HStack>
          </Stack>
        )}
        <HStack gap="1.5" wrap="wrap" minH="6">
          {note.reminder && (
            <Badge size="sm" borderRadius="full" variant="subtle" colorPalette="brand">
              <BellIcon boxSize="3" /> {formatReminder(note.reminder)}
            </Badge>
          )}
          <LabelChips ids={note.labels} labels={labels} name={(l) => l.name} testId={(l) => `note-card-${note.id}-label-${l.handle}`} />
          <Box flex="1" />
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={note.archive ? 'Unarchive' : 'Archive'}
            title={note.archive ? 'Unarchive' : 'Archive'}
            opacity={{ base: 1, lg: 0 }}
            _groupHover={{ opacity: 1 }}
            _focusVisible={{ opacity: 1 }}
            onClick={(e) => {
              e.stopPropagation()
              onArchive()
            }}
            data-testid={`note-card-${note.id}-archive`}
          >
            {note.archive ? <UnarchiveIcon /> : <ArchiveIcon />}
          </IconButton>
        </HStack>
      </Stack>
    </Box>
  )
}
