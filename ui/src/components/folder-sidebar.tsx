import { Button, Stack } from '@chakra-ui/react'
import type { ComponentProps, ReactNode } from 'react'

import { FilterAndLabelGroups, SideGroup, SideLink, SideSkeleton, SideTitle } from '@/components/side-nav'

type GroupProps = ComponentProps<typeof FilterAndLabelGroups>

/**
 * The side navigation of a mail-like app (mail, to-do): its title, a main action button (compose,
 * add task), then links to `<base>/<folder>`, and the filter and label groups.
 */
export function FolderSidebar({
  testId,
  title,
  titleIcon,
  action,
  base,
  testIdPrefix,
  folders,
  foldersTitle,
  folderCount,
  filters,
  labels,
  loaded,
  icons,
  fallbackIcon: Fallback,
  onNavigate,
}: {
  testId: string
  title: string
  titleIcon: ReactNode
  action: { label: ReactNode; testId: string; onClick: () => void }
  base: string
  testIdPrefix: string
  folders: GroupProps['filters']
  /** Puts the folders under this heading (mail); without it they stand on their own (to-do). */
  foldersTitle?: string
  folderCount?: (handle: string) => number | undefined
  filters: GroupProps['filters']
  labels: GroupProps['labels']
  loaded: boolean
  icons: GroupProps['icons']
  fallbackIcon: GroupProps['fallbackIcon']
  onNavigate: () => void
}) {
  const links = folders.map((f) => {
    const Icon = icons[f.icon] ?? Fallback
    return (
      <SideLink key={f.id} to={`${base}/${f.handle}`} icon={<Icon boxSize="4.5" />} testId={`${testIdPrefix}-folder-${f.handle}`} count={folderCount?.(f.handle)} onNavigate={onNavigate}>
        {f.title}
      </SideLink>
    )
  })
  return (
    <Stack gap="6" p="4" data-testid={testId}>
      <SideTitle icon={titleIcon}>{title}</SideTitle>
      <Button colorPalette="brand" borderRadius="full" onClick={action.onClick} data-testid={action.testId}>
        {action.label}
      </Button>
      {!loaded ? (
        <SideSkeleton />
      ) : (
        <>
          {foldersTitle ? <SideGroup title={foldersTitle}>{links}</SideGroup> : <Stack gap="0.5">{links}</Stack>}
          <FilterAndLabelGroups base={base} testIdPrefix={testIdPrefix} filters={filters} labels={labels} icons={icons} fallbackIcon={Fallback} onNavigate={onNavigate} />
        </>
      )}
    </Stack>
  )
}
