import type { IconProps } from '@chakra-ui/react'
import type { ComponentType } from 'react'

import { AssetIcon, ClipboardCheckIcon, DashboardIcon, DocumentIcon, ExternalIcon, OpportunityIcon, VideoIcon } from '@/components/icons'
import { APP_NAV_ICONS } from '@/components/app-nav-icons'
import { PAGE_NAV_ICONS } from '@/components/page-icons'

/** Icon names used in the navigation configuration. */
const ICONS: Record<string, ComponentType<IconProps>> = {
  ...PAGE_NAV_ICONS,
  ...APP_NAV_ICONS,
  'my-work': ClipboardCheckIcon,
  dashboard: DashboardIcon,
  assets: AssetIcon,
  documents: DocumentIcon,
  opportunities: OpportunityIcon,
  video: VideoIcon,
}

export function NavIcon({ name, ...props }: { name?: string } & IconProps) {
  const Component = (name && ICONS[name]) || ExternalIcon
  return <Component {...props} />
}
