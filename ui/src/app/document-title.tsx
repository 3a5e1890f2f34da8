import { useEffect, type ReactNode } from 'react'

export const APP_NAME = 'Staff Portal'

export function DocumentTitle({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`
  }, [title])
  return children
}
