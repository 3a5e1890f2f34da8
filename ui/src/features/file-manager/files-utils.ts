/** Pure rules of the file manager (unit-tested). */
import type { FileItem } from './api'

export type FileFilter = 'all' | 'folder' | 'document' | 'spreadsheet'
export type FileSort = 'name' | 'type' | 'owner' | 'size' | 'modified'

export const FILTERS: { value: FileFilter; title: string }[] = [
  { value: 'all', title: 'All' },
  { value: 'folder', title: 'Folders' },
  { value: 'document', title: 'Documents' },
  { value: 'spreadsheet', title: 'Spreadsheets' },
]

/** '22.6 Mb', '310Kb', '1.1 GB' -> bytes (folders have no size: -1). */
export function sizeInBytes(size: string): number {
  const m = /^([\d.]+)\s*([kmgt]?)b?$/i.exec(size.trim())
  if (!m) return -1
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 }[m[2].toLowerCase() as '' | 'k' | 'm' | 'g' | 't']
  return Number(m[1]) * unit
}

export function typeLabel(file: Pick<FileItem, 'type' | 'extention'>): string {
  if (file.type === 'folder') return 'Folder'
  const ext = file.extention ? file.extention.toUpperCase() : ''
  const kind = file.type === 'spreadsheet' ? 'Spreadsheet' : file.type === 'document' ? 'Document' : file.type
  return ext ? `${kind} (${ext})` : kind
}

export function visibleFiles(files: readonly FileItem[], filter: FileFilter, query: string, sort: FileSort, descending: boolean): FileItem[] {
  const q = query.trim().toLowerCase()
  const dir = descending ? -1 : 1
  const key = (f: FileItem): string | number => {
    if (sort === 'size') return sizeInBytes(f.size)
    if (sort === 'modified') return Date.parse(f.modified) || 0
    if (sort === 'type') return typeLabel(f)
    return f[sort]
  }
  return files
    .filter((f) => filter === 'all' || f.type === filter)
    .filter((f) => !q || `${f.name} ${f.owner} ${f.extention} ${f.location}`.toLowerCase().includes(q))
    .sort((a, b) => {
      // Folders first, as in every file manager.
      if ((a.type === 'folder') !== (b.type === 'folder')) return a.type === 'folder' ? -1 : 1
      const x = key(a)
      const y = key(b)
      return dir * (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'en', { sensitivity: 'base' }))
    })
}

/** The per-browser 'available offline' choice laid over the stored flag. */
export function isOffline(file: FileItem, overrides: Record<string, boolean>): boolean {
  return overrides[file.id] ?? file.offline
}
