import { useEffect, useState } from 'react'

import { fetchOptions, type Options } from '@/data/records'

/** GET /options (fetched once per page load); null while loading or when it failed. */
export function useOptions(): Options | null {
  const [options, setOptions] = useState<Options | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    fetchOptions(controller.signal).then(setOptions, () => undefined)
    return () => controller.abort()
  }, [])
  return options
}
