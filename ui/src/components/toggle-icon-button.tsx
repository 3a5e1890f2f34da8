import { IconButton, type IconButtonProps } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/**
 * An on/off flag as a ghost icon button (star, important): pressed while on, in `onColor`, its
 * label saying what a click does.
 */
export function ToggleIconButton({
  on,
  label,
  onColor,
  offColor,
  icon,
  testId,
  size = 'sm',
  ...rest
}: {
  on: boolean
  /** what a click does: [when on, when off] */
  label: [string, string]
  onColor: string
  offColor?: string
  /** the icon, or [when on, when off] */
  icon: ReactNode | [ReactNode, ReactNode]
  testId: string
} & Omit<IconButtonProps, 'aria-label' | 'children'>) {
  const shown = Array.isArray(icon) ? (on ? icon[0] : icon[1]) : icon
  return (
    <IconButton size={size} variant="ghost" aria-label={on ? label[0] : label[1]} aria-pressed={on} color={on ? onColor : offColor} data-testid={testId} {...rest}>
      {shown}
    </IconButton>
  )
}
