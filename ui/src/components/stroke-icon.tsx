import { Icon, type IconProps } from '@chakra-ui/react'

/** A small stroke icon (24 px grid) drawn inline from its path data; `filled` fills the shape too. */
export function strokeIcon(paths: string[], filled = false) {
  return function StrokeIcon(props: IconProps) {
    return (
      <Icon {...props}>
        <svg viewBox="0 0 24 24" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          {paths.map((d) => (
            <path key={d} d={d} />
          ))}
        </svg>
      </Icon>
    )
  }
}
