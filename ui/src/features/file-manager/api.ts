/** The file manager sample area's call (app/samples/file_manager.py): a read-only list. */
import { api } from '@/lib/api'

export interface FileItem {
  id: string
  name: string
  type: 'folder' | 'document' | 'spreadsheet' | string
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
}

export const getFiles = (signal?: AbortSignal) => api.get<FileItem[]>('/api/file-manager-app/files', { signal })
