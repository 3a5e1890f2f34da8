/**
 * The features' receivers of realtime pushes, registered with the data layer's socket (which knows
 * no feature) when the shell starts realtime for a signed-in user.
 */
import { registerPushReceiver, type PushChannel } from '@/data/socket'
import { chatSocketDroppedAtom, receiveChatPushAtom, resetChatAtom, type ChatPushChannel } from '@/features/chat/push'

const CHAT_CHANNELS: readonly ChatPushChannel[] = ['chat:message', 'chat:typing', 'chat:read', 'presence', 'presence:batch']
const isChatChannel = (channel: PushChannel): channel is ChatPushChannel => (CHAT_CHANNELS as readonly string[]).includes(channel)

/** Registers every feature's receiver; returns the function that removes them. */
export function registerPushReceivers(): () => void {
  return registerPushReceiver({
    channels: CHAT_CHANNELS,
    receive: (store, channel, payload) => {
      if (isChatChannel(channel)) store.set(receiveChatPushAtom, { channel, payload })
    },
    // The chat catch-up trusts only pushes from well before a drop.
    dropped: (store) => store.set(chatSocketDroppedAtom),
    reset: (store) => store.set(resetChatAtom),
  })
}
