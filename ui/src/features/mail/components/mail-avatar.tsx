import { Avatar } from '@chakra-ui/react'

import { avatarPalette, mediaUrl } from '../mail-utils'

export function MailAvatar({ name, src, size = 'sm' }: { name: string; src?: string; size?: 'xs' | 'sm' | 'md' | 'lg' }) {
  const url = mediaUrl(src)
  return (
    <Avatar.Root size={size} colorPalette={avatarPalette(name)} flexShrink={0}>
      <Avatar.Fallback name={name} />
      {url && <Avatar.Image src={url} alt="" />}
    </Avatar.Root>
  )
}
