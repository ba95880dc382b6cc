import { inAnyRange, isAllowlistRange } from '@swipe/shared/site/ip-ranges'
import { Accounts } from '#data/accounts'
import { type SiteApiKey, SiteApiKeys, SiteApiSettings } from '#data/site-api'
import { Sites } from '#data/sites'
import * as clock from '../platform/services/clock.ts'
import { logger } from '../platform/services/logger.ts'
import { assertActive } from './account-status.ts'
import type { Actor } from './auth.ts'
import { clientAddress, clientIp } from './client-ip.ts'
import { AppError, ForbiddenError, TooManyRequestsError } from './errors.ts'
import {
  giveBack,
  RATE_LIMITS,
  type RateScope,
  secondsToNextWindow,
  siteClient,
  takeAllowance,
  takeOrRefuse,
} from './rate-limit.ts'
import type { Event } from './request-state.ts'
import { securityEvent } from './security-log.ts'
import { parseSiteApiCredential, type SiteApiCredential } from './site-api-gate.ts'
import { hashKey, secureEqual, verifyPassword } from './site-api-keys.ts'

/**
 * Authentication of the site API (issue 21; docs/decisions/0040-site-api.md
 * and "Security II — failed-guess limits and site API oracles"). The handler runs it in full on
 * every request, locally through the gateway and on AWS behind the Lambda authorizer's gate
 * (./site-api-gate.ts): nothing is cached, so a revoked key is refused at once and the rate limit
 * counts every request.
 *
 * In order: the credential's shape (the gate: a key's checksum); the client address's allowance
 * of failed attempts (every site) and, for basic credentials, the site's (every address) — 429
 * with Retry-After before any lookup or scrypt once either is used up; then the credentials
 * against what the site stores, whether or not its API is enabled: a key by its hash (of this
 * site, neither revoked nor past its `validUntil`), basic credentials in constant time (one scrypt
 * whenever basic credentials are sent), the address against the list. Every failure — no such
 * site, API off, unknown key, another site's key, wrong password, address not listed — is the
 * same 401 (`siteApiRefusal`), so nothing tells a site, its state, its method or a key's owner
 * apart; it stays counted, success gives the attempt back. Only accepted credentials learn that
 * the API is off (403 `siteApi.disabled`) or the owner inactive; last, the rate window of the key
 * (or of the site, for basic and IP access): 429 with Retry-After.
 */

type SiteApiActor = Extract<Actor, { kind: 'siteApi' }>

/** The challenge of every refusal: both schemes, whatever the site uses (RFC 9110 §11.6.1). */
const SITE_API_CHALLENGE = 'Bearer realm="site-api", Basic realm="site-api", charset="UTF-8"'

/** The one answer to credentials that are not accepted (401, same body and headers for every reason). */
const siteApiRefusal = (): AppError => {
  const error = new AppError(401, 'siteApi.unauthorized', {}, undefined, {
    'www-authenticate': SITE_API_CHALLENGE,
  })
  error.securityLogged = true
  return error
}

/** A stored hash no password matches: basic credentials cost one scrypt whatever the site holds. */
const NO_PASSWORD = ['scrypt', 16384, 8, 1, 'A'.repeat(22), 'A'.repeat(43)].join('$')

const keyStatus = (key: SiteApiKey, nowIso: string): 'valid' | 'revoked' | 'expired' => {
  if (key.revokedAt) return 'revoked'
  if (key.validUntil && key.validUntil <= nowIso) return 'expired'
  return 'valid'
}

/** The key a request's `slp_live_…` names, if the table holds it. */
const findKey = async (key: string): Promise<SiteApiKey | undefined> => {
  const hash = hashKey(key)
  const found = (await SiteApiKeys.query.byHash({ keyHash: hash }).go({ limit: 1 })).data[0]
  // The lookup is by hash; the compare keeps a stored hash that differs (never expected) out.
  return found && secureEqual(found.keyHash, hash) ? found : undefined
}

/** Takes one request from the window of `client` (a key's or the site's), else 429. */
const takeRequest = async (client: string, max: number, now: number) => {
  if (await takeAllowance('siteApi', client, 1, { max, now })) return
  throw new TooManyRequestsError(secondsToNextWindow(now, 'siteApi'))
}

type Settings = NonNullable<Awaited<ReturnType<ReturnType<typeof SiteApiSettings.get>['go']>>['data']>
type Verdict =
  | { accepted: true; method: SiteApiActor['method']; key?: SiteApiKey }
  | { accepted: false; reason: string }

/**
 * The credentials against what the site stores (its method, keys, password, list), enabled or not.
 * The same work for every site: a sent key is always looked up, sent basic credentials always cost
 * one scrypt.
 */
