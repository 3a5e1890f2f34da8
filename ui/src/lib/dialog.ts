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

/**
 * The content box of a form dialog (event, contact): centred, as tall as its content, scrolling
 * inside when that is taller than the screen, and clear of the top 6rem, where the snackbars show
 * (top centre, 1rem from the edge, about 4rem tall), so none covers the dialog's title; on phones a
 * margin each side instead of the whole screen.
 */
export const FORM_DIALOG_CONTENT = { maxH: 'calc(100dvh - 12rem)', w: 'calc(100% - 1.5rem)' } as const
/** The form inside such a dialog: a column whose body scrolls between the fixed header and footer. */
export const FORM_DIALOG_FORM = { display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 } as const
