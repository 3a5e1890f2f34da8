import { Box, Button, Flex, Text } from '@chakra-ui/react'
import { useAtomValue, useStore } from 'jotai'
import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'

import { onlineAtom } from '@/lib/online'
import { listenForOpenRequests, registerServiceWorker, updateReadyAtom } from '@/lib/pwa'

/** Half a second after the first paint: the page's own work goes first. */
function afterFirstPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 500)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}

/**
 * The installable app in the signed-in shell: registers the service worker, routes a clicked
 * notification's record into this tab, says when the portal is offline and when a new version waits.
 */
export function PwaBridge() {
  const store = useStore()
  const navigate = useNavigate()
  const online = useAtomValue(onlineAtom)
  const applyUpdate = useAtomValue(updateReadyAtom)

  useEffect(() => afterFirstPaint(() => void registerServiceWorker(store)), [store])
  useEffect(() => listenForOpenRequests((path) => navigate(path)), [navigate])

  if (online && !applyUpdate) return null
  return (
    <Box position="fixed" insetX="0" bottom="3" zIndex="toast" display="flex" justifyContent="center" pointerEvents="none" px="3">
      <Flex direction="column" gap="2" maxW="md" w="full" pointerEvents="auto">
        {!online && (
          <Flex role="status" data-testid="offline-banner" gap="3" align="center" bg="orange.600" color="white" borderRadius="lg" px="4" py="3" boxShadow="lg">
            <Text fontSize="sm" fontWeight="medium">
              You are offline. The portal shows what this device has; saving, uploads and messages wait until
              you are back online.
            </Text>
          </Flex>
        )}
        {applyUpdate && (
          <Flex role="status" data-testid="update-banner" gap="3" align="center" justify="space-between" bg="bg.panel" borderWidth="1px" borderColor="border.emphasized" borderRadius="lg" px="4" py="3" boxShadow="lg">
            <Text fontSize="sm">A new version is available.</Text>
            <Button size="sm" colorPalette="brand" onClick={applyUpdate} data-testid="update-reload">
              Reload
            </Button>
          </Flex>
        )}
      </Flex>
    </Box>
  )
}
