import type { IconProps } from '@chakra-ui/react'
import type { ComponentType } from 'react'

import { AssetIcon, DashboardIcon, DocumentIcon, ExternalIcon, OpportunityIcon, VideoIcon } from '@/components/icons'

/** Icon names used in the navigation configuration. */
const ICONS: Record<string, ComponentType<IconProps>> = {
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
