import { Box, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react'
import type { ComponentType, ReactNode } from 'react'
import { NavLink } from 'react-router-dom'

/** A link of an app's side navigation (mail, to-do, notes, contacts): icon, text, optional count; `onNavigate` closes the drawer. */
export function SideLink({
  to,
  icon,
  children,
  testId,
  count,
  end,
  onNavigate,
}: {
  to: string
  icon: ReactNode
  children: ReactNode
  testId: string
  count?: number
  end?: boolean
  onNavigate?: () => void
}) {
  return (
    <NavLink to={to} end={end} onClick={onNavigate} data-testid={testId}>
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

/** A titled group of side links (Folders, Filters, Labels). */
export function SideGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Text px="4" mb="1" fontSize="xs" fontWeight="semibold" letterSpacing="wider" textTransform="uppercase" color="fg.subtle">
        {title}
      </Text>
      <Stack gap="0.5">{children}</Stack>
    </Box>
  )
}

/** The app's icon and name at the top of its side navigation (the page's h1). */
export function SideTitle({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Flex align="center" gap="3" px="2" pt="1">
      <Flex boxSize="10" borderRadius="lg" bg="brand.solid" color="brand.contrast" align="center" justify="center">
        {icon}
      </Flex>
      <Heading as="h1" size="lg">
        {children}
      </Heading>
    </Flex>
  )
}

/** Placeholder rows while an app's side navigation loads. */
export function SideSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <Stack gap="2" px="2">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} h="8" borderRadius="full" />
      ))}
    </Stack>
  )
}

type IconComponent = ComponentType<{ boxSize?: string }>
type NavItem = { id: string | number; handle: string; title: string }

/** The Filters and Labels groups of a mail-like app: links to `<base>/filter/<handle>` and `<base>/label/<handle>`. */
export function FilterAndLabelGroups({
  base,
  testIdPrefix,
  filters,
  labels,
  icons,
  fallbackIcon: Fallback,
  onNavigate,
}: {
  base: string
  testIdPrefix: string
  filters: (NavItem & { icon: string })[]
  labels: (NavItem & { color: string })[]
  icons: Record<string, IconComponent>
  fallbackIcon: IconComponent
  onNavigate: () => void
}) {
  return (
    <>
      <SideGroup title="Filters">
        {filters.map((f) => {
          const Icon = icons[f.icon] ?? Fallback
          return (
            <SideLink key={f.id} to={`${base}/filter/${f.handle}`} icon={<Icon boxSize="4.5" />} testId={`${testIdPrefix}-filter-${f.handle}`} onNavigate={onNavigate}>
              {f.title}
            </SideLink>
          )
        })}
      </SideGroup>
      <SideGroup title="Labels">
        {labels.map((l) => (
          <SideLink
            key={l.id}
            to={`${base}/label/${l.handle}`}
            icon={<Box boxSize="3" borderRadius="full" bg={l.color} mx="0.5" flexShrink={0} />}
            testId={`${testIdPrefix}-label-${l.handle}`}
            onNavigate={onNavigate}
          >
            {l.title}
          </SideLink>
        ))}
      </SideGroup>
    </>
  )
}
