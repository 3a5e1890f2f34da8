/**
 * The snackbar (spec: variants success, warning, error, info; a close action; auto-hide after
 * 6000 ms; top centre). Any page calls `showMessage`; the shell renders the toaster.
 */
import { createToaster } from '@chakra-ui/react'

export const SNACKBAR_DURATION = 6000

export const toaster = createToaster({ placement: 'top', duration: SNACKBAR_DURATION, max: 4, pauseOnPageIdle: true })

export type SnackbarVariant = 'success' | 'warning' | 'error' | 'info'

export function showMessage(
  message: string,
  variant: SnackbarVariant = 'info',
  options: { title?: string; duration?: number; action?: { label: string; onClick: () => void } } = {},
): string {
  return toaster.create({
    type: variant,
    title: options.title ?? message,
    description: options.title ? message : undefined,
    duration: options.duration ?? SNACKBAR_DURATION,
    closable: true,
    action: options.action,
  })
}
