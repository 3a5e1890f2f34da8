import { use } from 'react'

import { loadSampleRoutes } from './sample-routes'

/** What an unmatched path shows before the sample routes are here: it waits for them (they may match). */
export function SampleRoutesLoader() {
  use(loadSampleRoutes())
  return null
}
