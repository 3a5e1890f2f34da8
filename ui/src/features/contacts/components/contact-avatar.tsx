import { Avatar } from '@chakra-ui/react'

import { avatarPalette, mediaUrl } from '../contacts-utils'

export function ContactAvatar({ name, src, size = 'sm' }: { name: string; src?: string; size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl' }) {
  const url = mediaUrl(src)
  return (
    <Avatar.Root size={size} colorPalette={avatarPalette(name)} flexShrink={0}>
      <Avatar.Fallback name={name} />
      {url && <Avatar.Image src={url} alt="" />}
    </Avatar.Root>
  )
}
