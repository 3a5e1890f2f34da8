import { useState } from 'react'

import { errorMessage } from '@/data/client'

/** The state of a dialog's form: shown errors after the first submit, busy while saving, the server's refusal. */
export function useFormSubmit() {
  const [submitted, setSubmitted] = useState(false)
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  /** Marks the form submitted; when `valid`, runs `save` (busy meanwhile) and keeps its error message. */
  async function submit(valid: boolean, save: () => Promise<void>) {
    setSubmitted(true)
    if (!valid) return
    setSaving(true)
    setFailure(null)
    try {
      await save()
    } catch (e) {
      setFailure(errorMessage(e))
    } finally {
      setSaving(false)
    }
  }
  return { submitted, saving, failure, submit }
}
