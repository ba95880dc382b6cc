import type { MessageKey } from '@swipe/shared'

/** One problem with one field of a request, as the API reports it. */
export interface FieldIssue {
  path: string
  code: string
  message?: string
  params?: Record<string, string | number>
}

/** A failure the client caused or may act on. Only these reach the client with their message. */
export class AppError extends Error {
  /** Set where the refusal already wrote its own, more precise security line (the edge skips it). */
  securityLogged = false

  constructor(
    readonly status: number,
    readonly code: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly details?: FieldIssue[],
    readonly headers: Record<string, string> = {},
  ) {
    super(code)
    this.name = 'AppError'
  }
}

export class BadRequestError extends AppError {
  constructor(code: MessageKey = 'error.badRequest', params?: Record<string, string | number>) {
    super(400, code, params)
    this.name = 'BadRequestError'
  }
}

export class ValidationError extends AppError {
  constructor(details: FieldIssue[], code: MessageKey = 'error.validation') {
    super(400, code, {}, details)
    this.name = 'ValidationError'
  }
}

/** A list cursor that is not one this API handed out for this very query: 400 on `query.cursor`. */
export class InvalidCursorError extends ValidationError {
  constructor() {
    super([{ path: 'query.cursor', code: 'validation.invalid' }])
    this.name = 'InvalidCursorError'
  }
}

export class UnauthorizedError extends AppError {
  constructor(code: MessageKey = 'error.unauthorized') {
    super(401, code)
    this.name = 'UnauthorizedError'
  }
}

export class ForbiddenError extends AppError {
  constructor(code: MessageKey = 'error.forbidden', params?: Record<string, string | number>) {
    super(403, code, params)
    this.name = 'ForbiddenError'
  }
}

export class NotFoundError extends AppError {
  constructor(code: MessageKey = 'error.notFound') {
    super(404, code)
    this.name = 'NotFoundError'
  }
}

export class ConflictError extends AppError {
  constructor(code: MessageKey = 'error.conflict') {
    super(409, code)
    this.name = 'ConflictError'
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    retryAfterSeconds: number,
    code: MessageKey = 'error.tooManyRequests',
    params: Record<string, string | number> = {},
  ) {
    super(429, code, params, undefined, { 'retry-after': String(retryAfterSeconds) })
    this.name = 'TooManyRequestsError'
  }
}
