import { useAtom, type PrimitiveAtom } from 'jotai'
import { useEffect, useState } from 'react'

type Load<T> = (signal: AbortSignal) => Promise<T[]>

/** A mail-like app's folders, filters and labels (mail, to-do): loaded once into the area's atoms. */
export function useFolderMeta<Fo, Fi, La>(
  atoms: { folders: PrimitiveAtom<Fo[] | null>; filters: PrimitiveAtom<Fi[] | null>; labels: PrimitiveAtom<La[] | null> },
  load: { folders: Load<Fo>; filters: Load<Fi>; labels: Load<La> },
) {
  const [folders, setFolders] = useAtom(atoms.folders)
  const [filters, setFilters] = useAtom(atoms.filters)
  const [labels, setLabels] = useAtom(atoms.labels)
  const [error, setError] = useState<unknown>(null)
  const loaded = Boolean(folders && filters && labels)
  useEffect(() => {
    if (loaded) return
    const controller = new AbortController()
    Promise.all([load.folders(controller.signal), load.filters(controller.signal), load.labels(controller.signal)]).then(
      ([fo, fi, la]) => {
        setFolders(fo)
        setFilters(fi)
        setLabels(la)
      },
      (e: unknown) => !controller.signal.aborted && setError(e),
    )
    return () => controller.abort()
  }, [loaded, load, setFolders, setFilters, setLabels])
  return { folders: folders ?? [], filters: filters ?? [], labels: labels ?? [], loaded, error }
}
