import { Box, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'

import type { Album } from '../api'

import { MediaTile } from './media-tile'

export function PhotosTab({ albums }: { albums: Album[] }) {
  return (
    <Stack gap="8">
      {albums.map((album) => (
        <Box as="section" key={album.id} aria-label={album.name} data-testid={`album-${album.id}`}>
          <Flex align="baseline" gap="3" mb="3">
            <Heading as="h2" size="md">
              {album.name}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {album.info}
            </Text>
          </Flex>
          <SimpleGrid columns={{ base: 2, sm: 3, lg: 4, xl: 5 }} gap="3">
            {album.media.map((m, i) => (
              <MediaTile key={`${m.preview}-${i}`} media={m} h={{ base: '28', md: '36' }} data-testid={`album-${album.id}-media`} />
            ))}
          </SimpleGrid>
        </Box>
      ))}
    </Stack>
  )
}
