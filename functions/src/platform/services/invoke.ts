import { AppError, type FieldIssue } from '../../edge/errors.ts'

/**
 * The answer of a synchronous call of another Lambda of the API, for work whose code the caller's
 * bundle must not carry (docs/decisions/0009-lambda-bundles.md): publishing (react-dom/server) and PDF
 * documents (pdfkit), made by the platform's invoker (functions/src/platform/aws/invoker.ts). The
 * invoked function answers either done, with its result's fields, or the refusal's fields; the
 * caller rebuilds the refusal into the `AppError` the same code run in process would have thrown,
 * so the API's response is the same.
 */

/** A refusal as it crosses the invoke: the fields of the `AppError`. */
export interface Refusal {
  ok: false
  error: Pick<AppError, 'status' | 'code' | 'params' | 'headers'> & { details?: FieldIssue[] }
}

/** An invoked function's answer: done (with the result's fields), or the refusal the API answers with. */
export type Answer<T extends object = object> = ({ ok: true } & T) | Refusal

/** A refusal crosses the invoke as its fields; anything else is a failure of the invoked function. */
export const answerOf = (error: unknown): Refusal => {
  if (!(error instanceof AppError)) throw error
  const { status, code, params, details, headers } = error
  return { ok: false, error: { status, code, params, headers, ...(details ? { details } : {}) } }
}

/** Raises the refusal an answer carries, as the in-process code would have thrown it; else the answer. */
export const settle = <T extends object>(answer: Answer<T>): { ok: true } & T => {
  if (answer.ok) return answer
  const { status, code, params, details, headers } = answer.error
  throw new AppError(status, code, params, details, headers)
}
