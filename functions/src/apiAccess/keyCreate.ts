import { apiAccessRoutes } from '@swipe/shared/contract/apiAccess'
import { SITE_API_LIMITS } from '@swipe/shared/schemas/site-api'
import { AppError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import * as clock from '#platform/services/clock'
import { audit, issueKey, isUsable, keyView, readApiPartition, siteForApi } from './service.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * POST /site/{id}/api/keys: issues a key. The answer is the only place the key ever appears
 * (the table holds its SHA-256 and prefix); with an Idempotency-Key a repeat gets the same answer.
 */
export const handler = endpoint(
  apiAccessRoutes['apiAccess.keyCreate'],
  async ({ actor, params, body, t }) => {
    const site = await siteForApi(actor, params.id)
    const { keys } = await readApiPartition(site.siteId)
    // Active keys count against the limit; revoked and expired ones stay listed as a record.
    if (keys.filter((key) => isUsable(key)).length >= SITE_API_LIMITS.keys)
      throw new AppError(409, 'siteApi.tooManyKeys', { max: SITE_API_LIMITS.keys })
    const validUntil = body.expiresInDays
      ? new Date(clock.now() + body.expiresInDays * DAY_MS).toISOString()
      : undefined
    const { key, item } = await issueKey(actor, site.siteId, body.name, validUntil)
    await audit(actor, site.siteId, 'key.create', `key=${item.keyId} prefix=${item.prefix} name=${item.name}`)
    return ok({ key, item: keyView(item), message: t('siteApi.keyCreated', { name: item.name }) }, 201)
  },
)
