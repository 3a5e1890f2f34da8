import { Icon, type IconProps } from '@chakra-ui/react'

function strokeIcon(paths: string[]) {
  return function StrokeIcon(props: IconProps) {
    return (
      <Icon {...props}>
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          {paths.map((d) => (
            <path key={d} d={d} />
          ))}
        </svg>
      </Icon>
    )
  }
}

export const NotesIcon = strokeIcon(['M14.5 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V7.5z', 'M14 2v6h6', 'M8 13h8', 'M8 17h8'])
export const BellIcon = strokeIcon(['M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9', 'M13.7 21a2 2 0 0 1-3.4 0'])
export const ImageIcon = strokeIcon(['M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z', 'M8.5 10a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z', 'M21 15l-5-5L5 21'])
export const ArchiveIcon = strokeIcon(['M21 8v13H3V8', 'M1 3h22v5H1z', 'M10 12h4'])
export const UnarchiveIcon = strokeIcon(['M21 8v13H3V8', 'M1 3h22v5H1z', 'M12 18v-6', 'M9 15l3-3 3 3'])
export const LabelIcon = strokeIcon(['M20.59 13.41l-7.17 7.17a2 2 0 0 1-2.83 0L2 12V2h10l8.59 8.59a2 2 0 0 1 0 2.82z', 'M7 7h.01'])
export const ChecklistIcon = strokeIcon(['M9 11l3 3L22 4', 'M21 12v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h11'])
export const TrashIcon = strokeIcon(['M3 6h18', 'M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6', 'M10 11v6', 'M14 11v6', 'M9 6V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2'])
export const PlusIcon = strokeIcon(['M12 5v14', 'M5 12h14'])
export const CloseIcon = strokeIcon(['M18 6L6 18', 'M6 6l12 12'])
export const SearchIcon = strokeIcon(['M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z', 'M21 21l-4.3-4.3'])
export const MenuIcon = strokeIcon(['M3 6h18', 'M3 12h18', 'M3 18h18'])
export const EditIcon = strokeIcon(['M12 20h9', 'M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z'])
export const CheckIcon = strokeIcon(['M20 6L9 17l-5-5'])
