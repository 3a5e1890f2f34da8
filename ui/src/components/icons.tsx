import { Icon, type IconProps } from '@chakra-ui/react'

/**
 * Small stroke icons (24px grid), drawn inline to keep the bundle small. The svg's own width/height
 * (1em) are presentation attributes: any CSS size (a button's or menu item's icon size, boxSize)
 * wins over them, and where nothing sizes the icon it stays text-sized instead of filling its box.
 */
function strokeIcon(paths: string[], filled = false) {
  return function StrokeIcon(props: IconProps) {
    return (
      <Icon {...props}>
        <svg
          width="1em"
          height="1em"
          viewBox="0 0 24 24"
          fill={filled ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          {paths.map((d) => (
            <path key={d} d={d} />
          ))}
        </svg>
      </Icon>
    )
  }
}

export const LogoutIcon = strokeIcon(['M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4', 'M16 17l5-5-5-5', 'M21 12H9'])
export const AssetIcon = strokeIcon([
  'M21 16V8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.73l7 4a2 2 0 0 0 2 0l7-4A2 2 0 0 0 21 16z',
  'M3.3 7L12 12l8.7-5',
  'M12 22V12',
])
export const DocumentIcon = strokeIcon([
  'M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z',
  'M14 2v6h6',
  'M8 13h8',
  'M8 17h5',
])
export const OpportunityIcon = strokeIcon(['M3 17l6-6 4 4 8-8', 'M14 7h7v7'])
export const ShieldIcon = strokeIcon(['M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z', 'M9 12l2 2 4-4'])
export const ChatIcon = strokeIcon(['M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z'])
export const ArrowLeftIcon = strokeIcon(['M19 12H5', 'M12 19l-7-7 7-7'])
export const RefreshIcon = strokeIcon(['M21 12a9 9 0 1 1-3-6.7L21 8', 'M21 3v5h-5'])
export const DashboardIcon = strokeIcon(['M3 3h7v9H3z', 'M14 3h7v5h-7z', 'M14 12h7v9h-7z', 'M3 16h7v5H3z'])
export const VideoIcon = strokeIcon(['M23 7l-7 5 7 5V7z', 'M3 5h11a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z'])
export const MenuIcon = strokeIcon(['M3 6h18', 'M3 12h18', 'M3 18h18'])
export const SearchIcon = strokeIcon(['M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z', 'M21 21l-4.3-4.3'])
const STAR = 'M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z'
export const StarIcon = strokeIcon([STAR])
export const StarFilledIcon = strokeIcon([STAR], true)
export const SettingsIcon = strokeIcon([
  'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  'M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
])
export const ChevronDownIcon = strokeIcon(['M6 9l6 6 6-6'])
export const ChevronRightIcon = strokeIcon(['M9 18l6-6-6-6'])
export const ChevronLeftIcon = strokeIcon(['M15 18l-6-6 6-6'])
export const GlobeIcon = strokeIcon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M2 12h20', 'M12 2a15 15 0 0 1 0 20 15 15 0 0 1 0-20z'])
export const CloseIcon = strokeIcon(['M18 6L6 18', 'M6 6l12 12'])
export const FoldIcon = strokeIcon(['M3 3h18v18H3z', 'M9 3v18', 'M16 10l-2 2 2 2'])
export const CalendarIcon = strokeIcon(['M3 5h18v16H3z', 'M16 3v4', 'M8 3v4', 'M3 10h18'])
export const PlusIcon = strokeIcon(['M12 5v14', 'M5 12h14'])
export const EditIcon = strokeIcon(['M12 20h9', 'M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z'])
export const TrashIcon = strokeIcon(['M3 6h18', 'M8 6V4h8v2', 'M19 6l-1 14H6L5 6', 'M10 11v6', 'M14 11v6'])
export const HistoryIcon = strokeIcon(['M3 12a9 9 0 1 0 3-6.7L3 8', 'M3 3v5h5', 'M12 7v5l4 2'])
export const ColumnsIcon = strokeIcon(['M3 3h18v18H3z', 'M9 3v18', 'M15 3v18'])
export const FilterIcon = strokeIcon(['M22 3H2l8 9.5V19l4 2v-8.5z'])
export const BoardIcon = strokeIcon(['M3 3h5v18H3z', 'M10 3h5v12h-5z', 'M17 3h4v8h-4z'])
export const ListIcon = strokeIcon(['M8 6h13', 'M8 12h13', 'M8 18h13', 'M3 6h.01', 'M3 12h.01', 'M3 18h.01'])
export const ArrowUpIcon = strokeIcon(['M12 19V5', 'M5 12l7-7 7 7'])
export const ArrowDownIcon = strokeIcon(['M12 5v14', 'M19 12l-7 7-7-7'])
export const SortIcon = strokeIcon(['M7 4v16', 'M3 8l4-4 4 4', 'M17 20V4', 'M13 16l4 4 4-4'])
export const PanelIcon = strokeIcon(['M3 3h18v18H3z', 'M15 3v18'])
export const UserIcon = strokeIcon(['M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2', 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z'])
export const ExternalIcon = strokeIcon(['M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6', 'M15 3h6v6', 'M10 14L21 3'])
export const AlertIcon = strokeIcon(['M10.3 3.9L1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z', 'M12 9v4', 'M12 17h.01'])
export const DragIcon = strokeIcon(['M9 5h.01', 'M9 12h.01', 'M9 19h.01', 'M15 5h.01', 'M15 12h.01', 'M15 19h.01'])
export const SendIcon = strokeIcon(['M22 2L11 13', 'M22 2l-7 20-4-9-9-4z'])
export const InfoIcon = strokeIcon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M12 16v-4', 'M12 8h.01'])
export const BellIcon = strokeIcon(['M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9', 'M13.7 21a2 2 0 0 1-3.4 0'])
export const ClipboardCheckIcon = strokeIcon([
  'M9 4h6v3H9z',
  'M15 5h3a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1h3',
  'M9 14l2 2 4-4',
])
export const CheckAllIcon = strokeIcon(['M2 12l5 5L18 6', 'M12 17l1 1L22 9'])
