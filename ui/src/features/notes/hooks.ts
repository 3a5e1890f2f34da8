import { useAtom } from 'jotai'
import { useCallback, useEffect, useState } from 'react'

import { getLabels, getNotes } from './api'
import { noteLabelsAtom, notesAtom } from './atoms'

/** Every note and the labels, loaded once when the area opens; `reload` fetches them again. */
export function useNotesData() {
  const [notes, setNotes] = useAtom(notesAtom)
  const [labels, setLabels] = useAtom(noteLabelsAtom)
  const [attempt, setAttempt] = useState(0)
  const [error, setError] = useState<unknown>(null)
  useEffect(() => {
    const controller = new AbortController()
    Promise.all([getNotes(controller.signal), getLabels(controller.signal)]).then(
      ([n, l]) => {
        setNotes(n)
        setLabels(l)
        setError(null)
      },
      (e: unknown) => !controller.signal.aborted && setError(e),
    )
    return () => controller.abort()
  }, [attempt, setNotes, setLabels])
  return { notes, labels: labels ?? [], error, setNotes, setLabels, reload: useCallback(() => setAttempt((n) => n + 1), []) }
}
