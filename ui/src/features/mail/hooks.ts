import { useAtom, useSetAtom } from 'jotai'
import { useCallback, useEffect, useState } from 'react'

import { errorMessage } from '@/data/client'
import { folderListId, useFolderList } from '@/hooks/use-folder-list'
import { useFolderMeta } from '@/hooks/use-folder-meta'
import { showMessage } from '@/lib/snackbar'

import { getFilters, getFolders, getLabels, getMail, getMails, updateMail, type Mail, type MailListKey } from './api'
import {
  mailFiltersAtom,
  mailFoldersAtom,
  mailLabelsAtom,
  mailListAtom,
  openMailAtom,
  replaceMailAtom,
  selectedMailIdsAtom,
} from './atoms'

const MAIL_META_ATOMS = { folders: mailFoldersAtom, filters: mailFiltersAtom, labels: mailLabelsAtom }
const MAIL_META_LOAD = { folders: getFolders, filters: getFilters, labels: getLabels }

/** Folders, filters and labels, loaded once for the whole area. */
export function useMailMeta() {
  return useFolderMeta(MAIL_META_ATOMS, MAIL_META_LOAD)
}

/** The mails of one list; `reload` fetches it again (after bulk changes). A new list clears the selection. */
export function useMailList(key: MailListKey) {
  const setSelected = useSetAtom(selectedMailIdsAtom)
  const id = folderListId(key)
  useEffect(() => {
    setSelected([])
  }, [id, setSelected])
  // Mails that left the list leave the selection too.
  const onLoaded = useCallback((mails: Mail[]) => setSelected((ids) => ids.filter((x) => mails.some((m) => m.id === x))), [setSelected])
  const { items, error, reload } = useFolderList(mailListAtom, key, getMails, onLoaded)
  return { mails: items, error, reload }
}

/** The open mail: fetched by id and marked read when it was unread. */
export function useOpenMail(mailId: string | undefined) {
  const [mail, setMail] = useAtom(openMailAtom)
  const replace = useSetAtom(replaceMailAtom)
  const [failure, setFailure] = useState<{ id: string; error: unknown } | null>(null)

  useEffect(() => {
    if (!mailId) return
    const controller = new AbortController()
    getMail(mailId, controller.signal).then(
      (found) => {
        if (controller.signal.aborted) return
        setMail(found)
        setFailure(null)
        if (!found.read) {
          updateMail({ ...found, read: true }).then(replace, (e: unknown) => showMessage(errorMessage(e), 'error'))
        }
      },
      (e: unknown) => {
        if (!controller.signal.aborted) setFailure({ id: mailId, error: e })
      },
    )
    return () => controller.abort()
  }, [mailId, setMail, replace])

  return { mail: mail && mail.id === mailId ? mail : null, error: failure && failure.id === mailId ? failure.error : null }
}

/** Save one mail's changed flags (star, important, read, labels) and show the saved mail. */
export function useSaveMail() {
  const replace = useSetAtom(replaceMailAtom)
  return useCallback(
    async (mail: Mail, changes: Partial<Mail>) => {
      const next = { ...mail, ...changes }
      replace(next) // at once; put back if the server refuses
      try {
        replace(await updateMail(next))
        return true
      } catch (e) {
        replace(mail)
        showMessage(errorMessage(e), 'error')
        return false
      }
    },
    [replace],
  )
}
