import { Box, Center, Text, type BoxProps } from '@chakra-ui/react'

import { hueOf, initials } from '../pricing'

/**
 * A product picture. The sample data names image files that no server holds, so each image is
 * drawn: a gradient whose colours come from the image's address, with the product's initials.
 */
export function ProductThumb({ name, seed, size = '10', ...rest }: { name: string; seed: string; size?: string } & BoxProps) {
  if (/^https?:\/\//.test(seed)) {
    // An uploaded image (the API's /photos/<name>.webp): the picture itself.
    return (
      <Box boxSize={size} flexShrink={0} borderRadius="md" overflow="hidden" bg="bg.muted" {...rest}>
        <img src={seed} alt={name} loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      </Box>
    )
  }
  const hue = hueOf(seed)
  return (
    <Center
      boxSize={size}
      flexShrink={0}
      borderRadius="md"
      overflow="hidden"
      role="img"
      aria-label={name}
      style={{ background: `linear-gradient(135deg, hsl(${hue} 62% 46%), hsl(${(hue + 48) % 360} 70% 30%))` }}
      {...rest}
    >
      <Box asChild color="white" opacity={0.92}>
        <Text fontWeight="bold" fontSize={size === '10' || size === '8' ? 'xs' : 'lg'} letterSpacing="wide">
          {initials(name)}
        </Text>
      </Box>
    </Center>
  )
}
