import { Box, Button, Center, chakra, Heading, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router-dom'

import { Logo } from '@/components/logo'

/** /pages/maintenance: what the portal shows while it is being updated (the template's maintenance page). */
export default function MaintenancePage() {
  return (
    <Center minH="100dvh" px="4" py="10" bg="bg.subtle" data-testid="maintenance-page">
      <Box w="full" maxW="lg" bg="bg.panel" borderRadius="2xl" boxShadow="xl" p={{ base: '6', sm: '10' }} textAlign="center">
        <Center mb="6">
          <chakra.svg viewBox="0 0 24 24" boxSize="20" color="brand.fg" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" aria-hidden>
            <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z" />
          </chakra.svg>
        </Center>
        <Heading as="h1" size="2xl">
          Closed for scheduled maintenance!
        </Heading>
        <Text color="fg.muted" mt="3">
          We are updating the portal — the database is being moved to its new version and the documents are being checked. Your records, files and chats are
          safe and will be back in a few minutes.
        </Text>
        <Text color="fg.muted" mt="3" fontSize="sm">
          Urgent site matters: call the office on the number on your site board.
        </Text>
        <Center mt="6" gap="3">
          <Logo boxSize="6" />
          <Button asChild variant="outline" size="sm">
            <RouterLink to="/dashboard">Try again</RouterLink>
          </Button>
        </Center>
      </Box>
    </Center>
  )
}
