import type { FormInstance } from 'antd'
import { useState } from 'react'
import { errorMessage, isStaleVersion } from '../lib/api.ts'
import { applyServerErrors } from '../lib/formRules.ts'
import { useToast } from '../lib/toast.ts'

/**
 * How a dialog's form answers a failed save: field errors under their fields; a stale version
 * (someone saved first) as a toast, closing the dialog so the next opening loads the new version;
 * anything else as the dialog's own failure text (`failure`, cleared with `clear` on the next try).
 */
export const useSaveFailure = (form: FormInstance, fields: readonly string[], onStale: () => void) => {
  const toast = useToast()
  const [failure, setFailure] = useState<string | null>(null)
  const onError = (error: unknown) => {
    if (applyServerErrors(form, error, fields)) return
    if (isStaleVersion(error)) {
      toast.error(errorMessage(error))
      onStale()
      return
    }
    setFailure(errorMessage(error))
  }
  return { failure, clear: () => setFailure(null), onError }
}
