import { describe, expect, it } from 'vitest'

import type { FileItem } from './api'
import { folderPath, isOffline, sizeInBytes, typeLabel, uploadProblem, visibleFiles } from './files-utils'

const file = (id: string, name: string, type: string, size = '', extention = '', modified = 'May 1, 2026'): FileItem => ({
  id,
  name,
  type,
  owner: 'me',
  size,
  modified,
  opened: '',
  created: '',
  extention,
  location: 'My Files',
  offline: false,
  preview: '',
})

describe('file manager rules', () => {
  it('reads sizes', () => {
    expect(sizeInBytes('310Kb')).toBe(310 * 1024)
    expect(sizeInBytes('1.5 Mb')).toBe(1.5 * 1024 ** 2)
    expect(sizeInBytes('')).toBe(-1)
  })

  it('names types', () => {
    expect(typeLabel({ type: 'folder', extention: '' })).toBe('Folder')
    expect(typeLabel({ type: 'spreadsheet', extention: 'xlsx' })).toBe('Spreadsheet (XLSX)')
  })

  it('filters, searches and sorts with folders first', () => {
    const files = [file('1', 'Zeta', 'folder'), file('2', 'Big', 'document', '2 Mb', 'pdf'), file('3', 'Small', 'spreadsheet', '3Kb', 'csv'), file('4', 'Alpha', 'folder')]
    expect(visibleFiles(files, 'all', '', 'name', false).map((f) => f.id)).toEqual(['4', '1', '2', '3'])
    expect(visibleFiles(files, 'all', '', 'size', true).map((f) => f.id)).toEqual(['1', '4', '2', '3'])
    expect(visibleFiles(files, 'spreadsheet', '', 'name', false).map((f) => f.id)).toEqual(['3'])
    expect(visibleFiles(files, 'all', 'pdf', 'name', false).map((f) => f.id)).toEqual(['2'])
  })

  it('lays the browser choice over the stored offline flag', () => {
    const f = { ...file('1', 'a', 'document'), offline: true }
    expect(isOffline(f, {})).toBe(true)
    expect(isOffline(f, { '1': false })).toBe(false)
  })
})

describe('folders and uploads', () => {
  const tree: FileItem[] = [
    { ...file('1', 'Work', 'folder'), folderId: null },
    { ...file('2', 'Archive', 'folder'), folderId: '1' },
    { ...file('3', 'Old plan', 'document', '1 Mb', 'pdf'), folderId: '2' },
    { ...file('4', 'Top sheet', 'spreadsheet', '2 Mb', 'xlsx'), folderId: null },
  ]
  it('shows the open folder, but searches and type filters look in every folder', () => {
    expect(visibleFiles(tree, 'all', '', 'name', false, null).map((f) => f.id)).toEqual(['1', '4'])
    expect(visibleFiles(tree, 'all', '', 'name', false, '2').map((f) => f.id)).toEqual(['3'])
    expect(visibleFiles(tree, 'all', 'plan', 'name', false, null).map((f) => f.id)).toEqual(['3'])
    expect(visibleFiles(tree, 'document', '', 'name', false, '1').map((f) => f.id)).toEqual(['3'])
  })
  it('builds the breadcrumb from the top down', () => {
    expect(folderPath(tree, '2').map((f) => f.name)).toEqual(['Work', 'Archive'])
    expect(folderPath(tree, null)).toEqual([])
    expect(folderPath(tree, 'missing')).toEqual([])
  })
  it('checks a file before sending it', () => {
    expect(uploadProblem({ name: 'a.PDF', size: 10 })).toBeNull()
    expect(uploadProblem({ name: 'tool.exe', size: 10 })).toMatch(/not a kind/)
    expect(uploadProblem({ name: 'a.txt', size: 0 })).toMatch(/empty/)
    expect(uploadProblem({ name: 'big.pdf', size: 26 * 1024 * 1024 })).toMatch(/25 MB/)
  })
})
