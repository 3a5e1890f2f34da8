import { Icon, type IconProps } from '@chakra-ui/react'

/** Small stroke icons (24px grid), drawn inline to keep the bundle small. */
function strokeIcon(paths: string[]) {
  return function StrokeIcon(props: IconProps) {
    return (
      <Icon {...props}>
        <svg
          viewBox="0 0 24 24"
          fill="none"
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
