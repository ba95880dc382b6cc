import { type FieldProblem, problemsFromIssues } from '../draft.ts'

type Issue = Parameters<typeof problemsFromIssues>[0][number]

/** A shared zod schema, seen structurally (web-admin does not depend on zod itself). */
export interface Checkable {
  safeParse: (value: unknown) => { success: boolean; error?: { issues: readonly Issue[] } }
}

/** `null` means "not set", as in the API's UpdateSiteBody: object properties that are null are dropped. */
export const dropNulls = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(dropNulls)
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => [k, dropNulls(v)]),
    )
  return value
}

/**
 * Checks a part of the draft with the shared schema the save uses, as field problems at the same
 * paths the save reports (`prefix` is the part's path, e.g. `globalSetting.popupCtas.0`).
 */
export const checkAt = (schema: Checkable, value: unknown, prefix: string): FieldProblem[] => {
  const result = schema.safeParse(dropNulls(value))
  if (result.success || !result.error) return []
  const head = prefix.split('.').filter((segment) => segment !== '')
  return problemsFromIssues(
    result.error.issues.map((issue) => ({ ...issue, path: [...head, ...issue.path] })),
  )
}
