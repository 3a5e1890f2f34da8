import { useAtomValue, useStore } from 'jotai'
import { useEffect, useRef } from 'react'

import { showMessage } from '@/lib/snackbar'

import { chatAtom, incomingMessageAtom } from '../atoms'

/** A toast for a message that did not land in the open conversation (the panel is closed, or shows someone else). */
export function useNewMessageToasts(onOpen: (contactId: number) => void) {
  const incoming = useAtomValue(incomingMessageAtom)
  const store = useStore()
  const shown = useRef<number | null>(null)
  useEffect(() => {
    if (!incoming || shown.current === incoming.message.id) return
    shown.current = incoming.message.id
    const now = store.get(chatAtom)
    if (now.user?.status === 'do-not-disturb') return
    const name = now.contacts.find((c) => c.id === incoming.contactId)?.name ?? 'A colleague'
    const text = incoming.message.message.length > 140 ? `${incoming.message.message.slice(0, 140)}…` : incoming.message.message
    showMessage(text, 'info', { title: `New message from ${name}`, action: { label: 'Open', onClick: () => onOpen(incoming.contactId) } })
  }, [incoming, store, onOpen])
}
