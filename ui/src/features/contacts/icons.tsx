import { strokeIcon } from '@/components/stroke-icon'

const STAR = 'M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z'
export const StarIcon = strokeIcon([STAR])
export const StarFilledIcon = strokeIcon([STAR], true)
export const ContactsIcon = strokeIcon(['M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2', 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M23 21v-2a4 4 0 0 0-3-3.9', 'M16 3.1a4 4 0 0 1 0 7.8'])
export const ClockIcon = strokeIcon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M12 6v6l4 2'])
export const PlusIcon = strokeIcon(['M12 5v14', 'M5 12h14'])
export const TrashIcon = strokeIcon(['M3 6h18', 'M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6', 'M10 11v6', 'M14 11v6', 'M9 6V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2'])
export const EditIcon = strokeIcon(['M12 20h9', 'M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z'])
export const SearchIcon = strokeIcon(['M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z', 'M21 21l-4.3-4.3'])
export const MenuIcon = strokeIcon(['M3 6h18', 'M3 12h18', 'M3 18h18'])
export const ArrowUpIcon = strokeIcon(['M12 19V5', 'M5 12l7-7 7 7'])
export const ArrowDownIcon = strokeIcon(['M12 5v14', 'M19 12l-7 7-7-7'])
export const ChevronLeftIcon = strokeIcon(['M15 18l-6-6 6-6'])
export const ChevronRightIcon = strokeIcon(['M9 18l6-6-6-6'])
export const DotsIcon = strokeIcon(['M12 13a1 1 0 1 0 0-2 1 1 0 0 0 0 2z', 'M19 13a1 1 0 1 0 0-2 1 1 0 0 0 0 2z', 'M5 13a1 1 0 1 0 0-2 1 1 0 0 0 0 2z'])
