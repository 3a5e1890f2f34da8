import { strokeIcon } from '@/components/stroke-icon'

export const FolderIcon = strokeIcon(['M22 19a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h5l2 3h9a2 2 0 0 1 2 2z'])
export const DocumentIcon = strokeIcon(['M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z', 'M14 2v6h6', 'M8 13h8', 'M8 17h5'])
export const SheetIcon = strokeIcon(['M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z', 'M14 2v6h6', 'M8 12h8v6H8z', 'M12 12v6', 'M8 15h8'])
export const SearchIcon = strokeIcon(['M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z', 'M21 21l-4.3-4.3'])
export const ArrowUpIcon = strokeIcon(['M12 19V5', 'M5 12l7-7 7 7'])
export const ArrowDownIcon = strokeIcon(['M12 5v14', 'M19 12l-7 7-7-7'])
export const InfoIcon = strokeIcon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M12 16v-4', 'M12 8h.01'])
