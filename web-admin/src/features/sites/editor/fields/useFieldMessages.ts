import { useCallback, useState } from 'react'
import { type FieldProblem, problemAt } from '../draft.ts'

/**
 * The message a field shows: once the user has changed it, what the shared rules say about its
 * current value (so a fix clears it at once); until then, what the last save reported.
 */
export const useFieldMessages = (reported: readonly FieldProblem[], live: readonly FieldProblem[]) => {
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set())

  const touch = useCallback(
    (...paths: string[]) =>
      setTouched((previous) => {
        if (paths.every((path) => previous.has(path))) return previous
        return new Set([...previous, ...paths])
      }),
    [],
  )

  /** Forgets what was touched below `prefix` (a list item was removed and the indexes moved). */
  const untouchUnder = useCallback(
    (prefix: string) =>
      setTouched(
        (previous) =>
          new Set([...previous].filter((path) => path !== prefix && !path.startsWith(`${prefix}.`))),
      ),
    [],
  )

  const messageAt = (path: string): string | undefined =>
    touched.has(path) ? problemAt(live, path) : problemAt(reported, path)

  return { messageAt, touch, untouchUnder }
}

/** Form.Item props for a field's message. */
export const fieldStatus = (message: string | undefined) =>
  message ? { help: message, validateStatus: 'error' as const } : {}
