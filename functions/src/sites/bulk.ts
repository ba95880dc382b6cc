import { randomUUID } from 'node:crypto'
import { DeleteObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3'
import {
  CreativeSchema,
  contentTypeForExtension,
  type MessageKey,
  mediaTypeOf,
  type SiteLanguage,
} from '@swipe/shared'
import { cellOrder, siteGrid } from '@swipe/shared/site/cells'
import yauzl from 'yauzl'
import { type BulkJob, BulkJobs, SiteUploads } from '#data/site-uploads'
import { type Creative, loadSiteItems, sitesService } from '#data/sites'
import { planOfOwner } from '#domain/plans'
import { logger } from '#platform/services/logger'
import { mediaBucket, s3 } from '#platform/services/s3'
import { S3ZipReader } from '#platform/services/s3-zip'
import { requestRenditions } from './renditions.ts'
import { gridGenerationOf, isConditionFailure, isCurrent, type SiteItems, uploadsPrefix } from './service.ts'
import {
  type Candidate,
  inspectZip,
  naturalCompare,
  type Problem,
  planPlacement,
  type ReportLine,
  readEntry,
  sameKind,
  ZIP_LIMITS,
  ZIP_OPEN_OPTIONS,
} from './zip.ts'

/** Progress is written at most this often. */
const PROGRESS_EVERY_MS = 1000
/** Report names are cut to this many characters, so a job item stays small. */
const REPORT_NAME_CHARS = 120

interface Outcome {
  status: 'done' | 'refused' | 'failed'
  code: MessageKey
  params: Record<string, string | number>
}

/** A report line as stored: the name cut short, the file name not repeated in the parameters. */
const stored = (line: ReportLine) => {
  const { file: _file, ...params } = line.params ?? {}
  const name =
    line.name.length > REPORT_NAME_CHARS ? `${line.name.slice(0, REPORT_NAME_CHARS - 1)}…` : line.name
  return { ...line, name, ...(line.params ? { params } : {}) }
}

const byName = (a: { name: string }, b: { name: string }) => naturalCompare(a.name, b.name)

const finish = (
  jobId: string,
  outcome: Outcome,
  extra: Partial<Pick<BulkJob, 'report' | 'processed' | 'total'>> = {},
) =>
  BulkJobs.patch({ jobId })
    .set({ status: outcome.status, code: outcome.code, params: outcome.params, ...extra })
    .go()

/** The ZIP's own name, stored URI-encoded as object metadata by bulk-upload/start. */
const nameOf = (value: string | undefined) => {
  try {
    return value ? decodeURIComponent(value) : 'upload.zip'
  } catch {
    return 'upload.zip'
  }
}

const deleteObject = (key: string) =>
  s3
    .send(new DeleteObjectCommand({ Bucket: mediaBucket, Key: key }))
    .catch((error: Error) => logger.warn('Could not delete an object', { key, error: error.name }))

/**
 * Places the files of an uploaded ZIP in the creatives of one language (SPEC §7, §9). Nothing is
 * written until every entry passed the checks of `zip.ts`; then each file is stored under the
 * site's uploads, recorded as a confirmed upload, and the creatives are written in one
 * transaction with the site's version bump, conditioned on the version the job was started for.
 * Any refusal or failure removes what was written; the ZIP is deleted whatever the outcome. Safe
 * to run twice for one job: only the run that claims the job does anything.
 */
export const processBulkJob = async (jobId: string): Promise<void> => {
  const job = (await BulkJobs.get({ jobId }).go()).data
  if (job?.status !== 'processing' || job.claimedAt) return
  try {
    await BulkJobs.patch({ jobId })
      .set({ claimedAt: Date.now() })
      .where(({ claimedAt }, { notExists }) => notExists(claimedAt))
      .go()
  } catch (error) {
    if (isConditionFailure(error)) return
    throw error
  }
  const written: string[] = []
  let recorded = false
  try {
    await place(job, written, () => {
      recorded = true
    })
  } catch (error) {
    logger.error('Bulk upload failed', { jobId, siteId: job.siteId, error: error as Error })
    await finish(jobId, { status: 'failed', code: 'error.internal', params: {} }).catch(() => undefined)
    await undo(job.siteId, written, recorded)
  } finally {
    await deleteObject(job.zipKey)
  }
}

/** Removes the objects (and their upload records) a job wrote before it failed. */
const undo = async (siteId: string, keys: readonly string[], recorded: boolean) => {
  if (recorded && keys.length)
    await SiteUploads.delete(keys.map((key) => ({ siteId, key })))
      .go()
      .catch((error: Error) => logger.warn('Could not delete upload records', { siteId, error: error.name }))
  await Promise.all(keys.map(deleteObject))
}

const place = async (job: BulkJob, written: string[], onRecorded: () => void): Promise<void> => {
  const { jobId } = job
  const items = await loadSiteItems(job.siteId)
  const site = items.sites[0]
  if (!site) return void (await finish(jobId, { status: 'failed', code: 'error.notFound', params: {} }))
  if (site.version !== job.version || !site.languages.includes(job.lang))
    return void (await finish(jobId, { status: 'failed', code: 'error.conflict', params: {} }))

  let head: { ContentLength?: number | undefined; Metadata?: Record<string, string> | undefined }
  try {
    head = await s3.send(new HeadObjectCommand({ Bucket: mediaBucket, Key: job.zipKey }))
  } catch {
    return void (await finish(jobId, { status: 'failed', code: 'zip.uploadFailed', params: {} }))
  }
  const size = head.ContentLength ?? 0
  const zipName = nameOf(head.Metadata?.['file-name'])
  if (size > ZIP_LIMITS.zipBytes)
    return void (await finish(jobId, {
      status: 'refused',
      code: 'zip.tooLarge',
      params: { file: zipName, maxMb: ZIP_LIMITS.zipBytes / 1048576 },
    }))

  let zip: yauzl.ZipFile
  try {
    zip = await yauzl.fromRandomAccessReaderPromise(
      new S3ZipReader(mediaBucket, job.zipKey, size),
      size,
      ZIP_OPEN_OPTIONS,
    )
  } catch {
    return void (await finish(jobId, { status: 'refused', code: 'zip.notZip', params: { file: zipName } }))
  }
  try {
    await placeFrom(zip, job, site, items, written, onRecorded)
  } finally {
    zip.close()
  }
}

const placeFrom = async (
  zip: yauzl.ZipFile,
  job: BulkJob,
  site: SiteItems['sites'][number],
  items: SiteItems,
  written: string[],
  onRecorded: () => void,
) => {
  const { jobId } = job
  let total = Math.min(zip.entryCount, ZIP_LIMITS.entries)
  let reported = Date.now()
  const progress = async (processed: number, force = false) => {
    if (!force && Date.now() - reported < PROGRESS_EVERY_MS) return
    reported = Date.now()
    await BulkJobs.patch({ jobId }).set({ processed, total }).go()
  }
  await progress(0, true)
  const inspection = await inspectZip(zip, (done) => progress(done))
  const checked = zip.entryCount
  if (inspection.refusal)
    return finish(
      jobId,
      { status: 'refused', ...inspection.refusal },
      { report: inspection.report.map(stored) },
    )

  const lang = job.lang as SiteLanguage
  // The grid is the site's, and never more cells than the owner's plan allows today.
  const ownerPlan = await planOfOwner(site.ownerId)
  const current = items.creatives.filter((c) => c.lang === lang && isCurrent(site, c))
  const occupied = current.filter((c) => c.mediaKey).map((c) => c.position)
  const plan = planPlacement(inspection.candidates, siteGrid(site), occupied, ownerPlan.quantitySwipe)
  const refusedLines: ReportLine[] = plan.refused.map((file) => ({
    name: file.name,
    status: 'refused',
    code: file.code,
    params: file.params,
  }))
  const problems = [...inspection.report.filter((line) => line.status === 'refused'), ...refusedLines]
  if (problems.length > 0 || plan.placed.length === 0) {
    const report = [...inspection.report, ...refusedLines].sort(byName).map(stored)
    const refusal: Problem = problems.length
      ? { code: 'zip.refused', params: {} }
      : { code: 'zip.empty', params: {} }
    return finish(jobId, { status: 'refused', ...refusal }, { report, processed: checked, total: checked })
  }

  // Every entry passed: store each file under the site's uploads.
  total = checked + plan.placed.length
  const placed: Array<Candidate & { position: string; note?: Problem; key: string; size: number }> = []
  for (const file of plan.placed) {
    const read = await readEntry(zip, file.entry, file.meta, { keep: true })
    if (!read.ok || !read.bytes || !sameKind(read.kind, file.kind))
      throw new Error(`Entry changed between the check and the placement: ${read.ok ? 'kind' : read.code}`)
    const key = `${uploadsPrefix(site.siteId)}${randomUUID()}.${file.ext}`
    await s3.send(
      new PutObjectCommand({
        Bucket: mediaBucket,
        Key: key,
        Body: read.bytes,
        ContentType: contentTypeForExtension(file.ext) ?? 'application/octet-stream',
      }),
    )
    written.push(key)
    placed.push({ ...file, key, size: read.size })
    await progress(checked + placed.length)
  }
  await SiteUploads.put(
    placed.map((file) => ({
      siteId: site.siteId,
      key: file.key,
      fileName: file.name.split('/').pop() ?? file.name,
      kind: file.kind,
      mediaType: mediaTypeOf(file.kind),
      purpose: 'media' as const,
      size: file.size,
      contentType: contentTypeForExtension(file.ext) ?? 'application/octet-stream',
    })),
  ).go()
  onRecorded()
  // Their web renditions, each a job of its own (issue 22).
  for (const file of placed)
    await requestRenditions({
      siteId: site.siteId,
      key: file.key,
      kind: file.kind,
      mediaType: mediaTypeOf(file.kind),
    }).catch((error: unknown) =>
      logger.error('Media renditions not started', { key: file.key, error: error as Error }),
    )

  const generation = gridGenerationOf(site)
  const creatives: Creative[] = placed.map((file) => {
    const existing = current.find((c) => c.position === file.position)
    const base = existing ?? {
      ...CreativeSchema.parse({ lang, position: file.position }),
      siteId: site.siteId,
      version: 1,
    }
    return {
      ...base,
      siteId: site.siteId,
      lang,
      position: file.position,
      gridGeneration: generation,
      order: cellOrder(file.position, site.numberVertical),
      mediaKey: file.key,
      mediaType: mediaTypeOf(file.kind),
    } as Creative
  })
  let committed = true
  try {
    const result = await sitesService.transaction
      .write(({ sites, creatives: entity }) => [
        sites
          .patch({ siteId: site.siteId })
          .add({ version: 1 })
          .where(({ version }, { eq }) => eq(version, job.version))
          .commit(),
        ...creatives.map((creative) => entity.put(creative).commit()),
      ])
      .go()
    committed = !result.canceled
  } catch (error) {
    if (!isConditionFailure(error) && !/cancel/i.test(String(error))) throw error
    committed = false
  }
  if (!committed) {
    await undo(site.siteId, written, true)
    written.length = 0
    return finish(
      jobId,
      { status: 'failed', code: 'error.conflict', params: {} },
      { processed: total, total },
    )
  }

  const report = [
    ...inspection.report,
    ...placed.map(
      (file): ReportLine => ({
        name: file.name,
        status: 'placed',
        position: file.position,
        mediaType: mediaTypeOf(file.kind),
        ...(file.note ?? {}),
      }),
    ),
  ]
    .sort(byName)
    .map(stored)
  written.length = 0
  return finish(
    jobId,
    { status: 'done', code: 'zip.placed', params: { count: placed.length } },
    { report, processed: total, total },
  )
}
