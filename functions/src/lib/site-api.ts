import { inAnyRange } from '@swipe/shared/site/ip-ranges'
import { Accounts } from '#data/accounts'
import { type SiteApiKey, SiteApiKeys, SiteApiSettings } from '#data/site-api'
import { Sites } from '#data/sites'
import type { Actor } from './auth.ts'
import { assertActive } from './auth.ts'
import { clientAddress } from './client-ip.ts'
import * as clock from './clock.ts'
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from './errors.ts'
import { logger } from './logger.ts'
import { RATE_LIMITS, secondsToNextWindow, takeAllowance } from './rate-limit.ts'
import type { Event } from './request-state.ts'
import { parseSiteApiCredential } from './site-api-gate.ts'
import { hashKey, secureEqual, verifyPassword } from './site-api-keys.ts'

/**
 * Authentication of the site API (issue 21; docs/decisions.md "API issuing per site (issue 21)").
 * The handler runs it in full on every request, locally through the gateway and on AWS behind the
 * Lambda authorizer's gate (./site-api-gate.ts): nothing is cached, so a revoked key is refused
 * at once and the rate limit counts every request.
 *
 * In order: the credential's shape (the gate: a key's checksum); the path's site must exist, its
 * owner be active and its API be enabled (403 `siteApi.disabled`); then the site's one method —
 * a key is looked up by its hash (401 unknown, revoked or past its `validUntil`; 403 when it
 * belongs to another site), basic credentials compared in constant time (the password against its
 * scrypt hash), an address matched against the list (403); last, the rate window of the key (or
 * of the site, for basic and IP access): 429 with Retry-After.
 */

type SiteApiActor = Extract<Actor, { kind: 'siteApi' }>

const keyStatus = (key: SiteApiKey, nowIso: string): 'valid' | 'revoked' | 'expired' => {
  if (key.revokedAt) return 'revoked'
  if (key.validUntil && key.validUntil <= nowIso) return 'expired'
  return 'valid'
}

/** The key a request's `slp_live_…` names, or 401. */
const findKey = async (key: string): Promise<SiteApiKey> => {
  const hash = hashKey(key)
  const found = (await SiteApiKeys.query.byHash({ keyHash: hash }).go({ limit: 1 })).data[0]
  // The lookup is by hash; the compare keeps a stored hash that differs (never expected) out.
  if (!found || !secureEqual(found.keyHash, hash)) throw new UnauthorizedError('siteApi.keyInvalid')
  return found
}

/** Takes one request from the window of `client` (a key's or the site's), else 429. */
const takeRequest = async (client: string, max: number, now: number) => {
  if (await takeAllowance('siteApi', client, 1, { max, now })) return
  throw new TooManyRequestsError(secondsToNextWindow(now, 'siteApi'))
}

export const authenticateSiteApi = async (event: Event): Promise<SiteApiActor> => {
  const credential = parseSiteApiCredential(event.headers?.authorization ?? event.headers?.Authorization)
  if (credential.kind === 'malformed') throw new UnauthorizedError('siteApi.keyInvalid')
  const siteId = event.pathParameters?.siteId ?? ''
  const now = clock.now()
  const nowIso = new Date(now).toISOString()

  const [settings, site] = await Promise.all([
    SiteApiSettings.get({ siteId }).go(),
    Sites.get({ siteId }).go(),
  ])
  if (!site.data || !settings.data?.enabled) throw new ForbiddenError('siteApi.disabled')
  const owner = (await Accounts.get({ accountId: site.data.ownerId }).go()).data
  if (!owner) throw new ForbiddenError('siteApi.disabled')
  assertActive(owner)
  const address = clientAddress(event)

  switch (settings.data.authMethod) {
    case 'API_KEY': {
      if (credential.kind === 'none') throw new UnauthorizedError('siteApi.credentialMissing')
      if (credential.kind !== 'key') throw new UnauthorizedError('siteApi.keyInvalid')
      const key = await findKey(credential.key)
      if (key.siteId !== siteId) throw new ForbiddenError('siteApi.otherSite')
      if (keyStatus(key, nowIso) !== 'valid') throw new UnauthorizedError('siteApi.keyInvalid')
      await takeRequest(`key:${key.keyId}`, key.rateLimit, now)
      // Last use: when and from where (the dialog's key list). Not worth failing the request over.
      await SiteApiKeys.patch({ siteId, keyId: key.keyId })
        .set({ lastUsedAt: nowIso, ...(address ? { lastUsedIp: address } : {}) })
        .go({ response: 'none' })
        .catch((error: unknown) => logger.warn('Site API key use not recorded', { error: String(error) }))
      return { kind: 'siteApi', siteId, method: 'API_KEY', keyId: key.keyId }
    }
    case 'BASIC_AUTH': {
      if (credential.kind === 'none') throw new UnauthorizedError('siteApi.credentialMissing')
      if (credential.kind === 'key') {
        // A key of another site is named as such, whatever this site's method.
        const key = await findKey(credential.key)
        if (key.siteId !== siteId) throw new ForbiddenError('siteApi.otherSite')
        throw new UnauthorizedError('siteApi.basicInvalid')
      }
      const { basicId, basicPasswordHash } = settings.data
      // Both compares run whatever the first answers: no timing tells a right ID from a wrong one.
      const idMatches = secureEqual(credential.id, basicId ?? '')
      const passwordMatches = await verifyPassword(credential.password, basicPasswordHash ?? '')
      if (!basicId || !idMatches || !passwordMatches) throw new UnauthorizedError('siteApi.basicInvalid')
      await takeRequest(`site:${siteId}`, RATE_LIMITS.siteApi, now)
      return { kind: 'siteApi', siteId, method: 'BASIC_AUTH' }
    }
    case 'IP_RESTRICTION': {
      if (credential.kind === 'key') {
        const key = await findKey(credential.key)
        if (key.siteId !== siteId) throw new ForbiddenError('siteApi.otherSite')
      }
      if (!address || !inAnyRange(settings.data.ipList, address))
        throw new ForbiddenError('siteApi.ipRefused')
      await takeRequest(`site:${siteId}`, RATE_LIMITS.siteApi, now)
      return { kind: 'siteApi', siteId, method: 'IP_RESTRICTION' }
    }
  }
}

/** The site a site API request may read: the actor's own (the path's, checked above). */
export const siteApiSiteOf = (actor: Actor | undefined, siteId: string): string => {
  if (actor?.kind !== 'siteApi' || actor.siteId !== siteId) throw new ForbiddenError('siteApi.otherSite')
  return actor.siteId
}
