import { chakra, type HTMLChakraProps } from '@chakra-ui/react'
import { useId } from 'react'

/** The portal's mark: a hexagon with a bolt. */
export function Logo(props: HTMLChakraProps<'svg'>) {
  const gradient = `logo-gradient-${useId().replace(/:/g, '')}`
  return (
    <chakra.svg viewBox="0 0 48 48" boxSize="10" flexShrink={0} aria-hidden="true" {...props}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2dd4bf" />
          <stop offset="1" stopColor="#0ea5e9" />
        </linearGradient>
      </defs>
      <path d="M24 3l18.2 10.5v21L24 45 5.8 34.5v-21z" fill={`url(#${gradient})`} />
      <path d="M26.5 10.5L15 27h8l-2 10.5 12-17h-8.2z" fill="#0b1220" />
    </chakra.svg>
  )
}
