import { useState } from 'react'

import { errorMessage, type FieldErrors } from '@/data/client'

/**
 * The call behind an account-recovery form (forgot, reset, unlock): busy while it runs, and the
 * server's refusal (its message and field errors) once it fails. `run` answers whether it succeeded.
 */
export function useAuthCall() {
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<{ message: string; errors: FieldErrors } | null>(null)
  async function run(call: () => Promise<void>): Promise<boolean> {
    setBusy(true)
    setFailure(null)
    try {
      await call()
      return true
    } catch (e) {
      setFailure({ message: errorMessage(e), errors: (e as { errors?: FieldErrors }).errors ?? {} })
      return false
    } finally {
      setBusy(false)
    }
  }
  return { busy, error: failure?.message ?? null, errors: failure?.errors ?? {}, run }
}
