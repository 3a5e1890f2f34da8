import 'material-icons/iconfont/filled.css'
import { Box, Center, Flex, Heading, Input, InputGroup, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'

import { SearchIcon } from '@/components/icons'
import { LoadError } from '@/components/load-error'
import { useApiData } from '@/hooks/use-api-data'
import { formatNumber } from '@/lib/format'
import { showMessage } from '@/lib/snackbar'

import { codePoint, columnsFor, fetchIcons, readableName, searchIcons, visibleRows, type IconEntry } from '../api'

import { drawableNames } from './glyph'

const TILE = 132
const GAP = 12
const ROW = 132 + GAP

/** A neutral glyph for a name the font does not draw: a rounded square with its initials. */
function GeneratedGlyph({ name }: { name: string }) {
  const letters = name
    .split('_')
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('')
  return (
    <Center boxSize="8" borderRadius="md" borderWidth="2px" borderColor="currentColor" fontSize="xs" fontWeight="bold" opacity={0.7} aria-hidden>
      {letters}
    </Center>
  )
}

function IconTile({ icon, drawable }: { icon: IconEntry; drawable: boolean | null }) {
  const copy = () => {
    navigator.clipboard?.writeText(icon.name).then(
      () => showMessage(`Copied “${icon.name}”.`, 'success', { duration: 2000 }),
      () => showMessage(icon.name, 'info', { title: 'Icon name' }),
    )
  }
  return (
    <Stack
      as="button"
      align="center"
      justify="center"
      gap="2"
      h={`${TILE}px`}
      p="3"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="lg"
      _hover={{ borderColor: 'brand.solid', color: 'brand.fg' }}
      onClick={copy}
      title={`${icon.name} · ${codePoint(icon.code)} · click to copy the name`}
      data-testid={`icon-${icon.name}`}
      data-code={icon.code}
    >
      <Center h="9" color="fg">
        {drawable === null ? (
          <Box boxSize="8" />
        ) : drawable ? (
          <span className="material-icons" style={{ fontSize: 32 }} aria-hidden>
            {icon.ligatures || icon.name}
          </span>
        ) : (
          <GeneratedGlyph name={icon.name} />
        )}
      </Center>
      <Text fontSize="xs" lineClamp={2} textAlign="center" wordBreak="break-word" lineHeight="short">
        {readableName(icon.name)}
      </Text>
      <Text fontSize="2xs" color="fg.subtle" fontFamily="mono">
        {codePoint(icon.code)}
      </Text>
    </Stack>
  )
}

/** A windowed grid: only the rows in view (and a few around them) are in the page. */
function IconGrid({ icons, drawable }: { icons: IconEntry[]; drawable: Set<string> | null }) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const [box, setBox] = useState({ width: 0, height: 0, top: 0 })
  useLayoutEffect(() => {
    const el = scrollRef.current
    if (!el) return
    const measure = () => setBox((b) => ({ ...b, width: el.clientWidth, height: el.clientHeight }))
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [])
  const columns = columnsFor(box.width - 8, TILE, GAP)
  const rows = Math.ceil(icons.length / columns)
  const { first, last } = visibleRows(box.top, box.height, ROW, rows)
  const shown = []
  for (let row = first; row <= last; row++) shown.push(row)

  return (
    <Box
      ref={scrollRef}
      h={{ base: 'calc(100dvh - 280px)', md: 'calc(100dvh - 300px)' }}
      minH="320px"
      overflowY="auto"
      pe="2"
      onScroll={(e) => {
        const top = e.currentTarget.scrollTop
        setBox((b) => (b.top === top ? b : { ...b, top }))
      }}
      data-testid="icons-grid"
      data-columns={columns}
    >
      <Box position="relative" h={`${rows * ROW}px`}>
        {shown.map((row) => (
          <Box
            key={row}
            position="absolute"
            top="0"
            left="0"
            w="full"
            style={{ transform: `translateY(${row * ROW}px)`, display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: GAP }}
            data-testid="icons-row"
          >
            {icons.slice(row * columns, row * columns + columns).map((icon) => (
              <IconTile key={icon.id} icon={icon} drawable={drawable ? drawable.has(icon.name) : null} />
            ))}
          </Box>
        ))}
      </Box>
    </Box>
  )
}

/** /ui/icons: every icon of the catalogue, searchable by name and tags, in a windowed grid. */
export default function IconsPage() {
  const icons = useApiData('icons', fetchIcons)
  const [text, setText] = useState('')
  const [q, setQ] = useState('')
  const [drawable, setDrawable] = useState<Set<string> | null>(null)
  useEffect(() => {
    const timer = setTimeout(() => setQ(text), 150)
    return () => clearTimeout(timer)
  }, [text])
  useEffect(() => {
    if (!icons.data) return
    let live = true
    drawableNames(icons.data.map((i) => i.ligatures || i.name)).then(
      (names) => live && setDrawable(names),
      () => live && setDrawable(new Set()),
    )
    return () => {
      live = false
    }
  }, [icons.data])
  const shown = useMemo(() => searchIcons(icons.data ?? [], q), [icons.data, q])
  const total = icons.data?.length ?? 0

  return (
    <Box px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} data-testid="icons-page">
      <Stack gap="5">
        <Flex justify="space-between" align={{ base: 'flex-start', md: 'flex-end' }} direction={{ base: 'column', md: 'row' }} gap="4">
          <Box>
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }} data-testid="icons-title">
              Icons
            </Heading>
            <Text color="fg.muted" mt="1">
              The Material icon set with each glyph's code point. Click an icon to copy its name.
            </Text>
          </Box>
          <InputGroup startElement={<SearchIcon boxSize="4" color="fg.muted" />} maxW={{ base: 'full', md: '80' }}>
            <Input value={text} onChange={(e) => setText(e.target.value)} placeholder="Search by name or tag" aria-label="Search icons" bg="bg.panel" data-testid="icons-search" />
          </InputGroup>
        </Flex>
        {icons.status === 'error' && (
          <LoadError title="Could not load the icons" error={icons.error} onRetry={icons.reload} />
        )}
        {icons.status === 'loading' && <Skeleton h="96" borderRadius="xl" />}
        {icons.status === 'success' && (
          <>
            <Text fontSize="sm" color="fg.muted" data-testid="icons-count" aria-live="polite">
              {shown.length === total ? `${formatNumber(total)} icons` : `${formatNumber(shown.length)} of ${formatNumber(total)} icons`}
            </Text>
            {shown.length > 0 ? (
              // A new search starts again at the top.
              <IconGrid key={q} icons={shown} drawable={drawable} />
            ) : (
              <Stack align="center" py="16" gap="1" data-testid="icons-empty">
                <Text fontSize="lg" fontWeight="semibold">
                  No icon matches “{q}”
                </Text>
                <Text color="fg.muted">Try a shorter word, like “arrow” or “cloud”.</Text>
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Box>
  )
}
