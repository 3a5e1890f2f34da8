import { Box, Button, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useSetAtom } from 'jotai'
import type { ReactNode } from 'react'
import { NavLink } from 'react-router-dom'

import type { MailFilter, MailFolder, MailLabel } from '../api'
import { composeOpenAtom, mailSidebarOpenAtom } from '../atoms'
import { FOLDER_ICONS } from '../folder-icons'
import { ComposeIcon, MailIcon } from '../icons'

function SideLink({ to, icon, children, testId, count }: { to: string; icon: ReactNode; children: ReactNode; testId: string; count?: number }) {
  const close = useSetAtom(mailSidebarOpenAtom)
  return (
    <NavLink to={to} onClick={() => close(false)} data-testid={testId}>
      {({ isActive }) => (
        <Flex
          align="center"
          gap="3"
          h="10"
          px="4"
          borderRadius="full"
          fontSize="sm"
          fontWeight={isActive ? 'semibold' : 'medium'}
          color={isActive ? 'brand.fg' : 'fg.muted'}
          bg={isActive ? 'brand.muted' : 'transparent'}
          _hover={{ bg: isActive ? 'brand.muted' : 'bg.muted', color: isActive ? 'brand.fg' : 'fg' }}
          aria-current={isActive ? 'page' : undefined}
        >
          {icon}
          <Text flex="1" truncate>
            {children}
          </Text>
          {count ? (
            <Text fontSize="xs" fontWeight="semibold">
              {count}
            </Text>
          ) : null}
        </Flex>
      )}
    </NavLink>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Text px="4" mb="1" fontSize="xs" fontWeight="semibold" letterSpacing="wider" textTransform="uppercase" color="fg.subtle">
        {title}
      </Text>
      <Stack gap="0.5">{children}</Stack>
    </Box>
  )
}

export function MailSidebar({
  folders,
  filters,
  labels,
  loaded,
  unreadInbox,
}: {
  folders: MailFolder[]
  filters: MailFilter[]
  labels: MailLabel[]
  loaded: boolean
  unreadInbox?: number
}) {
  const openCompose = useSetAtom(composeOpenAtom)
  const closeSidebar = useSetAtom(mailSidebarOpenAtom)
  return (
    <Stack gap="6" p="4" data-testid="mail-sidebar">
      <Flex align="center" gap="3" px="2" pt="1">
        <Flex boxSize="10" borderRadius="lg" bg="brand.solid" color="brand.contrast" align="center" justify="center">
          <MailIcon boxSize="5" />
        </Flex>
        <Heading as="h1" size="lg">
          Mail
        </Heading>
      </Flex>
      <Button
        colorPalette="brand"
        borderRadius="full"
        onClick={() => {
          closeSidebar(false)
          openCompose(true)
        }}
        data-testid="mail-compose"
      >
        <ComposeIcon /> Compose
      </Button>
      {!loaded ? (
        <Stack gap="2" px="2">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} h="8" borderRadius="full" />
          ))}
        </Stack>
      ) : (
        <>
          <Section title="Folders">
            {folders.map((f) => {
              const Icon = FOLDER_ICONS[f.icon] ?? MailIcon
              return (
                <SideLink
                  key={f.id}
                  to={`/apps/mail/${f.handle}`}
                  icon={<Icon boxSize="4.5" />}
                  testId={`mail-folder-${f.handle}`}
                  count={f.handle === 'inbox' ? unreadInbox : undefined}
                >
                  {f.title}
                </SideLink>
              )
            })}
          </Section>
          <Section title="Filters">
            {filters.map((f) => {
              const Icon = FOLDER_ICONS[f.icon] ?? MailIcon
              return (
                <SideLink key={f.id} to={`/apps/mail/filter/${f.handle}`} icon={<Icon boxSize="4.5" />} testId={`mail-filter-${f.handle}`}>
                  {f.title}
                </SideLink>
              )
            })}
          </Section>
          <Section title="Labels">
            {labels.map((l) => (
              <SideLink
                key={l.id}
                to={`/apps/mail/label/${l.handle}`}
                icon={<Box boxSize="3" borderRadius="full" bg={l.color} mx="0.5" flexShrink={0} />}
                testId={`mail-label-${l.handle}`}
              >
                {l.title}
              </SideLink>
            ))}
          </Section>
        </>
      )}
    </Stack>
  )
}
