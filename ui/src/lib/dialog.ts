/**
 * The global dialog (spec: one dialog, open or closed, used by the pages). A page asks for a
 * confirmation or a short text and awaits the answer; the shell renders the dialog.
 */
import { atom, useSetAtom } from 'jotai'
import { useCallback, useMemo, type ReactNode } from 'react'

export interface DialogRequest {
  title: string
  body?: ReactNode
  confirmLabel?: string
  cancelLabel?: string
  /** 'danger' paints the confirm button red (deletions). */
  tone?: 'default' | 'danger'
  /** Asks for a text (e.g. why an opportunity was lost); the confirm button needs one when required. */
  input?: { label: string; placeholder?: string; required?: boolean; initial?: string }
}

export interface DialogState extends DialogRequest {
  open: boolean
  resolve: (answer: { confirmed: boolean; value: string }) => void
}

export const dialogAtom = atom<DialogState | null>(null)

export function useDialog() {
  const setDialog = useSetAtom(dialogAtom)
  const ask = useCallback(
    (request: DialogRequest) =>
      new Promise<{ confirmed: boolean; value: string }>((resolve) => {
        setDialog((previous) => {
          previous?.resolve({ confirmed: false, value: '' }) // a newer question replaces an open one
          return {
            ...request,
            open: true,
            resolve: (answer) => {
              setDialog(null)
              resolve(answer)
            },
          }
        })
      }),
    [setDialog],
  )
  return useMemo(
    () => ({
      /** Resolves true when the user confirms. */
      confirm: (request: Omit<DialogRequest, 'input'>) => ask(request).then((a) => a.confirmed),
      /** Resolves the text entered, or null when cancelled. */
      prompt: (request: DialogRequest & { input: NonNullable<DialogRequest['input']> }) =>
        ask(request).then((a) => (a.confirmed ? a.value : null)),
    }),
    [ask],
  )
}
