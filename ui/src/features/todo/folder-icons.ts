import { CheckIcon, ClockIcon, ListIcon, PriorityIcon, StarIcon, TodayIcon, TrashIcon } from './icons'

/** The API names icons (Material names); these are ours. */
export const FILTER_ICONS: Record<string, typeof ListIcon> = {
  view_headline: ListIcon,
  star: StarIcon,
  error: PriorityIcon,
  schedule: ClockIcon,
  today: TodayIcon,
  check: CheckIcon,
  delete: TrashIcon,
}
