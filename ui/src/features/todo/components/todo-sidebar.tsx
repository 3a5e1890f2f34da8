import { Box, Button, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useSetAtom } from 'jotai'
import type { ReactNode } from 'react'
import { NavLink } from 'react-router-dom'

import type { TodoFilter, TodoFolder, TodoLabel } from '../api'
import { todoDialogAtom, todoSidebarOpenAtom } from '../atoms'
import { FILTER_ICONS } from '../folder-icons'
import { ListIcon, PlusIcon, TodoIcon } from '../icons'

function SideLink({ to, icon, children, testId }: { to: string; icon: ReactNode; children: ReactNode; testId: string }) {
  const close = useSetAtom(todoSidebarOpenAtom)
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

export function TodoSidebar({ folders, filters, labels, loaded }: { folders: TodoFolder[]; filters: TodoFilter[]; labels: TodoLabel[]; loaded: boolean }) {
  const openDialog = useSetAtom(todoDialogAtom)
  const closeSidebar = useSetAtom(todoSidebarOpenAtom)
  return (
    <Stack gap="6" p="4" data-testid="todo-sidebar">
      <Flex align="center" gap="3" px="2" pt="1">
        <Flex boxSize="10" borderRadius="lg" bg="brand.solid" color="brand.contrast" align="center" justify="center">
          <TodoIcon boxSize="5" />
        </Flex>
        <Heading as="h1" size="lg">
          To-Do
        </Heading>
      </Flex>
      <Button
        colorPalette="brand"
        borderRadius="full"
        onClick={() => {
          closeSidebar(false)
          openDialog({ mode: 'new' })
        }}
        data-testid="todo-add"
      >
        <PlusIcon /> Add task
      </Button>
      {!loaded ? (
        <Stack gap="2" px="2">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} h="8" borderRadius="full" />
          ))}
        </Stack>
      ) : (
        <>
          <Stack gap="0.5">
            {folders.map((f) => {
              const Icon = FILTER_ICONS[f.icon] ?? ListIcon
              return (
                <SideLink key={f.id} to={`/apps/todo/${f.handle}`} icon={<Icon boxSize="4.5" />} testId={`todo-folder-${f.handle}`}>
                  {f.title}
                </SideLink>
              )
            })}
          </Stack>
          <Section title="Filters">
            {filters.map((f) => {
              const Icon = FILTER_ICONS[f.icon] ?? ListIcon
              return (
                <SideLink key={f.id} to={`/apps/todo/filter/${f.handle}`} icon={<Icon boxSize="4.5" />} testId={`todo-filter-${f.handle}`}>
                  {f.title}
                </SideLink>
              )
            })}
          </Section>
          <Section title="Labels">
            {labels.map((l) => (
              <SideLink
                key={l.id}
                to={`/apps/todo/label/${l.handle}`}
                icon={<Box boxSize="3" borderRadius="full" bg={l.color} mx="0.5" flexShrink={0} />}
                testId={`todo-label-${l.handle}`}
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
