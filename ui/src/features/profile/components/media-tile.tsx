import { Box, Center, Text, type BoxProps } from '@chakra-ui/react'

import { SamplePicture } from '../../../components/sample-picture'
import { mediaUrl } from '../../../lib/picture'
import { hueOf, type Media } from '../api'

/**
 * A photo or video of the sample data: its picture (the shipped sample pictures, uploads), or, for an
 * address no server holds, a landscape drawn in colours taken from the address; with its title.
 */
export function MediaTile({ media, label, ...rest }: { media: Media; label?: string } & BoxProps) {
  const hue = hueOf(media.preview)
  const title = label ?? media.title
  const url = mediaUrl(media.preview)
  return (
    <Box position="relative" overflow="hidden" borderRadius="lg" role="img" aria-label={title ?? 'Photo'} {...rest}>
      {url ? (
        <SamplePicture src={url} width={400} height={300} />
      ) : (
      <svg viewBox="0 0 400 260" preserveAspectRatio="xMidYMid slice" width="100%" height="100%" style={{ display: 'block' }} aria-hidden>
        <defs>
          <linearGradient id={`sky-${hue}`} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={`hsl(${hue} 65% 62%)`} />
            <stop offset="100%" stopColor={`hsl(${(hue + 30) % 360} 60% 40%)`} />
          </linearGradient>
        </defs>
        <rect width="400" height="260" fill={`url(#sky-${hue})`} />
        <circle cx={80 + (hue % 240)} cy="70" r="26" fill={`hsl(${(hue + 180) % 360} 90% 88%)`} opacity="0.85" />
        <path d={`M0 200 L${90 + (hue % 60)} ${120 + (hue % 30)} L190 190 L${260 + (hue % 50)} 110 L400 210 L400 260 L0 260 Z`} fill={`hsl(${(hue + 200) % 360} 35% 22%)`} opacity="0.85" />
        <path d="M0 230 L120 180 L230 235 L330 190 L400 225 L400 260 L0 260 Z" fill={`hsl(${(hue + 200) % 360} 30% 14%)`} />
      </svg>
      )}
      {media.type === 'video' && (
        <Center position="absolute" inset="0">
          <Center boxSize="12" borderRadius="full" bg="blackAlpha.600" color="white" fontSize="lg">
            ▶
          </Center>
        </Center>
      )}
      {title && (
        <Text position="absolute" insetX="0" bottom="0" px="3" py="2" fontSize="xs" color="white" bgGradient="to-t" gradientFrom="blackAlpha.700" gradientTo="transparent" truncate>
          {title}
        </Text>
      )}
    </Box>
  )
}
