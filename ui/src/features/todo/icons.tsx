import { Icon, type IconProps } from '@chakra-ui/react'

function strokeIcon(paths: string[], filled = false) {
  return function StrokeIcon(props: IconProps) {
    return (
      <Icon {...props}>
        <svg viewBox="0 0 24 24" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          {paths.map((d) => (
            <path key={d} d={d} />
          ))}
        </svg>
      </Icon>
    )
  }
}

const STAR = 'M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z'
export const StarIcon = strokeIcon([STAR])
export const StarFilledIcon = strokeIcon([STAR], true)
export const PriorityIcon = strokeIcon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M12 8v4', 'M12 16h.01'])
export const PriorityFilledIcon = strokeIcon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M12 8v4', 'M12 16h.01'])
export const ListIcon = strokeIcon(['M8 6h13', 'M8 12h13', 'M8 18h13', 'M3 6h.01', 'M3 12h.01', 'M3 18h.01'])
export const ClockIcon = strokeIcon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M12 6v6l4 2'])
export const TodayIcon = strokeIcon(['M3 5h18v16H3z', 'M16 3v4', 'M8 3v4', 'M3 10h18', 'M10 14h4v4h-4z'])
export const CheckIcon = strokeIcon(['M20 6L9 17l-5-5'])
export const TrashIcon = strokeIcon(['M3 6h18', 'M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6', 'M10 11v6', 'M14 11v6', 'M9 6V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2'])
export const RestoreIcon = strokeIcon(['M3 12a9 9 0 1 0 3-6.7L3 8', 'M3 3v5h5'])
export const PlusIcon = strokeIcon(['M12 5v14', 'M5 12h14'])
export const MenuIcon = strokeIcon(['M3 6h18', 'M3 12h18', 'M3 18h18'])
export const SearchIcon = strokeIcon(['M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z', 'M21 21l-4.3-4.3'])
export const SortIcon = strokeIcon(['M3 6h12', 'M3 12h8', 'M3 18h4', 'M18 8v12', 'M15 17l3 3 3-3'])
export const ArrowUpIcon = strokeIcon(['M12 19V5', 'M5 12l7-7 7 7'])
export const ArrowDownIcon = strokeIcon(['M12 5v14', 'M19 12l-7 7-7-7'])
export const TodoIcon = strokeIcon(['M9 11l3 3L22 4', 'M21 12v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h11'])
