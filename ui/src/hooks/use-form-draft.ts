import { useState } from 'react'

import { useFormSubmit } from '@/hooks/use-form-submit'

/**
 * A dialog form's draft: its values, `set` for one field, the errors `validate` finds in them, and
 * `submit`, which saves only a valid draft (with useFormSubmit's submitted, saving and failure).
 */
export function useFormDraft<F, E extends object>(initial: F | (() => F), validate: (form: F) => E) {
  const [form, setForm] = useState<F>(initial)
  const submission = useFormSubmit()
  const errors = validate(form)
  const set = <K extends keyof F>(key: K, value: F[K]) => setForm((f) => ({ ...f, [key]: value }))
  const submit = (save: () => Promise<void>) => submission.submit(Object.keys(errors).length === 0, save)
  return { form, setForm, set, errors, submitted: submission.submitted, saving: submission.saving, failure: submission.failure, submit }
}
