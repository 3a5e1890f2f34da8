import type { IconProps } from '@chakra-ui/react'

import { ExternalIcon } from '@/components/icons'
import { NAV_ICONS } from '@/components/nav-icons'

/** A navigation entry's icon by name (components/nav-icons.ts); an unknown name draws the external-link icon. */
export function NavIcon({ name, ...props }: { name?: string } & IconProps) {
  const Component = (name && NAV_ICONS[name]) || ExternalIcon
  return <Component {...props} />
}
