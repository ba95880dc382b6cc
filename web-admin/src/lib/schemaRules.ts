import { email, passwordSchema } from '@swipe/shared'
import type { FormRule as Rule } from 'antd'
import { tShared } from '../i18n/index.ts'

/**
 * antd Form rules that run a shared zod schema (the very schema the API validates with). Apart from
 * formRules.ts so that only the screens using them download zod.
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

/** Checks a value with a shared zod schema: its first issue's message, localised, or undefined. */
export const checkSchema = (schema: SafeParser, value: unknown): string | undefined => {
  const result = schema.safeParse(value ?? '')
  if (result.success) return undefined
  const issue = result.error?.issues[0]
  // The same {max}/{min} the API fills in (functions/src/edge/http.ts zodIssues).
  const params: Record<string, string | number> = {}
  if (issue?.code === 'too_big') params.max = Number(issue.maximum)
  if (issue?.code === 'too_small') params.min = Number(issue.minimum)
  if (issue?.code === 'custom')
    for (const [k, v] of Object.entries(issue.params ?? {}))
      if (typeof v === 'string' || typeof v === 'number') params[k] = v
  return tShared(issue?.message ?? 'validation.invalid', params)
}

/** Checks a value with a shared zod schema; its first issue's message key becomes the field error. */
export const zodRule = (schema: SafeParser): Rule => ({
  validator: (_rule, value: unknown) => {
    const message = checkSchema(schema, value)
    return message === undefined ? Promise.resolve() : Promise.reject(new Error(message))
  },
})

/** The shared email schema as a plain check (the sign-in screens load this file on first check). */
export const checkEmail = (value: unknown): string | undefined => checkSchema(email, value)

/** SPEC §5 password rule as a plain check. */
export const checkPassword = (value: unknown): string | undefined => checkSchema(passwordSchema, value)

export const emailRule = (): Rule => zodRule(email)

/** SPEC §5 password rule: the very schema the API validates `newPassword` with. */
export const passwordRule = (): Rule => zodRule(passwordSchema)
