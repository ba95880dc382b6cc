import { toCamel } from '@swipe/shared'
import type { FormInstance, FormRule as Rule } from 'antd'
import { tShared } from '../i18n/index.ts'
import { ApiError } from './api.ts'

/**
 * antd Form rules built on the shared rules, so the console and the API reject the same input with
 * the same localised message. Messages are looked up when a field is checked, in the current language.
 * Rules that run a shared zod schema live in schemaRules.ts, so a form without them (the login page)
 * does not download zod.
 */

export const fail = (key: string, params?: Record<string, string | number>): Promise<never> =>
  Promise.reject(new Error(tShared(key, params)))

/*
 * The checks themselves, as plain functions returning the localised message (or undefined), for
 * the sign-in screens' forms, which are not antd Forms (issue 14). The rules below wrap them.
 */

/** Required: something other than blanks. */
export const checkRequired = (value: unknown): string | undefined => {
  const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  return empty ? tShared('validation.required') : undefined
}

/** A confirmation: required, and equal to `other`. */
export const checkMatches = (value: unknown, other: unknown): string | undefined => {
  if (typeof value !== 'string' || value === '') return tShared('validation.required')
  return value === other ? undefined : tShared('validation.passwordMismatch')
}

const asRule = (message: string | undefined): Promise<void> =>
  message === undefined ? Promise.resolve() : Promise.reject(new Error(message))

export const requiredRule = (): Rule => ({
  validator: (_rule, value: unknown) => asRule(checkRequired(value)),
})

/** The confirmation field must equal `field`. */
export const matchesRule =
  (field: string): Rule =>
  ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) => asRule(checkMatches(value, getFieldValue(field))),
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
