import { keysToSnake, type Locale, translate } from '@swipe/shared'
import { logger } from '../platform/services/logger.ts'
import { AppError } from './errors.ts'
import type { Result } from './request-state.ts'

/** The API's answers as HTTP: the base headers and the one error envelope. */

/**
 * Headers on every API response, whatever its type (JSON, CSV, error): no content sniffing, and
 * nothing stored by a browser or a shared cache unless a handler says otherwise (public content
 * reads set their own `cache-control`). Authenticated JSON therefore always goes out `no-store`.
 */
export const BASE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
} as const

/** The response headers of a reply: the base headers, then the reply's own. */
export const withBaseHeaders = (headers: Record<string, string> = {}): Record<string, string> => {
  const lower = new Set(Object.keys(headers).map((name) => name.toLowerCase()))
  const base = Object.entries(BASE_HEADERS).filter(([name]) => !lower.has(name))
  return { ...Object.fromEntries(base), ...headers }
}

/** Turns an exception into the one error envelope `{ error: { code, message, details? } }`. */
export const errorResult = (error: unknown, locale: Locale): Result => {
  const json = (statusCode: number, payload: unknown, headers: Record<string, string> = {}): Result => ({
    statusCode,
    headers: withBaseHeaders({ 'content-type': 'application/json; charset=utf-8', ...headers }),
    body: JSON.stringify(keysToSnake(payload)),
  })
  if (error instanceof AppError) {
    const details = error.details?.map((issue) => ({
      ...issue,
      message: translate(locale, issue.code, issue.params),
    }))
    return json(
      error.status,
      {
        error: {
          code: error.code,
          message: translate(locale, error.code, error.params),
          ...(details ? { details } : {}),
        },
      },
      error.headers,
    )
  }
  const status = (error as { statusCode?: number }).statusCode
  if (status === 404 || status === 405) {
    return json(status, {
      error: { code: 'error.routeNotFound', message: translate(locale, 'error.routeNotFound') },
    })
  }
  logger.error('Unhandled error', error as Error)
  return json(500, { error: { code: 'error.internal', message: translate(locale, 'error.internal') } })
}
