import { Box, Flex, Text } from '@chakra-ui/react'
import { useResetAtom } from 'jotai/utils'
import { useEffect } from 'react'

import { BrandMark } from '@/components/blueprint'

import { loginStateAtom } from '../atoms'

import { BrandPanel } from './brand-panel'
import { LoginForm } from './login-form'

/** /login (guests only): the form card and, on desktop, the branded panel. */
export default function LoginPage() {
  const resetLoginState = useResetAtom(loginStateAtom)
  // A later visit starts from a clean form (no stale error or pending challenge).
  useEffect(() => resetLoginState, [resetLoginState])

  return (
    <Flex minH="100dvh" bg="bg" data-testid="login-page">
      <Flex
        w={{ base: 'full', lg: '520px', xl: '560px' }}
        flexShrink={0}
        direction="column"
        px={{ base: '5', sm: '10', lg: '14' }}
        py={{ base: '8', sm: '12' }}
        bg={{ base: 'bg', lg: 'bg.panel' }}
        borderRightWidth={{ base: '0', lg: '1px' }}
        borderColor="border.muted"
      >
        <BrandMark />
        <Flex flex="1" align="center" py="10">
          <Box
            w="full"
            maxW="420px"
            mx={{ base: 'auto', lg: '0' }}
            p={{ base: '6', sm: '8', lg: '0' }}
            bg={{ base: 'bg.panel', lg: 'transparent' }}
            borderWidth={{ base: '1px', lg: '0' }}
            borderColor="border.muted"
            borderRadius="2xl"
            boxShadow={{ base: 'lg', lg: 'none' }}
          >
            <LoginForm />
          </Box>
        </Flex>
        <Text fontSize="xs" color="fg.subtle" textAlign={{ base: 'center', lg: 'start' }}>
          Engineering staff portal · authorised staff only
        </Text>
      </Flex>
      <BrandPanel />
    </Flex>
  )
}
