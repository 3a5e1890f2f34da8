/**
 * The scrolling of an open conversation (the Team Chat panel and the chat app share it): at the
 * newest message when the chat opens or a message arrives, still where the reader is when an older
 * page goes in above, and the next older page asked for when the reader nears the top (or when the
 * first page does not fill the box, so there is nothing to scroll yet).
 */
import { useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react'

import { chatAtom, loadOlderMessagesAtom } from '../atoms'

/** How close to the top (px) the reader gets before the older page is asked for. */
export const LOAD_OLDER_WITHIN_PX = 160

interface Seen {
  chatId: string
  firstId: number
  lastId: number
  scrollHeight: number
  scrollTop: number
}

export function useChatHistoryScroll(ref: RefObject<HTMLDivElement | null>, followNewest: unknown): { onScroll: () => void } {
  const chat = useAtomValue(chatAtom).chat
  const loadOlder = useSetAtom(loadOlderMessagesAtom)
  const seen = useRef<Seen | null>(null)
  const chatId = chat?.id ?? ''
  const firstId = chat?.dialog[0]?.id ?? 0
  const lastId = chat?.dialog.at(-1)?.id ?? 0
  const canLoadOlder = chat !== null && chat.olderCursor !== null && !chat.loadingOlder && chat.olderError === null

  useLayoutEffect(() => {
    const el = ref.current
    if (!el || !chatId) return
    const before = seen.current
    const prepended = before !== null && before.chatId === chatId && before.lastId === lastId && firstId < before.firstId
    if (prepended) {
      // Older messages went in above: what the reader looked at stays where it was.
      el.scrollTop = before.scrollTop + (el.scrollHeight - before.scrollHeight)
    } else {
      el.scrollTop = el.scrollHeight
    }
    seen.current = { chatId, firstId, lastId, scrollHeight: el.scrollHeight, scrollTop: el.scrollTop }
  }, [ref, chatId, firstId, lastId, followNewest])

  useLayoutEffect(() => {
    // A first page shorter than the box cannot be scrolled up: ask for the older one right away. Not
    // for a box that is not shown (height 0): the chat app and the closed panel share the chat.
    const el = ref.current
    if (el && canLoadOlder && el.clientHeight > 0 && el.scrollHeight <= el.clientHeight) void loadOlder()
  }, [ref, chatId, firstId, canLoadOlder, loadOlder])

  const onScroll = useCallback(() => {
    const el = ref.current
    if (!el) return
    if (seen.current) seen.current = { ...seen.current, scrollTop: el.scrollTop, scrollHeight: el.scrollHeight }
    if (canLoadOlder && el.scrollTop <= LOAD_OLDER_WITHIN_PX) void loadOlder()
  }, [ref, canLoadOlder, loadOlder])

  return { onScroll }
}
