import { randomUUID } from 'node:crypto'
import { sitesRoutes } from '@swipe/shared/contract/sites'
import { languageIconAtCreate } from '@swipe/shared/schemas/site-builder'
import { oemZoneOf } from '#domain/oem-zones'
import { createSiteInSlot, planOf, planView, requireCreatives, requireFeature } from '#domain/plans'
import { ForbiddenError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { accountsFor, accountTenantIds, principalIdOf } from '#edge/tenancy'
import { siteMedia, siteView } from './service.ts'

/**
 * A draft site owned by the account the caller works for (itself, or a sub-admin's parent). A
 * retried create with the same `Idempotency-Key` gets the first answer again (`endpoint()`).
 */
export const handler = endpoint(sitesRoutes['sites.create'], async ({ actor, body, t }) => {
  if (actor?.kind !== 'admin') throw new ForbiddenError()
  const owner = await accountsFor(actor).get(principalIdOf(actor.account), 'site:write')
  if (owner.contractStatus === 'TERMINATED') throw new ForbiddenError('account.readOnly')
  const plan = await planOf(owner)
  requireCreatives(plan, body.numberHorizontal, body.numberVertical)
  if (body.languages.length > 1) requireFeature(plan, 'multiLanguage')
  // The plan's site limit is taken in the create's own transaction: it holds under concurrency.
  const site = await createSiteInSlot(plan, {
    siteId: randomUUID(),
    ownerId: owner.accountId,
    tenantIds: accountTenantIds(owner),
    siteUuid: randomUUID(),
    name: body.name,
    status: 'DRAFT',
    numberHorizontal: body.numberHorizontal,
    numberVertical: body.numberVertical,
    viewMode: body.viewMode,
    defaultLanguage: body.defaultLanguage,
    languages: body.languages,
    displayLanguageIcon: languageIconAtCreate(body),
  })
  const items = { sites: [site], creatives: [], menus: [], settings: [] }
  return ok(
    {
      ...siteView(site, items, await oemZoneOf(site.tenantIds)),
      plan: planView(plan),
      media: await siteMedia(site, items),
      message: t('site.created'),
    },
    201,
  )
})
