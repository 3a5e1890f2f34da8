import { Avatar, chakra } from '@chakra-ui/react'

import { avatarPalette, mediaUrl } from '../lib/picture'

type AvatarSize = '2xs' | 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl'

/**
 * A person's round avatar: their initials in a colour of their own, covered by their picture when it
 * is one a page may load (lib/picture mediaUrl). The picture is a plain lazily loaded image over the
 * initials, not Avatar.Image: that one stays hidden until it has loaded, and a hidden lazy image never
 * loads. A picture that fails to load hides itself, leaving the initials.
 */
export function PersonAvatar({ name, src, size = 'sm', ...rest }: { name: string; src?: string | null; size?: AvatarSize } & Avatar.RootProps) {
  const url = mediaUrl(src)
  return (
    <Avatar.Root size={size} colorPalette={avatarPalette(name)} flexShrink={0} position="relative" overflow="hidden" {...rest}>
      <Avatar.Fallback name={name} />
      {url && (
        <chakra.img
          src={url}
          alt=""
          loading="lazy"
          decoding="async"
          htmlWidth={128}
          htmlHeight={128}
          position="absolute"
          inset="0"
          w="full"
          h="full"
          objectFit="cover"
          borderRadius="inherit"
          onError={(e) => {
            e.currentTarget.style.display = 'none'
          }}
        />
      )}
    </Avatar.Root>
  )
}
