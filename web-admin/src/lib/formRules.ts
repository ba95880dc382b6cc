import { email, passwordSchema, toCamel } from '@swipe/shared'
import type { FormInstance, FormRule as Rule } from 'antd'
import { tShared } from '../i18n/index.ts'
import { ApiError } from './api.ts'

/**
 * antd Form rules built on the shared rules, so the console and the API reject the same input with
 * the same localised message. Messages are looked up when a field is checked, in the current language.
 */

/** The shape of a zod schema this file needs; web-admin does not depend on zod itself. */
interface SafeParser {
  safeParse: (value: unknown) => {
    success: boolean
    error?: {
      issues: ReadonlyArray<{
        message: string
        code?: string
        maximum?: unknown
        minimum?: unknown
        params?: Record<string, unknown>
      }>
    }
  }
}

const fail = (key: string, params?: Record<string, string | number>): Promise<never> =>
  Promise.reject(new Error(tShared(key, params)))

/** Checks a value with a shared zod schema; its first issue's message key becomes the field error. */
export const zodRule = (schema: SafeParser): Rule => ({
  validator: (_rule, value: unknown) => {
    const result = schema.safeParse(value ?? '')
    if (result.success) return Promise.resolve()
    const issue = result.error?.issues[0]
    // The same {max}/{min} the API fills in (functions/src/lib/http.ts zodIssues).
    const params: Record<string, string | number> = {}
    if (issue?.code === 'too_big') params.max = Number(issue.maximum)
    if (issue?.code === 'too_small') params.min = Number(issue.minimum)
    if (issue?.code === 'custom')
      for (const [k, v] of Object.entries(issue.params ?? {}))
        if (typeof v === 'string' || typeof v === 'number') params[k] = v
    return fail(issue?.message ?? 'validation.invalid', params)
  },
})

export const requiredRule = (): Rule => ({
  validator: (_rule, value: unknown) => {
    const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
    return empty ? fail('validation.required') : Promise.resolve()
  },
})

export const emailRule = (): Rule => zodRule(email)

/** SPEC §5 password rule: the very schema the API validates `newPassword` with. */
export const passwordRule = (): Rule => zodRule(passwordSchema)

/** The confirmation field must equal `field`. */
export const matchesRule =
  (field: string): Rule =>
  ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) => {
      if (typeof value !== 'string' || value === '') return fail('validation.required')
      return value === getFieldValue(field) ? Promise.resolve() : fail('validation.passwordMismatch')
    },
  })

/**
 * SPEC §5 dates, as the shared user schemas check them (contractDates): once `startField` holds a
 * date (YYYY-MM-DD) an end date is required, and it must come after the start.
 */
export const endDateRule =
  (startField: string): Rule =>
  ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) => {
      const start: unknown = getFieldValue(startField)
      if (typeof start !== 'string' || start === '') return Promise.resolve()
      if (typeof value !== 'string' || value === '') return fail('validation.endRequired')
      return value > start ? Promise.resolve() : fail('validation.endBeforeStart')
    },
  })

/** The server's field errors (`details[].path` like `body.newPassword`) that belong to one of `fields`. */
export const serverFieldErrors = (
  error: unknown,
  fields: readonly string[],
): { name: string; errors: string[] }[] => {
  if (!(error instanceof ApiError)) return []
  const byField = new Map<string, string[]>()
  for (const detail of error.details) {
    const segments = detail.path.split('.').filter((segment) => segment !== '')
    if (['body', 'query', 'params'].includes(segments[0] ?? '')) segments.shift()
    const field = toCamel(segments[0] ?? '')
    if (!fields.includes(field)) continue
    const text = detail.message || tShared(detail.code)
    byField.set(field, [...(byField.get(field) ?? []), text])
  }
  return [...byField].map(([name, errors]) => ({ name, errors }))
}

/**
 * Puts the server's field errors on the matching fields. Returns true when at least one field got a
 * message; otherwise the caller shows `error.message`.
 */
export const applyServerErrors = (form: FormInstance, error: unknown, fields: readonly string[]): boolean => {
  const fieldErrors = serverFieldErrors(error, fields)
  form.setFields(fieldErrors)
  return fieldErrors.length > 0
}
