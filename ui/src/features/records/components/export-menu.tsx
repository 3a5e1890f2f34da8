import { Button, Menu, Portal } from '@chakra-ui/react'
import { useState } from 'react'

import { errorMessage } from '@/data/client'
import type { ListParams, Resource } from '@/data/records'
import { showMessage } from '@/lib/snackbar'

import { downloadExport, type ExportFormat } from '../transfer'

/** "Export": every row the list's current filters, sort and search find, as CSV or Excel. */
export function ExportMenu({ resource, params }: { resource: Resource; params: ListParams }) {
  const [busy, setBusy] = useState(false)
  const download = async (format: ExportFormat) => {
    setBusy(true)
    try {
      await downloadExport(resource, params, format)
    } catch (error) {
      showMessage(`The export failed: ${errorMessage(error)}`, 'error')
    } finally {
      setBusy(false)
    }
  }
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" loading={busy} data-testid="export-open">
          Export
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content data-testid="export-menu">
            <Menu.Item value="csv" onClick={() => void download('csv')} data-testid="export-csv">
              CSV (.csv)
            </Menu.Item>
            <Menu.Item value="xlsx" onClick={() => void download('xlsx')} data-testid="export-xlsx">
              Excel (.xlsx)
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