const verdictOf = async (
  credential: SiteApiCredential,
  siteId: string,
  settings: Settings | undefined,
  address: string | undefined,
  nowIso: string,
): Promise<Verdict> => {
  const key = credential.kind === 'key' ? await findKey(credential.key) : undefined
  const basic = settings?.authMethod === 'BASIC_AUTH' && settings.basicId ? settings : undefined
  let basicMatches = false
  if (credential.kind === 'basic') {
    // Both compares run whatever the first answers: no timing tells a right ID from a wrong one.
    const idMatches = secureEqual(credential.id, basic?.basicId ?? '')
    const passwordMatches = await verifyPassword(credential.password, basic?.basicPasswordHash ?? NO_PASSWORD)
    basicMatches = basic !== undefined && idMatches && passwordMatches
  }
  // A site that never saved its settings has the key method (the dialog's default), switched off.
  switch (settings?.authMethod ?? 'API_KEY') {
    case 'API_KEY':
      if (credential.kind !== 'key') return { accepted: false, reason: `siteApi:${credential.kind}` }
      if (!key) return { accepted: false, reason: 'siteApi:unknownKey' }
      if (key.siteId !== siteId) return { accepted: false, reason: 'siteApi:otherSite' }
      if (keyStatus(key, nowIso) !== 'valid')
        return { accepted: false, reason: `siteApi:${keyStatus(key, nowIso)}` }
      return { accepted: true, method: 'API_KEY', key }
    case 'BASIC_AUTH':
      return basicMatches
        ? { accepted: true, method: 'BASIC_AUTH' }
        : { accepted: false, reason: `siteApi:basic:${credential.kind}` }
    case 'IP_RESTRICTION':
      // Only the address counts; a header sent along is read (same work) and ignored. A range too
      // broad for an allowlist (saved before issue 29) matches nothing.
      return address && inAnyRange((settings?.ipList ?? []).filter(isAllowlistRange), address)
        ? { accepted: true, method: 'IP_RESTRICTION' }
        : { accepted: false, reason: 'siteApi:ipRefused' }
  }
  return { accepted: false, reason: 'siteApi:method' }
}

export const authenticateSiteApi = async (event: Event): Promise<SiteApiActor> => {
  const siteId = event.pathParameters?.siteId ?? ''
  const client = clientIp(event)
  const line = {
    requestId: event.requestContext?.requestId,
    route: event.routeKey,
    client,
    actor: `siteapi:${siteId.slice(0, 64)}`,
  }
  const refuse = (reason: string) => {
    securityEvent('auth.failed', { ...line, reason })
    return siteApiRefusal()
  }
  const credential = parseSiteApiCredential(event.headers?.authorization ?? event.headers?.Authorization)
  // What the gate refuses (on AWS before the handler runs) is not counted: no data is read.
  if (credential.kind === 'malformed') throw refuse('siteApi:malformed')
  const now = clock.now()
  const nowIso = new Date(now).toISOString()

  // Failed attempts, counted before anything is looked up; given back when the credentials pass.
  const windows: Array<readonly [RateScope, string]> = [['siteApiFailClient', client]]
  if (credential.kind === 'basic') windows.push(['siteApiFailSite', siteClient(siteId)])
  await takeOrRefuse(windows, now)

  const [settings, site] = await Promise.all([
    SiteApiSettings.get({ siteId }).go(),
    Sites.get({ siteId }).go(),
  ])
  const address = clientAddress(event)
  const verdict = await verdictOf(credential, siteId, settings.data ?? undefined, address, nowIso)
  if (!verdict.accepted) throw refuse(verdict.reason)
  await Promise.all(windows.map(([scope, who]) => giveBack(scope, who, 1, now)))

  // Only accepted credentials learn the site's state.
  if (!site.data || !settings.data?.enabled) throw new ForbiddenError('siteApi.disabled')
  const owner = (await Accounts.get({ accountId: site.data.ownerId }).go()).data
  if (!owner) throw new ForbiddenError('siteApi.disabled')
  assertActive(owner)

  const { key } = verdict
  if (!key) {
    await takeRequest(`site:${siteId}`, RATE_LIMITS.siteApi, now)
    return { kind: 'siteApi', siteId, method: verdict.method }
  }
  await takeRequest(`key:${key.keyId}`, key.rateLimit, now)
  // Last use: when and from where (the dialog's key list). Not worth failing the request over.
  await SiteApiKeys.patch({ siteId, keyId: key.keyId })
    .set({ lastUsedAt: nowIso, ...(address ? { lastUsedIp: address } : {}) })
    .go({ response: 'none' })
    .catch((error: unknown) => logger.warn('Site API key use not recorded', { error: String(error) }))
  return { kind: 'siteApi', siteId, method: 'API_KEY', keyId: key.keyId }
}

/** The site a site API request may read: the actor's own (the path's, checked above). */
export const siteApiSiteOf = (actor: Actor | undefined, siteId: string): string => {
  if (actor?.kind !== 'siteApi' || actor.siteId !== siteId) throw new ForbiddenError('siteApi.otherSite')
  return actor.siteId
}
