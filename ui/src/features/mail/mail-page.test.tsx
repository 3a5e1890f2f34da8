import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'

import { json, mockFetch, path } from '@/testing/fetch-mock'
import { renderRoutes } from '@/testing/render'

import MailPage from './components/mail-page'

const FOLDERS = [
  { id: 0, handle: 'inbox', title: 'Inbox', icon: 'inbox' },
  { id: 3, handle: 'spam', title: 'Spam', icon: 'error' },
  { id: 4, handle: 'trash', title: 'Trash', icon: 'delete' },
]
const mail = (id: string, subject: string) => ({
  id,
  from: { name: 'Garry Newman', avatar: 'assets/images/avatars/garry.jpg', email: 'g@x.example' },
  to: [{ name: 'me', email: 'me@x.example' }],
  subject,
  message: '<p>Body <script>alert(1)</script></p>',
  time: '2026-11-20T17:30:00Z',
  read: false,
  starred: false,
  important: false,
  hasAttachments: false,
  attachments: [],
  labels: [],
  folder: 0,
})

describe('MailPage', () => {
  it('lists a folder and moves the selected mails to another folder', async () => {
    let inbox = [mail('m1', 'Pump quote'), mail('m2', 'Site visit')]
    const { fetch, calls } = mockFetch((call) => {
      const p = path(call)
      if (p.endsWith('/folders')) return json(FOLDERS)
      if (p.endsWith('/filters')) return json([{ id: 0, handle: 'starred', title: 'Starred', icon: 'star' }])
      if (p.endsWith('/labels')) return json([{ id: 0, handle: 'note', title: 'Note', color: '#7cb342' }])
      if (p.endsWith('/mails')) return json(inbox)
      if (p.endsWith('/set-folder')) {
        inbox = inbox.filter((m) => !(call.body as { selectedMailIds: string[] }).selectedMailIds.includes(m.id))
        return new Response(null, { status: 200 })
      }
      return json({ message: 'unexpected' }, 500)
    })
    vi.stubGlobal('fetch', fetch)
    renderRoutes([{ path: '/apps/mail/:folderHandle', element: <MailPage /> }], ['/apps/mail/inbox'])

    const row = await screen.findByTestId('mail-row-m1')
    expect(within(row).getByText('Pump quote')).toBeInTheDocument()
    expect(row).toHaveAttribute('data-read', 'false')
    await userEvent.click(screen.getByTestId('mail-row-m1-check'))
    expect(screen.getByTestId('mail-selected-count')).toHaveTextContent('1 selected')
    await userEvent.click(screen.getByTestId('mail-bulk-move'))
    await userEvent.click(await screen.findByTestId('mail-move-spam'))

    await waitFor(() => expect(screen.queryByTestId('mail-row-m1')).not.toBeInTheDocument())
    const move = calls.find((c) => path(c).endsWith('/set-folder'))
    expect(move?.body).toEqual({ selectedMailIds: ['m1'], folderId: 3 })
    expect(screen.getByTestId('mail-row-m2')).toBeInTheDocument()
  })

  it('sends a mail from the compose dialog and shows what the server refused', async () => {
    let refuse = true
    const { fetch, calls } = mockFetch((call) => {
      const p = path(call)
      if (p.endsWith('/folders')) return json(FOLDERS)
      if (p.endsWith('/filters') || p.endsWith('/labels')) return json([])
      if (p.endsWith('/mails')) return json([])
      if (p.endsWith('/send')) {
        if (refuse) {
          refuse = false
          return json({ message: 'Not an email address: a@b.', errors: { to: 'Not an email address: a@b.' } }, 422)
        }
        return json({ ...mail('s1', 'Readings'), folder: 1 })
      }
      return json({ message: 'unexpected' }, 500)
    })
    vi.stubGlobal('fetch', fetch)
    renderRoutes([{ path: '/apps/mail/:folderHandle', element: <MailPage /> }], ['/apps/mail/inbox'])
    await userEvent.click(await screen.findByTestId('mail-sidebar-toggle'))
    await userEvent.click(await screen.findByTestId('mail-compose'))
    await userEvent.type(await screen.findByTestId('compose-to'), 'manager@portal.example')
    await userEvent.type(screen.getByTestId('compose-subject'), 'Readings')
    await userEvent.type(screen.getByTestId('compose-message'), 'Panel B is fine.')
    await userEvent.click(screen.getByTestId('compose-send'))
    expect(await screen.findByTestId('compose-error')).toHaveTextContent('Not an email address: a@b.')
    await userEvent.clear(screen.getByTestId('compose-to'))
    await userEvent.type(screen.getByTestId('compose-to'), 'manager@portal.example')
    await userEvent.click(screen.getByTestId('compose-send'))
    await waitFor(() => expect(screen.queryByTestId('compose-dialog')).not.toBeInTheDocument())
    const sent = calls.filter((c) => path(c).endsWith('/send'))
    expect(sent).toHaveLength(2)
    expect(sent[1].body).toEqual({ to: ['manager@portal.example'], cc: [], bcc: [], subject: 'Readings', message: 'Panel B is fine.' })
  })
})
