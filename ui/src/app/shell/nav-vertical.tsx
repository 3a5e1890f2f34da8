import { Box, chakra, Collapsible, Flex, Separator, Text } from '@chakra-ui/react'
import { useAtomValue } from 'jotai'
import { useState, type ReactNode } from 'react'
import { Link as RouterLink, useLocation } from 'react-router-dom'

import { ChevronDownIcon } from '@/components/icons'
import { hasActiveChild, isItemActive, navIndent, type NavBadge, type NavItem } from '@/lib/navigation'
import { settingsAtom } from '@/data/settings'

import { TEMPLATE_NAV_ID } from '../navigation'
import { NavIcon } from './nav-icons'
import { useUpdateSettings } from './use-settings'

interface EntryProps {
  item: NavItem
  level: number
  /** Folded navbar: icons only. */
  compact: boolean
  onNavigate?: () => void
}

export function NavBadgeChip({ badge }: { badge: NavBadge }) {
  return (
    <Box
      as="span"
      px="1.5"
      py="0.5"
      borderRadius="full"
      fontSize="2xs"
      fontWeight="bold"
      lineHeight="1.2"
      // Darkened a third: white 2xs text on the configured colours stays readable (WCAG AA).
      bg={badge.bg ? `color-mix(in srgb, ${badge.bg} 68%, black)` : 'brand.solid'}
      color={badge.fg ?? 'brand.contrast'}
      flexShrink={0}
    >
      {badge.title}
    </Box>
  )
}

const rowStyles = {
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  minH: '10',
  mx: '2',
  pr: '3',
  borderRadius: 'md',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  textDecoration: 'none',
  transition: 'background 0.15s, color 0.15s',
  _hover: { bg: 'bg.muted', color: 'fg' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '-2px' },
} as const

function Row({ item, compact, active, children }: { item: NavItem; compact: boolean; active: boolean; children?: ReactNode }) {
  return (
    <>
      <NavIcon name={item.icon} boxSize="5" flexShrink={0} color={active ? 'var(--portal-accent, currentColor)' : undefined} />
      {!compact && (
        <Text as="span" flex="1" truncate>
          {item.title}
        </Text>
      )}
      {!compact && item.badge && <NavBadgeChip badge={item.badge} />}
      {children}
      {compact && <chakra.span srOnly>{item.title}</chakra.span>}
    </>
  )
}

function NavLinkEntry({ item, level, compact, onNavigate }: EntryProps) {
  const { pathname } = useLocation()
  const active = isItemActive(item, pathname)
  const common = {
    ...rowStyles,
    ps: compact ? '0' : `${navIndent(level)}px`,
    justifyContent: compact ? 'center' : undefined,
    title: compact ? item.title : undefined,
    'data-testid': `nav-item-${item.id}`,
    'data-active': active ? '' : undefined,
    onClick: onNavigate,
    ...(active
      ? { bg: 'color-mix(in srgb, var(--portal-accent, #2dd4bf) 16%, transparent)', color: 'fg', fontWeight: 'semibold' }
      : {}),
  }
  if (item.external || item.type === 'link') {
    return (
      <chakra.a
        href={item.url}
        target={item.target ?? (item.external ? '_blank' : undefined)}
        rel={item.external ? 'noopener noreferrer' : undefined}
        {...common}
      >
        <Row item={item} compact={compact} active={false} />
      </chakra.a>
    )
  }
  return (
    <chakra.a asChild {...common} aria-current={active ? 'page' : undefined}>
      <RouterLink to={item.url ?? '#'}>
        <Row item={item} compact={compact} active={active} />
      </RouterLink>
    </chakra.a>
  )
}

function NavCollapseEntry({ item, level, compact, onNavigate }: EntryProps) {
  const { pathname } = useLocation()
  const childActive = hasActiveChild(item, pathname)
  const [open, setOpen] = useState(childActive)
  const [wasActive, setWasActive] = useState(childActive)
  // Opens by itself when the route moves to one of its children.
  if (childActive !== wasActive) {
    setWasActive(childActive)
    if (childActive) setOpen(true)
  }
  return (
    <Collapsible.Root open={open && !compact} onOpenChange={(d) => setOpen(d.open)}>
      <Collapsible.Trigger asChild>
        <chakra.button
          type="button"
          {...rowStyles}
          w="calc(100% - var(--chakra-spacing-4))"
          ps={compact ? '0' : `${navIndent(level)}px`}
          justifyContent={compact ? 'center' : undefined}
          color={childActive ? 'fg' : 'fg.muted'}
          title={compact ? item.title : undefined}
          data-testid={`nav-collapse-${item.id}`}
          aria-expanded={open}
        >
          <Row item={item} compact={compact} active={childActive}>
            {!compact && <ChevronDownIcon boxSize="4" transform={open ? 'rotate(180deg)' : undefined} transition="transform 0.2s" />}
          </Row>
        </chakra.button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <NavList items={item.children ?? []} level={level + 1} compact={compact} onNavigate={onNavigate} />
      </Collapsible.Content>
    </Collapsible.Root>
  )
}

