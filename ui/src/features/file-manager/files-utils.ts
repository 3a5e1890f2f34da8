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

/** The folders from the top down to `folderId` (a missing folder or a cycle ends the path). */
export function folderPath(files: readonly FileItem[], folderId: string | null): FileItem[] {
  const path: FileItem[] = []
  const seen = new Set<string>()
  let id = folderId
  while (id && !seen.has(id)) {
    seen.add(id)
    const folder = files.find((f) => f.id === id && f.type === 'folder')
    if (!folder) break
    path.unshift(folder)
    id = folder.folderId ?? null
  }
  return path
}

/** A search or a type filter looks in every folder; otherwise the list shows the open folder. */
export function searchesEverywhere(filter: FileFilter, query: string): boolean {
  return filter !== 'all' || query.trim() !== ''
}

export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024
export const UPLOAD_EXTENSIONS = ['pdf', 'txt', 'text', 'log', 'csv', 'md', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'tif', 'tiff', 'docx', 'xlsx', 'pptx']

/** Why the page will not send this file (the server checks again, content included), or null. */
export function uploadProblem(file: { name: string; size: number }): string | null {
  const ext = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? ''
  if (!UPLOAD_EXTENSIONS.includes(ext)) return `'${file.name}' is not a kind of file kept here: upload PDF, text, images or Office files (.docx, .xlsx, .pptx).`
  if (file.size === 0) return `'${file.name}' is empty.`
  if (file.size > MAX_UPLOAD_BYTES) return `'${file.name}' is larger than the 25 MB limit for one file.`
  return null
}

export function visibleFiles(files: readonly FileItem[], filter: FileFilter, query: string, sort: FileSort, descending: boolean, folderId: string | null = null): FileItem[] {
  const q = query.trim().toLowerCase()
  const everywhere = searchesEverywhere(filter, query)
  const dir = descending ? -1 : 1
  const key = (f: FileItem): string | number => {
    if (sort === 'size') return sizeInBytes(f.size)
    if (sort === 'modified') return Date.parse(f.modified) || 0
    if (sort === 'type') return typeLabel(f)
    return f[sort]
  }
  return files
    .filter((f) => everywhere || (f.folderId ?? null) === folderId)
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
