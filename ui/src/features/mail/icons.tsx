import { strokeIcon } from '@/components/stroke-icon'

/** The mail area's own stroke icons (24 px grid), drawn inline. */
export const InboxIcon = strokeIcon(['M22 12h-6l-2 3h-4l-2-3H2', 'M5.45 5.11L2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z'])
export const SendIcon = strokeIcon(['M22 2L11 13', 'M22 2l-7 20-4-9-9-4 20-7z'])
export const DraftIcon = strokeIcon(['M12 20h9', 'M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z'])
export const SpamIcon = strokeIcon(['M7.86 2h8.28L22 7.86v8.28L16.14 22H7.86L2 16.14V7.86z', 'M12 8v4', 'M12 16h.01'])
export const TrashIcon = strokeIcon(['M3 6h18', 'M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6', 'M10 11v6', 'M14 11v6', 'M9 6V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2'])
const STAR = 'M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z'
export const StarIcon = strokeIcon([STAR])
export const StarFilledIcon = strokeIcon([STAR], true)
const IMPORTANT = 'M3 5h12l6 7-6 7H3l5-7z'
export const ImportantIcon = strokeIcon([IMPORTANT])
export const ImportantFilledIcon = strokeIcon([IMPORTANT], true)
export const LabelIcon = strokeIcon(['M20.59 13.41l-7.17 7.17a2 2 0 0 1-2.83 0L2 12V2h10l8.59 8.59a2 2 0 0 1 0 2.82z', 'M7 7h.01'])
export const ClipIcon = strokeIcon(['M21.44 11.05l-9.19 9.19a6 6 0 0 1-8.49-8.49l9.19-9.19a4 4 0 0 1 5.66 5.66l-9.2 9.19a2 2 0 0 1-2.83-2.83l8.49-8.48'])
export const FolderMoveIcon = strokeIcon(['M22 19a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h5l2 3h9a2 2 0 0 1 2 2z', 'M12 11l3 3-3 3', 'M8 14h7'])
export const MailOpenIcon = strokeIcon(['M21.2 8.4c.5.38.8.97.8 1.6v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V10a2 2 0 0 1 .8-1.6l8-6a2 2 0 0 1 2.4 0z', 'M22 10l-10 7L2 10'])
export const MailIcon = strokeIcon(['M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z', 'M22 6l-10 7L2 6'])
export const ComposeIcon = strokeIcon(['M11 4H4a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-7', 'M18.5 2.5a2.1 2.1 0 0 1 3 3L12 15l-4 1 1-4z'])
export const MenuIcon = strokeIcon(['M3 6h18', 'M3 12h18', 'M3 18h18'])
export const SearchIcon = strokeIcon(['M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z', 'M21 21l-4.3-4.3'])
export const BackIcon = strokeIcon(['M19 12H5', 'M12 19l-7-7 7-7'])
export const ChevronDownIcon = strokeIcon(['M6 9l6 6 6-6'])
export const RefreshIcon = strokeIcon(['M21 12a9 9 0 1 1-3-6.7L21 8', 'M21 3v5h-5'])
export const FileIcon = strokeIcon(['M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z', 'M14 2v6h6'])
export const ImageIcon = strokeIcon(['M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z', 'M8.5 10a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z', 'M21 15l-5-5L5 21'])
export const CloseIcon = strokeIcon(['M18 6L6 18', 'M6 6l12 12'])
