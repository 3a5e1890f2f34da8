import { atom } from 'jotai'
import { atomWithStorage } from 'jotai/utils'

import type { FileItem } from './api'
import type { FileFilter, FileSort } from './files-utils'

export const filesAtom = atom<FileItem[] | null>(null)
export const selectedFileIdAtom = atom<string | null>(null)
export const fileFilterAtom = atom<FileFilter>('all')
export const fileSearchAtom = atom('')
export const fileSortAtom = atom<{ key: FileSort; descending: boolean }>({ key: 'name', descending: false })

/**
 * 'Available offline' is a choice of this browser (as in any file app): the file list API is
 * read-only, so the choice is kept here, per file id, over the flag the API answers.
 */
export const offlineOverridesAtom = atomWithStorage<Record<string, boolean>>('portal.file-manager.offline', {})
