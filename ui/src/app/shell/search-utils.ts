import { useNavigate } from 'react-router-dom'

import type { NavItem } from '@/lib/navigation'

export const SEARCH_PLACEHOLDER = 'Search for an app or page'

/** Opens a navigation page: in the app, or an external link in a new tab. */
export function useOpenPage() {
  const navigate = useNavigate()
  return (item: NavItem) => {
    if (!item.url) return
    if (item.external) window.open(item.url, item.target ?? '_blank', 'noopener,noreferrer')
    else navigate(item.url)
  }
}

