/** The file manager sample area's calls (app/samples/file_manager.py): the list, uploads, downloads, deletes. */
import { api, saveBlob } from '@/data/client'

const BASE = '/api/file-manager-app'

export interface FileItem {
  id: string
  name: string
  type: 'folder' | 'document' | 'spreadsheet' | 'image' | string
  owner: string
  size: string
  modified: string
  opened: string
  created: string
  /** (sic: the API's spelling) */
  extention: string
  location: string
  offline: boolean
  preview: string
  /** The folder this item sits in (none: the top, "My Files"). */
  folderId?: string | null
  /** An uploaded file, whose content can be downloaded (the sample entries only describe files). */
  downloadable?: boolean
}

export const getFiles = (signal?: AbortSignal) => api.get<FileItem[]>(`${BASE}/files`, { signal })

/** Uploads one file into a folder (or the top); answers the new item. */
export function uploadFile(file: File, folderId: string | null): Promise<FileItem> {
  const form = new FormData()
  form.append('file', file)
  if (folderId) form.append('folderId', folderId)
  return api.post<FileItem>(`${BASE}/upload`, form)
}

export const deleteFile = (id: string) => api.post<{ id: string }>(`${BASE}/delete`, { id })

export async function downloadFile(item: Pick<FileItem, 'id' | 'name'>): Promise<void> {
  saveBlob(await api.download(`${BASE}/download?id=${encodeURIComponent(item.id)}`), item.name)
}
