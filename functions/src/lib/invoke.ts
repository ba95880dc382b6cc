import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda'
import { clientConfig } from './env.ts'
import { AppError, type FieldIssue } from './errors.ts'

/**
 * A synchronous call of another Lambda of the API, for work whose code the caller's bundle must not
 * carry (docs/decisions.md "Lambda bundles"): publishing (`#lib/publisher`, react-dom/server) and
 * PDF documents (`#lib/documents`, pdfkit). The invoked function answers either done, with its
 * result's fields, or the refusal's fields; the caller rebuilds the refusal into the `AppError`
 * the same code run in process would have thrown, so the API's response is the same.
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

let lambda: LambdaClient | undefined

/**
 * Invokes `functionName` with `event` and waits for its answer (InvocationType RequestResponse):
 * resolves with a done answer, throws the `AppError` of a refusal, and throws a plain error (the
 * caller's 500) when the function failed (its error, a timeout) or answered nothing; `what` names
 * the work in that error. Both ways carry at most 6 MB (Lambda's synchronous payload limit).
 */
export const invokeSync = async <T extends object>(
  functionName: string,
  event: object,
  what: string,
): Promise<{ ok: true } & T> => {
  lambda ??= new LambdaClient(clientConfig(undefined))
  const result = await lambda.send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'RequestResponse',
      Payload: new TextEncoder().encode(JSON.stringify(event)),
    }),
  )
  if (result.FunctionError || !result.Payload) {
    throw new Error(`${what} failed in ${functionName}: ${result.FunctionError ?? 'no answer'}`)
  }
  return settle(JSON.parse(new TextDecoder().decode(result.Payload)) as Answer<T>)
}