/**
 * The "Template" entry: the sample areas under one header that each user opens or collapses (saved
 * with their settings). It opens by itself on a page inside it; its groups keep their own headers.
 */
function NavTemplateGroup({ item, level, compact, onNavigate }: EntryProps) {
  const { pathname } = useLocation()
  const saved = useAtomValue(settingsAtom).navigation.templateOpen
  const update = useUpdateSettings()
  const inside = hasActiveChild(item, pathname)
  const [open, setOpen] = useState(saved || inside)
  const [wasInside, setWasInside] = useState(inside)
  const [wasSaved, setWasSaved] = useState(saved)
  if (inside !== wasInside) {
    setWasInside(inside)
    if (inside) setOpen(true)
  }
  if (saved !== wasSaved) {
    // Changed elsewhere (another tab of this user, the settings loaded).
    setWasSaved(saved)
    setOpen(saved || inside)
  }
  const toggle = () => {
    setOpen(!open)
    update({ navigation: { templateOpen: !open } })
  }
  return (
    <Box role="group" aria-label={item.title} data-testid={`nav-group-${item.id}`} data-state={open ? 'open' : 'closed'} mb="2">
      <chakra.button
        type="button"
        {...rowStyles}
        w="calc(100% - var(--chakra-spacing-4))"
        ps={compact ? '0' : `${navIndent(level)}px`}
        justifyContent={compact ? 'center' : undefined}
        minH="9"
        fontSize="xs"
        fontWeight="semibold"
        letterSpacing="wider"
        textTransform="uppercase"
        color={inside ? 'fg' : 'fg.subtle'}
        title={compact ? `${item.title} (sample areas)` : undefined}
        aria-expanded={open}
        onClick={toggle}
        data-testid="nav-template-toggle"
      >
        {compact ? (
          <NavIcon name={item.icon} boxSize="5" />
        ) : (
          <Text as="span" flex="1" textAlign="start">
            {item.title}
          </Text>
        )}
        {!compact && <ChevronDownIcon boxSize="4" transform={open ? 'rotate(180deg)' : undefined} transition="transform 0.2s" />}
        {compact && <chakra.span srOnly>{item.title}</chakra.span>}
      </chakra.button>
      {open && <NavList items={item.children ?? []} level={level} compact={compact} onNavigate={onNavigate} />}
    </Box>
  )
}

function NavEntry(props: EntryProps) {
  const { item, level, compact, onNavigate } = props
  switch (item.type) {
    case 'divider':
      return <Separator my="3" mx="4" borderColor="border.muted" data-testid={`nav-divider-${item.id}`} />
    case 'group':
      return (
        <Box role="group" aria-label={item.title} data-testid={`nav-group-${item.id}`} mb="2">
          {compact ? (
            <Separator my="2" mx="4" borderColor="border.muted" />
          ) : (
            <Text
              px="6"
              pt="4"
              pb="2"
              fontSize="xs"
              fontWeight="semibold"
              letterSpacing="wider"
              textTransform="uppercase"
              color="fg.muted"
              ps={`${navIndent(level)}px`}
            >
              {item.title}
            </Text>
          )}
          <NavList items={item.children ?? []} level={level} compact={compact} onNavigate={onNavigate} />
        </Box>
      )
    case 'collapse':
      return item.id === TEMPLATE_NAV_ID ? <NavTemplateGroup {...props} /> : <NavCollapseEntry {...props} />
    default:
      return <NavLinkEntry item={item} level={level} compact={compact} onNavigate={onNavigate} />
  }
}

function NavList({ items, level, compact, onNavigate }: { items: NavItem[]; level: number; compact: boolean; onNavigate?: () => void }) {
  return (
    <Flex direction="column" gap="0.5">
      {items.map((item) => (
        <NavEntry key={item.id} item={item} level={level} compact={compact} onNavigate={onNavigate} />
      ))}
    </Flex>
  )
}

/** The vertical rendering of the navigation (navbar of layout 1, mobile drawer). */
export function NavVertical({ items, compact = false, onNavigate }: { items: NavItem[]; compact?: boolean; onNavigate?: () => void }) {
  return (
    <chakra.nav aria-label="Main navigation" data-testid="nav-vertical" py="2">
      <NavList items={items} level={0} compact={compact} onNavigate={onNavigate} />
    </chakra.nav>
  )
}
