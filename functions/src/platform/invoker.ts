/**
 * Calls of another Lambda of the API (docs/decisions/0009-lambda-bundles.md): the synchronous call for
 * work whose code the caller's bundle must not carry (publishing, PDF documents), and the
 * asynchronous one that starts a job in the context's jobs Lambda. The answer's protocol (done, or
 * a refusal rebuilt into the `AppError` the same code in process would have thrown) is
 * functions/src/platform/services/invoke.ts `answerOf`/`settle`.
 */
export interface Invoker {
  /**
   * Invokes `functionName` with `event` and waits for its answer (InvocationType RequestResponse):
   * resolves with a done answer, throws the `AppError` of a refusal, and throws a plain error (the
   * caller's 500) when the function failed or answered nothing; `what` names the work in that error.
   */
  invokeSync<T extends object>(functionName: string, event: object, what: string): Promise<{ ok: true } & T>
  /** Invokes `functionName` without waiting (InvocationType Event); resolves once it was accepted. */
  invokeAsync(functionName: string, event: object): Promise<void>
}
