import { Box, Button, Flex, HStack, Input, Popover, Portal, Stack, Text } from '@chakra-ui/react'
import { useRef, useState } from 'react'

import { Section } from '@/components/section'
import { errorMessage } from '@/data/client'
import { showMessage } from '@/lib/snackbar'

import type { Attachment, Card } from '../api'
import { formatWhen, imageToDataUrl, isUrl, mediaUrl, newId } from '../board-utils'
import { ClipIcon, ImageIcon, LinkIcon } from '../icons'

/** The popover that attaches a link, an image address or an uploaded image to a card. */
export function AttachmentAdder({ onAdd }: { onAdd: (a: Attachment) => void }) {
  const [open, setOpen] = useState(false)
  const [name, setName] = useState('')
  const [url, setUrl] = useState('')
  const file = useRef<HTMLInputElement>(null)
  const valid = isUrl(url.trim())
  const add = (kind: 'link' | 'image') => {
    const address = url.trim()
    const label = name.trim() || address
    onAdd(kind === 'link' ? { id: newId(), type: 'link', name: label, url: address, time: new Date().toISOString() } : { id: newId(), type: 'image', name: label, src: address, time: new Date().toISOString() })
    setName('')
    setUrl('')
    setOpen(false)
  }
  return (
    <Popover.Root open={open} onOpenChange={(d) => setOpen(d.open)}>
      <Popover.Trigger asChild>
        <Button size="xs" variant="outline" data-testid="card-attach-button">
          <ClipIcon /> Attachment
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="80">
            <Popover.Body>
              <Stack gap="3">
                <Text fontWeight="semibold" fontSize="sm">
                  Attach a link or an image
                </Text>
                <Input size="sm" placeholder="https://…" value={url} onChange={(e) => setUrl(e.target.value)} data-testid="card-attach-url" />
                <Input size="sm" placeholder="Name (optional)" value={name} onChange={(e) => setName(e.target.value)} data-testid="card-attach-name" />
                <HStack justify="space-between">
                  <Button size="xs" variant="ghost" onClick={() => file.current?.click()} data-testid="card-attach-upload">
                    <ImageIcon /> Upload image
                  </Button>
                  <HStack>
                    <Button size="xs" variant="outline" disabled={!valid} onClick={() => add('image')} data-testid="card-attach-image">
                      As image
                    </Button>
                    <Button size="xs" colorPalette="brand" disabled={!valid} onClick={() => add('link')} data-testid="card-attach-link">
                      Attach link
                    </Button>
                  </HStack>
                </HStack>
                <input
                  ref={file}
                  type="file"
                  accept="image/*"
                  hidden
                  onChange={(e) => {
                    const picked = e.target.files?.[0]
                    e.target.value = ''
                    if (!picked) return
                    imageToDataUrl(picked).then(
                      (src) => {
                        onAdd({ id: newId(), type: 'image', name: picked.name, src, time: new Date().toISOString() })
                        setOpen(false)
                      },
                      (err: unknown) => showMessage(errorMessage(err), 'error'),
                    )
                  }}
                />
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  )
}

/** The attachments of a card: thumbnail, name (a link opens in a new tab), cover switch, remove. */
export function AttachmentList({ card, onSave }: { card: Card; onSave: (changes: Partial<Card>) => void }) {
  return (
    <Section level="h3" size="sm" headerMb="2" landmark={false} icon={<ClipIcon boxSize="4" />} title="Attachments">
      <Stack gap="2" data-testid="card-attachments">
        {card.attachments.map((a) => {
          const src = a.type === 'image' ? mediaUrl(a.src) : null
          const isCover = card.idAttachmentCover === a.id
          return (
            <Flex key={a.id} gap="3" align="center" data-testid={`card-attachment-${a.id}`}>
              <Flex w="20" h="14" flexShrink={0} borderRadius="md" bg="bg.muted" align="center" justify="center" overflow="hidden">
                {src ? <img src={src} alt="" loading="lazy" width={480} height={270} style={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : a.type === 'image' ? <ImageIcon boxSize="6" color="fg.muted" /> : <LinkIcon boxSize="6" color="fg.muted" />}
              </Flex>
              <Box flex="1" minW="0">
                {a.type === 'link' && a.url ? (
                  <a href={a.url} target="_blank" rel="noopener noreferrer">
                    <Text fontSize="sm" fontWeight="medium" truncate color="brand.fg" _hover={{ textDecoration: 'underline' }}>
                      {a.name}
                    </Text>
                  </a>
                ) : (
                  <Text fontSize="sm" fontWeight="medium" truncate>
                    {a.name}
                  </Text>
                )}
                <Text fontSize="xs" color="fg.muted">
                  {formatWhen(a.time)}
                  {isCover ? ' · Cover' : ''}
                  {a.type === 'image' && !src ? ' · image file not available here' : ''}
                </Text>
                <HStack gap="1" mt="0.5">
                  {a.type === 'image' && (
                    <Button size="2xs" variant="plain" px="0" color="fg.muted" onClick={() => onSave({ idAttachmentCover: isCover ? '' : a.id })} data-testid={`card-attachment-${a.id}-cover`}>
                      {isCover ? 'Remove cover' : 'Make cover'}
                    </Button>
                  )}
                  <Button
                    size="2xs"
                    variant="plain"
                    px="0"
                    ms={a.type === 'image' ? '3' : '0'}
                    color="fg.muted"
                    onClick={() => onSave({ attachments: card.attachments.filter((x) => x.id !== a.id), idAttachmentCover: isCover ? '' : card.idAttachmentCover })}
                    data-testid={`card-attachment-${a.id}-remove`}
                  >
                    Remove
                  </Button>
                </HStack>
              </Box>
            </Flex>
          )
        })}
      </Stack>
    </Section>
  )
}
