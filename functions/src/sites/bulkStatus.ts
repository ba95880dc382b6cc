import { isMessageKey } from '@swipe/shared'
import type { RouteReplyBody } from '@swipe/shared/contract'
import { sitesRoutes } from '@swipe/shared/contract/sites'
import { type BulkJob, BulkJobs } from '#data/site-uploads'
import { oemZoneOf } from '#domain/oem-zones'
import { planOfOwner, planView } from '#domain/plans'
import { NotFoundError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import { JOB_STALE_MS } from './bulk-limits.ts'
import { siteMedia, siteView } from './service.ts'

type StoredLine = {
  name: string
  status: 'placed' | 'skipped' | 'refused'
  position?: string
  mediaType?: 'image' | 'video'
  code?: string
  params?: Record<string, string | number>
}

/**
 * A ZIP placement as the console polls it: status, progress, the per-file report (messages in
 * the caller's language) and, once done, the site exactly as GET /site/{id} answers it. The job's
 * site is checked against the caller's scope on every read (404 outside it).
 */
export const handler = endpoint(sitesRoutes['sites.bulkStatus'], async ({ actor, params, t }) => {
  let job: BulkJob | null = (await BulkJobs.get({ jobId: params.jobId }).go()).data
  if (!job) throw new NotFoundError()
  const scoped = sitesFor(actor)
  await scoped.get(job.siteId, 'site:write')
  if (job.status === 'processing' && Date.now() - job.updatedAt > JOB_STALE_MS) {
    // The worker died without recording its end; nothing it wrote was committed.
    job = (
      await BulkJobs.patch({ jobId: job.jobId })
        .set({ status: 'failed', code: 'error.internal', params: {} })
        .go({ response: 'all_new' })
    ).data as BulkJob
  }
  const localise = (code: string | undefined, values: Record<string, string | number> = {}) =>
    code && isMessageKey(code) ? t(code, values) : undefined
  const report = (job.report as StoredLine[]).map((line) => ({
    name: line.name,
    status: line.status,
    ...(line.position ? { position: line.position } : {}),
    ...(line.mediaType ? { mediaType: line.mediaType } : {}),
    ...(line.code
      ? { code: line.code, message: localise(line.code, { file: line.name, ...line.params }) }
      : {}),
  }))
  let site: RouteReplyBody<(typeof sitesRoutes)['sites.get']> | undefined
  if (job.status === 'done') {
    const loaded = await scoped.load(job.siteId, 'site:write')
    site = {
      ...siteView(loaded.site, loaded.items, await oemZoneOf(loaded.site.tenantIds)),
      plan: planView(await planOfOwner(loaded.site.ownerId)),
      media: await siteMedia(loaded.site, loaded.items),
    }
  }
  return ok({
    jobId: job.jobId,
    status: job.status,
    processed: job.processed,
    total: job.total,
    report,
    ...(job.code
      ? { code: job.code, message: localise(job.code, job.params as Record<string, string | number>) }
      : {}),
    ...(site ? { site } : {}),
  })
})
