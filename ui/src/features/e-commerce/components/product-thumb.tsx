import { Box, Center, Text, type BoxProps } from '@chakra-ui/react'

import { SamplePicture } from '../../../components/sample-picture'
import { mediaUrl } from '../../../lib/picture'
import { hueOf, initials } from '../pricing'

/**
 * A product picture: the image itself when its address is one a page may load (the shipped sample
 * pictures, uploads); otherwise (a product without images, data from before the pictures) a gradient
 * whose colours come from the address, with the product's initials.
 */
export function ProductThumb({ name, seed, size = '10', ...rest }: { name: string; seed: string; size?: string } & BoxProps) {
  const url = mediaUrl(seed)
  if (url) {
    return (
      <Box boxSize={size} flexShrink={0} borderRadius="md" overflow="hidden" bg="bg.muted" {...rest}>
        <SamplePicture src={url} alt={name} />
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
