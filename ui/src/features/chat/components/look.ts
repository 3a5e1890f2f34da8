/**
 * The two layouts over the same chat pieces: the shell's narrow Team Chat panel and the full-page
 * chat app. A piece takes the look it sits in: the spacing differs, and the test ids (the panel's
 * `chat-*`, the app's `chatapp-*`, which the browser tests find them by).
 */
export type ChatLook = 'panel' | 'app'

export const TEST_PREFIX: Record<ChatLook, string> = { panel: 'chat', app: 'chatapp' }
