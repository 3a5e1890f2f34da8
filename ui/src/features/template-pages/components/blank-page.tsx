import { Box, Heading, Stack, Text } from '@chakra-ui/react'

/** /ui/page-layouts/blank: a page with nothing in it but the shell. */
export default function BlankLayoutPage() {
  return (
    <Box minH="60vh" display="flex" alignItems="center" justifyContent="center" p="8" data-testid="layout-blank-page">
      <Stack align="center" gap="2" textAlign="center" maxW="md">
        <Heading as="h1" size="xl" data-testid="layout-title">
          Blank page
        </Heading>
        <Text color="fg.muted">
          The blank layout has no header, sidebar or card: the page decides everything. Start here for screens with their own structure, like a full-screen map or a
          board.
        </Text>
      </Stack>
    </Box>
  )
}
