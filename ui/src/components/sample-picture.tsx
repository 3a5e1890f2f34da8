import { chakra, type HTMLChakraProps } from '@chakra-ui/react'

/**
 * A stored picture filling its box (object-fit: cover), loaded lazily; width and height are the
 * file's own (the sample pictures' sizes, ops/samples/pictures.py SIZES) so the page keeps its layout
 * while it loads.
 */
export function SamplePicture({ src, alt = '', width = 480, height = 360, ...rest }: { src: string; alt?: string; width?: number; height?: number } & HTMLChakraProps<'img'>) {
  return <chakra.img src={src} alt={alt} loading="lazy" decoding="async" htmlWidth={width} htmlHeight={height} w="full" h="full" objectFit="cover" display="block" {...rest} />
}
