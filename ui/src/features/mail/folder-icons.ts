import { DraftIcon, ImportantIcon, InboxIcon, SendIcon, SpamIcon, StarIcon, TrashIcon } from './icons'

/** The API names folder and filter icons (Material names); these are ours. */
export const FOLDER_ICONS: Record<string, typeof InboxIcon> = {
  inbox: InboxIcon,
  send: SendIcon,
  email_open: DraftIcon,
  error: SpamIcon,
  delete: TrashIcon,
  star: StarIcon,
  label: ImportantIcon,
}
