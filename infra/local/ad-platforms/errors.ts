import type { ConversionPlatform } from '@swipe/shared/site/conversions-normalise'

/**
 * Each platform's error body, as its API answers it, so the product's client is written against
 * the real shapes (and a retry decision is made on the real fields: Meta's `code`, TikTok's `code`
 * under HTTP 200, Google's `status`). Codes and messages are from the platforms' documentation as
 * remembered when this was written; where unsure the closest documented value is used.
 */

/** What went wrong, which picks the platform's code for it. */
export type ErrorKind = 'invalid' | 'auth' | 'rateLimited' | 'server' | 'notFound'

/** The kind an injected HTTP status stands for. */
export const kindOfStatus = (status: number): ErrorKind => {
  if (status === 429) return 'rateLimited'
  if (status === 401 || status === 403) return 'auth'
  if (status === 404) return 'notFound'
  return status >= 500 ? 'server' : 'invalid'
}

export interface ErrorDetail {
  /** Request id the platform puts in its body (Meta `fbtrace_id`, TikTok `request_id`, Google `requestId`). */
  id: string
  /** What was wrong, for an `invalid` error: a field path and why. */
  detail?: string
  /** Google only: the API version of the path, named in the failure's `@type`. */
  version?: string
  /** Google only: the errorCode of the failure (`{ fieldError: 'INVALID_VALUE' }`). */
  errorCode?: Record<string, string>
  /** LINE only: the failing properties. */
  properties?: { property: string; message: string }[]
  /** TikTok only: the token header was absent rather than wrong. */
  missingToken?: boolean
}

/** Graph API error (`{ error: { message, type, code, fbtrace_id } }`). */
export interface MetaError {
  error: {
    message: string
    type: 'OAuthException'
    code: number
    error_user_msg?: string
    fbtrace_id: string
  }
}

const META: Record<ErrorKind, { code: number; message: string }> = {
  invalid: { code: 100, message: 'Invalid parameter' },
  notFound: { code: 100, message: 'Unsupported post request.' },
  auth: { code: 190, message: 'Invalid OAuth access token - Cannot parse access token' },
  rateLimited: { code: 4, message: '(#4) Application request limit reached' },
  server: { code: 2, message: 'An unexpected error has occurred. Please retry your request later.' },
}

export const metaError = (kind: ErrorKind, { id, detail }: ErrorDetail): MetaError => ({
  error: {
    message: META[kind].message,
    type: 'OAuthException',
    code: META[kind].code,
    ...(detail ? { error_user_msg: detail } : {}),
    fbtrace_id: id,
  },
})

/** LINE's API error (`{ message, details? }`, as its Messaging API answers). */
export interface LineError {
  message: string
  details?: { message: string; property: string }[]
}

const LINE: Record<ErrorKind, string> = {
  invalid: 'The request body has errors',
  notFound: 'Not found',
  auth: 'Authentication failed. Confirm that the access token in the authorization header is valid.',
  rateLimited: 'The API rate limit has been exceeded. Try again later.',
  server: 'Internal server error',
}

export const lineError = (kind: ErrorKind, { properties }: ErrorDetail): LineError => ({
  message: LINE[kind],
  ...(properties ? { details: properties } : {}),
})

/** TikTok Business API answer: `code` 0 is success; anything else an error, usually under HTTP 200. */
export interface TikTokAnswer {
  code: number
  message: string
  request_id: string
  data: Record<string, never>
}

const TIKTOK: Record<ErrorKind, { code: number; message: string }> = {
  invalid: { code: 40002, message: 'Invalid parameters' },
  notFound: { code: 40002, message: 'Invalid parameters' },
  auth: { code: 40105, message: 'The access token is invalid or has been revoked.' },
  rateLimited: { code: 40100, message: 'Requests made too frequently. Please try again later.' },
  server: { code: 50000, message: 'Internal system error. Please try again later.' },
}

export const tiktokError = (kind: ErrorKind, { id, detail, missingToken }: ErrorDetail): TikTokAnswer => {
  const known =
    kind === 'auth' && missingToken ? { code: 40104, message: 'The access token is empty.' } : TIKTOK[kind]
  return {
    code: known.code,
    message: detail ? `${known.message}: ${detail}` : known.message,
    request_id: id,
    data: {},
  }
}

/** One error of a GoogleAdsFailure: its errorCode oneof, the message and where it was. */
export interface GoogleAdsError {
  errorCode: Record<string, string>
  message: string
  location?: { fieldPathElements: { fieldName: string; index?: number }[] }
}

/** google.rpc.Status with GoogleAdsFailure details: the REST error and the partial failure both. */
export interface GoogleStatus {
  code: number
  message: string
  status?: string
  details: { '@type': string; errors: GoogleAdsError[]; requestId: string }[]
}

export interface GoogleError {
  error: GoogleStatus & { status: string }
}

const GOOGLE: Record<ErrorKind, { status: string; message: string; errorCode: Record<string, string> }> = {
  invalid: {
    status: 'INVALID_ARGUMENT',
    message: 'Request contains an invalid argument.',
    errorCode: { fieldError: 'INVALID_VALUE' },
  },
  notFound: {
    status: 'NOT_FOUND',
    message: 'Requested entity was not found.',
    errorCode: { requestError: 'UNKNOWN' },
  },
  auth: {
    status: 'UNAUTHENTICATED',
    message:
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    errorCode: { authenticationError: 'OAUTH_TOKEN_INVALID' },
  },
  rateLimited: {
    status: 'RESOURCE_EXHAUSTED',
    message: 'Resource has been exhausted (e.g. check quota).',
    errorCode: { quotaError: 'RESOURCE_TEMPORARILY_EXHAUSTED' },
  },
  server: {
    status: 'INTERNAL',
    message: 'Internal error encountered.',
    errorCode: { internalError: 'INTERNAL_ERROR' },
  },
}

/** The `@type` of Google Ads failure details for an API version (`v17`). */
export const googleAdsFailureType = (version = 'v17') =>
  `type.googleapis.com/google.ads.googleads.${version}.errors.GoogleAdsFailure`

export const googleError = (
  kind: ErrorKind,
  status: number,
  { id, detail, version, errorCode }: ErrorDetail,
): GoogleError => {
  const known = GOOGLE[kind]
  return {
    error: {
      code: status,
      message: known.message,
      status: known.status,
      details: [
        {
          '@type': googleAdsFailureType(version),
          errors: [{ errorCode: errorCode ?? known.errorCode, message: detail ?? known.message }],
          requestId: id,
        },
      ],
    },
  }
}

/** The platform's error body for a kind of failure. */
export const platformError = (
  platform: ConversionPlatform,
  kind: ErrorKind,
  status: number,
  detail: ErrorDetail,
): MetaError | LineError | TikTokAnswer | GoogleError => {
  switch (platform) {
    case 'meta':
      return metaError(kind, detail)
    case 'line':
      return lineError(kind, detail)
    case 'tiktok':
      return tiktokError(kind, detail)
    case 'google':
      return googleError(kind, status, detail)
  }
}
