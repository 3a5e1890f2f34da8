import { DocumentIcon, FolderIcon, SheetIcon } from './icons'

const EXT_COLORS: Record<string, string> = {
  pdf: 'red.500',
  docx: 'blue.500',
  doc: 'blue.500',
  md: 'purple.400',
  txt: 'gray.400',
  xlsx: 'green.500',
  csv: 'teal.500',
  ods: 'green.600',
}

/** The icon and colour of a file type. */
export function fileLook(file: { type: string; extention: string }) {
  if (file.type === 'folder') return { Icon: FolderIcon, color: 'orange.400' }
  if (file.type === 'spreadsheet') return { Icon: SheetIcon, color: EXT_COLORS[file.extention] ?? 'green.500' }
  return { Icon: DocumentIcon, color: EXT_COLORS[file.extention] ?? 'blue.400' }
}
