import { sitesRoutes } from '@swipe/shared/contract/sites'
import { disabledFormLinks } from '@swipe/shared/site/form-links'
import { oemZoneOf } from '#domain/oem-zones'
import { ConflictError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { withdrawSite } from '../publishing/publish.ts'
import { checkedPublish, requireApprovalRight, requirePublishable } from './approval.ts'
import { authorOf, isCurrent, siteMedia, siteView } from './service.ts'

const STATUS_OF = { draft: 'DRAFT', publish: 'PUBLISH', private: 'PRIVATE' } as const

/**
 * The editor's save actions (SPEC §4): save draft, publish as public, publish as private. Publishing
 * needs each language's creative images uploaded consecutively from A1, at least one. `publish`
 * renders and writes a release first, then commits the status on the version, then flips the host
 * map (functions/src/publishing); `draft` and `private` commit the status and stop serving the
 * site publicly (private sites are for invited viewers, through preview sharing). Publishing
 * answers the links to disabled forms as `warnings` and publishes anyway (`site/form-links.ts`);
 * it runs the pre-publish checklist first and refuses while an item blocks, and on a site that
 * requires approval only approvers publish (issue 33, ./approval.ts).
 */
export const handler = endpoint(sitesRoutes['sites.status'], async ({ actor, body, params, t }) => {
  const { site, items } = await sitesFor(actor).load(params.id, 'site:publish')
  if (site.version !== body.version) throw new ConflictError()
  const status = STATUS_OF[body.action]
  // A publish checks the images rule with the rest (`checkedPublish`); a private one only that.
  if (status === 'PRIVATE') requirePublishable(site, items)
  // Links to forms that are off: published anyway (the page shows them unavailable), and listed.
  const warnings =
    status === 'DRAFT'
      ? []
      : disabledFormLinks({
          languages: site.languages,
          popupCtas: site.popupCtas,
          creatives: items.creatives.filter((c) => site.languages.includes(c.lang) && isCurrent(site, c)),
          settings: items.settings,
        }).map((link) => ({ code: 'site.linkToDisabledForm' as const, ...link }))
  if (status === 'PUBLISH') {
    // A site that requires approval is published by its approvers (others request: ./approval.ts).
    await requireApprovalRight(actor, site)
    await checkedPublish({ site, items }, { author: authorOf(actor), t })
  } else await withdrawSite(site.siteId, status, { expectVersion: body.version })
  const saved = await sitesFor(actor).load(site.siteId, 'site:read')
  return ok({
    ...siteView(saved.site, saved.items, await oemZoneOf(saved.site.tenantIds)),
    media: await siteMedia(saved.site, saved.items),
    message: t('site.statusChanged'),
    warnings,
  })
})
