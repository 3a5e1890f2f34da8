import { Avatar } from '@chakra-ui/react'

import { avatarPalette, mediaUrl } from '../lib/picture'

type AvatarSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl'

/**
 * A person's round avatar: their picture when it is one a page may load (lib/picture mediaUrl),
 * loaded lazily, over their initials in a colour of their own (what shows while it loads or without one).
 */
export function PersonAvatar({ name, src, size = 'sm', ...rest }: { name: string; src?: string | null; size?: AvatarSize } & Avatar.RootProps) {
  const url = mediaUrl(src)
  return (
    <Avatar.Root size={size} colorPalette={avatarPalette(name)} flexShrink={0} {...rest}>
      <Avatar.Fallback name={name} />
      {url && (
        <Avatar.Image asChild>
          <img src={url} alt="" loading="lazy" decoding="async" width={128} height={128} />
        </Avatar.Image>
      )}
    </Avatar.Root>
  )
}
