import { apiAccessRoutes } from '@swipe/shared/contract/apiAccess'
import { SiteApiSettings } from '#data/site-api'
import { ConflictError, ValidationError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { isConditionFailure } from '#edge/rate-limit'
import { hashPassword } from '#edge/site-api-keys'
import { adminOf } from '#edge/tenancy'
import * as clock from '#platform/services/clock'
import { apiView, audit, isUsable, readApiPartition, siteForApi } from './service.ts'

/**
 * PUT /site/{id}/api: enabled, method and its credentials (SPEC §3, §5). IP restriction needs at
 * least one address or range; basic auth an ID and a password (kept when left out and one is
 * stored; stored as scrypt only); the key method at least one usable key. Saved under the
 * dialog's version (409 when another save came first) and audited without secrets.
 */
export const handler = endpoint(
  apiAccessRoutes['apiAccess.settingsPut'],
  async ({ actor, params, body, event, t }) => {
    const site = await siteForApi(actor, params.id)
    const { settings, keys } = await readApiPartition(site.siteId)
    if (settings && body.version !== settings.version) throw new ConflictError()
    const now = new Date(clock.now()).toISOString()

    if (body.authMethod === 'BASIC_AUTH' && !body.basicPassword && !settings?.basicPasswordHash)
      throw new ValidationError([{ path: 'body.basicPassword', code: 'validation.basicAuthRequired' }])
    if (body.authMethod === 'API_KEY' && !keys.some((key) => isUsable(key, now)))
      throw new ValidationError([{ path: 'body.authMethod', code: 'validation.apiKeyRequired' }])

    const basicPasswordHash = body.basicPassword
      ? await hashPassword(body.basicPassword)
      : settings?.basicPasswordHash
    const fields = {
      enabled: body.enabled,
      authMethod: body.authMethod,
      ipList: body.ipList,
      ...(body.basicId ? { basicId: body.basicId } : {}),
      ...(basicPasswordHash ? { basicPasswordHash } : {}),
      updatedAt: now,
      updatedBy: adminOf(actor).accountId,
    }
    try {
      if (settings) {
        await SiteApiSettings.patch({ siteId: site.siteId })
          .set({ ...fields, version: settings.version + 1 })
          .where((attr, op) => op.eq(attr.version, settings.version))
          .go({ response: 'none' })
      } else {
        await SiteApiSettings.create({ siteId: site.siteId, ...fields, version: 1 }).go({ response: 'none' })
      }
    } catch (error) {
      if (isConditionFailure(error)) throw new ConflictError()
      throw error
    }

    const summary = [
      `enabled=${body.enabled}`,
      `method=${body.authMethod}`,
      body.authMethod === 'IP_RESTRICTION' ? `ipList=${body.ipList.join(' ')}` : '',
      body.authMethod === 'BASIC_AUTH' ? `basicId=${body.basicId ?? ''}` : '',
      body.basicPassword ? 'basicPassword=changed' : '',
    ]
      .filter(Boolean)
      .join(' ')
    await audit(actor, site.siteId, 'settings.update', summary)
    return ok({ ...(await apiView(site, event)), message: t('siteApi.saved') })
  },
)
