import { createHash } from 'node:crypto'
import type { ConversionPlatform } from '@swipe/shared/site/conversions-normalise'
import { CONVERSION_CREDENTIALS } from '@swipe/shared/site/tags-vendors'
import { SiteConversionCredentials } from '#data/site-conversions'
import { ValidationError } from '../edge/errors.ts'
import { platform } from '../platform/index.ts'
import * as clock from '../platform/services/clock.ts'
import { seal, unseal } from '../platform/services/vault.ts'
import { attemptPost } from './webhooks.ts'

/**
 * The credentials a creator gives for a server-side conversion destination (issue 32): sealed by
 * the platform's vault key before they are stored (#platform/services/vault), bound to their site
 * and platform, never answered, never logged. Stored by the site API (which seals), opened only by
 * the end-user jobs that send (./conversion-attempts.ts), so the end-user API's bundle carries no
 * vault.
 */

const iso = (ms: number) => new Date(ms).toISOString()
const sealContext = (siteId: string, p: ConversionPlatform) => `site#${siteId}#conversions#${p}`

/**
 * Exactly the fields the platform needs, or 400 naming each missing or unknown one (nothing is
 * stored).
 */
export const checkCredentials = (
  p: ConversionPlatform,
  given: Readonly<Record<string, string>>,
): Record<string, string> => {
  const fields: readonly string[] = CONVERSION_CREDENTIALS[p]
  const issues = [
    ...fields
      .filter((f) => !given[f])
      .map((f) => ({ path: `body.credentials.${f}`, code: 'validation.required' as const })),
    ...Object.keys(given)
      .filter((f) => !fields.includes(f))
      .map((f) => ({ path: `body.credentials.${f}`, code: 'validation.invalid' as const })),
  ]
  if (issues.length) throw new ValidationError(issues)
  return Object.fromEntries(fields.map((f) => [f, given[f]!]))
}

/** Stores a platform's credentials (as `checkCredentials` answered them), sealed. */
export const storeCredentials = async (
  siteId: string,
  p: ConversionPlatform,
  credentials: Readonly<Record<string, string>>,
  accountId: string,
) => {
  await SiteConversionCredentials.put({
    siteId,
    platform: p,
    sealed: await seal(JSON.stringify(credentials), sealContext(siteId, p)),
    updatedAt: iso(clock.now()),
    updatedBy: accountId,
  }).go({ response: 'none' })
}

export const removeCredentials = async (siteId: string, p: ConversionPlatform) => {
  await SiteConversionCredentials.delete({ siteId, platform: p }).go({ response: 'none' })
}

/** A platform's credentials, opened; undefined when none are stored. */
export const readCredentials = async (siteId: string, p: ConversionPlatform) => {
  const item = (await SiteConversionCredentials.get({ siteId, platform: p }).go({ consistent: true })).data
  if (!item) return undefined
  return JSON.parse(await unseal(item.sealed, sealContext(siteId, p))) as Record<string, string>
}

/** How much of a platform's answer is read (its error message is in the first bytes). */
export const ANSWER_CAP = 16_384

/** What the token endpoint answered when it gave no token: its status (none: no answer) and body. */
export interface TokenRefusal {
  status?: number | undefined
  answer?: string | undefined
  error?: string | undefined
}

/**
 * Google access tokens by the credentials they came from (a hash of client and refresh token, so
 * new credentials never reuse an old token), kept until a minute before they expire.
 */
const googleTokens = new Map<string, { token: string; until: number }>()

/** A Google access token by the OAuth refresh-token grant (the stand-in's `/token` locally). */
export const googleAccessToken = async (
  credentials: Readonly<Record<string, string>>,
  clientId: string,
): Promise<{ token: string } | { refused: TokenRefusal }> => {
  const key = createHash('sha256')
    .update(`${clientId}\n${credentials.clientSecret ?? ''}\n${credentials.refreshToken ?? ''}`)
    .digest('base64url')
  const cached = googleTokens.get(key)
  if (cached && cached.until > clock.now()) return { token: cached.token }
  const result = await attemptPost(
    {
      url: `${platform().adPlatforms.origin('googleOAuth')}/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: clientId,
        client_secret: credentials.clientSecret ?? '',
        refresh_token: credentials.refreshToken ?? '',
      }).toString(),
    },
    { keepAnswer: true, answerCap: ANSWER_CAP },
  )
  if (result.status !== 200)
    return { refused: { status: result.status, answer: result.answer, error: result.error } }
  let body: { access_token?: string; expires_in?: number } = {}
  try {
    body = JSON.parse(result.answer ?? '{}')
  } catch {
    body = {}
  }
  if (!body.access_token) return { refused: { status: 200, error: 'Google answered no access token.' } }
  googleTokens.set(key, {
    token: body.access_token,
    until: clock.now() + Math.max(0, (body.expires_in ?? 3600) - 60) * 1000,
  })
  return { token: body.access_token }
}
