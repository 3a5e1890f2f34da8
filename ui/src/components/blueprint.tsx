import { Box, HStack, Text } from '@chakra-ui/react'

import { Logo } from '@/components/logo'

const TEAL_LINE = 'rgba(94,234,212,0.35)'

/** The logo and the portal's name (sign-in, authentication and error pages). */
export function BrandMark({ size = '9' }: { size?: string }) {
  return (
    <HStack gap="3">
      <Logo boxSize={size} />
      <Text fontWeight="semibold" letterSpacing="wide">
        Staff Portal
      </Text>
    </HStack>
  )
}

/** The blueprint grid behind the sign-in, authentication and error pages: thin lines, optionally faded out by a mask. */
export function BlueprintGrid({ color = TEAL_LINE, cell = 48, opacity = 0.18, mask }: { color?: string; cell?: number; opacity?: number; mask?: string }) {
  return (
    <Box
      position="absolute"
      inset="0"
      opacity={opacity}
      pointerEvents="none"
      backgroundImage={`linear-gradient(${color} 1px, transparent 1px), linear-gradient(90deg, ${color} 1px, transparent 1px)`}
      backgroundSize={`${cell}px ${cell}px`}
      css={mask ? { maskImage: mask } : undefined}
    />
  )
}
