import { Portal, Spinner, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react'

import { toaster } from '@/lib/snackbar'

/** Toaster snippet: the snackbar, top centre, with a close action on every message. */
export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="snackbar" data-variant={toast.type}>
            {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title data-testid="snackbar-message">{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            <Toast.CloseTrigger aria-label="Close" data-testid="snackbar-close" />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  )
}
