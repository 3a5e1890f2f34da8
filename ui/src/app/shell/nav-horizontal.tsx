import { Button, chakra, Flex, Menu, Portal, Separator } from '@chakra-ui/react'
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react'
import { Link as RouterLink, useLocation } from 'react-router-dom'

import { ChevronDownIcon, ChevronRightIcon } from '@/components/icons'
import { hasActiveChild, isItemActive, type NavItem } from '@/lib/navigation'

import { NavIcon } from './nav-icons'
import { NavBadgeChip } from './nav-vertical'

function activeStyles(active: boolean) {
  return active
    ? { bg: 'color-mix(in srgb, var(--portal-accent, #2dd4bf) 16%, transparent)', color: 'fg' }
    : { color: 'fg.muted' }
}

function TopLink({ item }: { item: NavItem }) {
  const { pathname } = useLocation()
  const active = isItemActive(item, pathname)
  const content = (
    <>
      <NavIcon name={item.icon} boxSize="4" />
      {item.title}
      {item.badge && <NavBadgeChip badge={item.badge} />}
    </>
  )
  if (item.external || item.type === 'link') {
    return (
      <Button asChild variant="ghost" size="sm" {...activeStyles(false)}>
        <a href={item.url} target={item.target ?? '_blank'} rel="noopener noreferrer" data-testid={`nav-item-${item.id}`}>
          {content}
        </a>
      </Button>
    )
  }
  return (
    <Button asChild variant="ghost" size="sm" {...activeStyles(active)}>
      <RouterLink
        to={item.url ?? '#'}
        data-testid={`nav-item-${item.id}`}
        data-active={active ? '' : undefined}
        aria-current={active ? 'page' : undefined}
      >
        {content}
      </RouterLink>
    </Button>
  )
}

/** Menu entries of a collapse (nested collapses open to the side). */
function MenuEntries({ items }: { items: NavItem[] }) {
  const { pathname } = useLocation()
  return (
    <>
      {items.map((item) => {
        if (item.type === 'divider') return <Menu.Separator key={item.id} />
        if (item.type === 'group') {
          return (
            <Menu.ItemGroup key={item.id}>
              <Menu.ItemGroupLabel>{item.title}</Menu.ItemGroupLabel>
              <MenuEntries items={item.children ?? []} />
            </Menu.ItemGroup>
          )
        }
        if (item.type === 'collapse') {
          return (
            <Menu.Root key={item.id} positioning={{ placement: 'right-start', gutter: 2 }}>
              <Menu.TriggerItem data-testid={`nav-collapse-${item.id}`}>
                <NavIcon name={item.icon} boxSize="4" />
                <chakra.span flex="1">{item.title}</chakra.span>
                <ChevronRightIcon boxSize="4" />
              </Menu.TriggerItem>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content>
                    <MenuEntries items={item.children ?? []} />
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          )
        }
        const active = isItemActive(item, pathname)
        return (
          <Menu.Item key={item.id} value={item.id} asChild>
            {item.external || item.type === 'link' ? (
              <a href={item.url} target={item.target ?? '_blank'} rel="noopener noreferrer" data-testid={`nav-item-${item.id}`}>
                <NavIcon name={item.icon} boxSize="4" /> {item.title}
              </a>
            ) : (
              <RouterLink to={item.url ?? '#'} data-testid={`nav-item-${item.id}`} aria-current={active ? 'page' : undefined}>
                <NavIcon name={item.icon} boxSize="4" /> {item.title}
                {item.badge && <NavBadgeChip badge={item.badge} />}
              </RouterLink>
            )}
          </Menu.Item>
        )
      })}
    </>
  )
}

function TopEntry({ item }: { item: NavItem }) {
  const { pathname } = useLocation()
  switch (item.type) {
    case 'divider':
      return <Separator orientation="vertical" h="5" mx="1" borderColor="border.muted" />
    case 'group':
      // A group shows its entries in the bar itself, labelled for assistive tech.
      return (
        <Flex role="group" aria-label={item.title} gap="1" align="center" data-testid={`nav-group-${item.id}`}>
          {(item.children ?? []).map((child) => (
            <TopEntry key={child.id} item={child} />
          ))}
        </Flex>
      )
    case 'collapse': {
      const active = hasActiveChild(item, pathname)
      return (
        <Menu.Root>
          <Menu.Trigger asChild>
            <Button variant="ghost" size="sm" data-testid={`nav-collapse-${item.id}`} {...activeStyles(active)}>
              <NavIcon name={item.icon} boxSize="4" />
              {item.title}
              <ChevronDownIcon boxSize="4" />
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              {/* The Template entry holds every sample area: a long menu scrolls. */}
              <Menu.Content minW="52" maxH="min(70vh, 640px)" overflowY="auto">
                <MenuEntries items={item.children ?? []} />
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      )
    }
    default:
      return <TopLink item={item} />
  }
}

/** How many entries (from the start) fit in the row; the rest go to "More". */
function useFitting(row: RefObject<HTMLDivElement | null>, count: number): number {
  const [fitting, setFitting] = useState(count)
  useLayoutEffect(() => {
    const element = row.current
    if (!element) return
    const measure = () => {
      const box = element.getBoundingClientRect()
      const rtl = getComputedStyle(element).direction === 'rtl'
      let fit = 0
      for (const child of element.querySelectorAll<HTMLElement>(':scope > [data-nav-top]')) {
        const r = child.getBoundingClientRect()
        const end = rtl ? box.right - r.left : r.right - box.left
        if (end > box.width + 0.5) break
        fit += 1
      }
      setFitting(fit)
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [row, count])
  return fitting
}

/**
 * The horizontal rendering of the navigation (layouts 2 and 3): the entries that fit in one row,
 * and the others in a "More" menu at its end (no row scrolling sideways out of sight). Groups
 * contribute their entries one by one, so as many as fit stay in the bar.
 */
export function NavHorizontal({ items }: { items: NavItem[] }) {
  const entries = useMemo(() => items.flatMap((item) => (item.type === 'group' ? (item.children ?? []) : [item])), [items])
  const row = useRef<HTMLDivElement>(null)
  const fitting = useFitting(row, entries.length)
  const overflow = entries.slice(fitting).filter((item) => item.type !== 'divider')
  return (
    <chakra.nav aria-label="Main navigation" data-testid="nav-horizontal">
      <Flex align="center" gap="1">
        <Flex ref={row} flex="1" minW="0" gap="1" align="center" py="2" wrap="nowrap" overflow="hidden" data-testid="nav-horizontal-row">
          {entries.map((item, index) => (
            // Entries past the end stay laid out (so the row can be measured) but out of sight and reach.
            <Flex
              key={item.id}
              data-nav-top=""
              flexShrink={0}
              visibility={index < fitting ? undefined : 'hidden'}
              aria-hidden={index < fitting ? undefined : true}
              inert={index < fitting ? undefined : true}
            >
              <TopEntry item={item} />
            </Flex>
          ))}
        </Flex>
        {overflow.length > 0 && (
          <Menu.Root positioning={{ placement: 'bottom-end' }}>
            <Menu.Trigger asChild>
              <Button variant="ghost" size="sm" flexShrink={0} color="fg.muted" data-testid="nav-more" aria-label={`More pages (${overflow.length})`}>
                More
                <ChevronDownIcon boxSize="4" />
              </Button>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content minW="56" maxH="70vh" overflowY="auto" data-testid="nav-more-content">
                  <MenuEntries items={overflow} />
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        )}
      </Flex>
    </chakra.nav>
  )
}
