import { apiAccessRoutes } from '@swipe/shared/contract/apiAccess'
import { SITE_API_LIMITS } from '@swipe/shared/schemas/site-api'
import { SiteApiKeys } from '#data/site-api'
import { AppError, ConflictError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import * as clock from '#platform/services/clock'
import { audit, issueKey, isUsable, keyOf, keyView, readApiPartition, siteForApi } from './service.ts'

/**
 * POST /site/{id}/api/keys/{keyId}/rotate: a new key under the same name (shown once), and the
 * old one working for `graceMinutes` more (never past its own expiry); 0 revokes it at once.
 */
export const handler = endpoint(
  apiAccessRoutes['apiAccess.keyRotate'],
  async ({ actor, params, body, t }) => {
    const site = await siteForApi(actor, params.id)
    const old = await keyOf(site.siteId, params.keyId)
    const now = clock.now()
    const nowIso = new Date(now).toISOString()
    if (!isUsable(old, nowIso)) throw new ConflictError('siteApi.keyInactive')
    const { keys } = await readApiPartition(site.siteId)
    // The key being replaced does not count: a rotation never needs a free slot of its own.
    if (keys.filter((key) => isUsable(key) && key.keyId !== old.keyId).length >= SITE_API_LIMITS.keys)
      throw new AppError(409, 'siteApi.tooManyKeys', { max: SITE_API_LIMITS.keys })
    const { key, item } = await issueKey(actor, site.siteId, old.name, old.validUntil)
    const graceEnd = new Date(now + body.graceMinutes * 60_000).toISOString()
    const end = old.validUntil && old.validUntil < graceEnd ? old.validUntil : graceEnd
    const saved = (
      await SiteApiKeys.patch({ siteId: site.siteId, keyId: old.keyId })
        .set(
          body.graceMinutes === 0
            ? { revokedAt: nowIso, rotatedTo: item.keyId }
            : { validUntil: end, rotatedTo: item.keyId },
        )
        .go({ response: 'all_new' })
    ).data
    await audit(
      actor,
      site.siteId,
      'key.rotate',
      `key=${old.keyId} prefix=${old.prefix} new=${item.keyId} prefix=${item.prefix} graceMinutes=${body.graceMinutes}`,
    )
    return ok(
      {
        key,
        item: keyView(item, nowIso),
        previous: keyView({ ...old, ...saved }, nowIso),
        message: t('siteApi.keyRotated', { name: old.name }),
      },
      201,
    )
  },
)
