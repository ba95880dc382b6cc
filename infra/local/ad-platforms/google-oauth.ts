import { randomBytes } from 'node:crypto'

/**
 * Google's OAuth 2.0 token endpoint (`POST https://oauth2.googleapis.com/token`) for the one grant
 * the product uses: a refresh token exchanged for an access token to the Google Ads API. Answers
 * and errors have Google's shapes; the access tokens it issues are remembered until they expire,
 * so the Google Ads route can refuse a Bearer this endpoint never issued, as Google would.
 */

/** Seconds an issued access token lives (Google answers 3599). */
export const GOOGLE_TOKEN_SECONDS = 3599
export const GOOGLE_ADS_SCOPE = 'https://www.googleapis.com/auth/adwords'

export interface GoogleOAuthOptions {
  /** The refresh token expected; without it any non-empty one is accepted. */
  refreshToken?: string
  /** The client secret expected; without it any non-empty one is accepted. */
  clientSecret?: string
}

export interface TokenAnswer {
  access_token: string
  expires_in: number
  scope: string
  token_type: 'Bearer'
}

export interface OAuthError {
  error: 'invalid_grant' | 'invalid_client' | 'unsupported_grant_type'
  error_description: string
}

/** The credentials a token request carried, by where they came from (for the record, last 4 only). */
export type TokenCredentials = Record<string, string>

export type TokenGrant =
  | { ok: true; status: 200; answer: TokenAnswer; credentials: TokenCredentials }
  | { ok: false; status: 400 | 401; answer: OAuthError; credentials: TokenCredentials; problem: string }

/** Whether the Google Ads route may take a Bearer: issued and alive, issued but expired, or never issued. */
export type IssuedState = 'valid' | 'expired' | 'unknown'

export interface GoogleOAuth {
  /** Answers a token request: its parsed body (form or JSON) and its `Authorization` header. */
  grant(body: unknown, authorization: string | undefined): TokenGrant
  issued(accessToken: string): IssuedState
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** `Authorization: Basic` client credentials (client_secret_basic: each part form-encoded). */
const basicClient = (authorization: string | undefined) => {
  const encoded = /^Basic\s+(\S+)$/i.exec(authorization ?? '')?.[1]
  if (!encoded) return null
  const decoded = Buffer.from(encoded, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return null
  const part = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '))
    } catch {
      return s
    }
  }
  return { id: part(decoded.slice(0, colon)), secret: part(decoded.slice(colon + 1)) }
}

export const createGoogleOAuth = (clock: () => number, options: GoogleOAuthOptions = {}): GoogleOAuth => {
  /** Issued access tokens and when each expires (clock milliseconds); a few an hour, all kept. */
  const issued = new Map<string, number>()

  const refuse = (
    status: 400 | 401,
    error: OAuthError['error'],
    description: string,
    credentials: TokenCredentials,
    problem: string,
  ): TokenGrant => ({
    ok: false,
    status,
    answer: { error, error_description: description },
    credentials,
    problem,
  })

  return {
    grant(body, authorization) {
      const params =
        body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
      const basic = basicClient(authorization)
      const clientId = text(params.client_id) || basic?.id || ''
      const bodySecret = text(params.client_secret)
      const clientSecret = bodySecret || basic?.secret || ''
      const refreshToken = text(params.refresh_token)
      const credentials: TokenCredentials = {}
      if (bodySecret) credentials['client_secret (body)'] = bodySecret
      else if (basic?.secret) credentials['client_secret (basic auth)'] = basic.secret
      if (refreshToken) credentials.refresh_token = refreshToken

      const grantType = text(params.grant_type)
      if (grantType !== 'refresh_token')
        return refuse(
          400,
          'unsupported_grant_type',
          `Invalid grant_type: ${grantType}`,
          credentials,
          `grant_type must be refresh_token, got "${grantType}"`,
        )
      if (!clientId || !clientSecret)
        return refuse(
          401,
          'invalid_client',
          'Unauthorized',
          credentials,
          'client_id or client_secret missing',
        )
      if (options.clientSecret !== undefined && clientSecret !== options.clientSecret)
        return refuse(
          401,
          'invalid_client',
          'Unauthorized',
          credentials,
          'client_secret is not the expected one',
        )
      if (!refreshToken || (options.refreshToken !== undefined && refreshToken !== options.refreshToken))
        return refuse(
          400,
          'invalid_grant',
          'Bad Request',
          credentials,
          refreshToken ? 'refresh_token is not the expected one' : 'refresh_token missing',
        )

      const accessToken = `ya29.${randomBytes(48).toString('base64url')}`
      issued.set(accessToken, clock() + GOOGLE_TOKEN_SECONDS * 1000)
      credentials['access_token (issued)'] = accessToken
      return {
        ok: true,
        status: 200,
        answer: {
          access_token: accessToken,
          expires_in: GOOGLE_TOKEN_SECONDS,
          scope: GOOGLE_ADS_SCOPE,
          token_type: 'Bearer',
        },
        credentials,
      }
    },
    issued(accessToken) {
      const expiresAt = issued.get(accessToken)
      if (expiresAt === undefined) return 'unknown'
      return clock() < expiresAt ? 'valid' : 'expired'
    },
  }
}
