import { useAtom } from 'jotai'
import { useCallback, useEffect, useState } from 'react'

import { getContacts, getUser, type ContactsView } from './api'
import { contactsListAtom, contactsUserAtom } from './atoms'

/** The contacts of a view and the app's user (starred, frequent); `reload` fetches both again. */
export function useContacts(view: ContactsView) {
  const [list, setList] = useAtom(contactsListAtom)
  const [user, setUser] = useAtom(contactsUserAtom)
  const [attempt, setAttempt] = useState(0)
  const [failure, setFailure] = useState<{ view: string; error: unknown } | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    Promise.all([getContacts(view, controller.signal), getUser(controller.signal)]).then(
      ([contacts, u]) => {
        setList({ view, contacts })
        setUser(u)
        setFailure(null)
      },
      (e: unknown) => !controller.signal.aborted && setFailure({ view, error: e }),
    )
    return () => controller.abort()
  }, [view, attempt, setList, setUser])
  return {
    contacts: list?.view === view ? list.contacts : null,
    user,
    setUser,
    error: failure?.view === view ? failure.error : null,
    reload: useCallback(() => setAttempt((n) => n + 1), []),
  }
}
