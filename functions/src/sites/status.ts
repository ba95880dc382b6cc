import { consecutiveImagesSchema, SiteStatusBody } from '@swipe/shared'
import { Sites } from '#data/sites'
import { ConflictError, type FieldIssue, ValidationError } from '#lib/errors'
import { endpoint, ok, zodIssues } from '#lib/http'
import { sitesFor } from '#lib/tenancy'
import { routes } from '../routes.ts'
import { IdParams } from './get.ts'
import { gridCells, isConditionFailure, isCurrent, siteMedia, siteView } from './service.ts'

const STATUS_OF = { draft: 'DRAFT', publish: 'PUBLISH', private: 'PRIVATE' } as const

/**
 * The editor's save actions (SPEC §4): save draft, publish as public, publish as private. Publishing
 * needs each language's creative images uploaded consecutively from A1, at least one; it records
 * the status and the published date (rendering the pages is the publisher's, a later step).
 */
export const handler = endpoint(
  routes['sites.status'],
  { body: SiteStatusBody, params: IdParams },
  async ({ actor, body, params, t }) => {
    const { site, items } = await sitesFor(actor).load(params.id, 'site:publish')
    if (site.version !== body.version) throw new ConflictError()
    const status = STATUS_OF[body.action]
    if (status !== 'DRAFT') {
      const issues: FieldIssue[] = []
      for (const lang of site.languages) {
        const media = new Map(
          items.creatives
            .filter((c) => c.lang === lang && isCurrent(site, c))
            .map((c) => [c.position, c.mediaKey ?? null]),
        )
        const cells = gridCells(site.numberHorizontal, site.numberVertical).map((position) => ({
          imageUrl: media.get(position) ?? null,
        }))
        const checked = consecutiveImagesSchema.safeParse(cells)
        if (!checked.success) issues.push(...zodIssues(checked.error, `creatives.${lang}`))
      }
      if (issues.length) throw new ValidationError(issues)
    }
    const now = Date.now()
    try {
      await Sites.patch({ siteId: site.siteId })
        .set(status === 'DRAFT' ? { status } : { status, publishedAt: now })
        .add({ version: 1 })
        .where(({ version }, { eq }) => eq(version, body.version))
        .go()
    } catch (error) {
      if (isConditionFailure(error)) throw new ConflictError()
      throw error
    }
    const saved = await sitesFor(actor).load(site.siteId, 'site:read')
    return ok({
      ...siteView(saved.site, saved.items),
      media: await siteMedia(saved.site, saved.items),
      message: t('site.statusChanged'),
    })
  },
)
