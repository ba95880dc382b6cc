import { createHash } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { DAY_MS, jstDay, jstDayStart } from '@swipe/shared/time/jst'
import * as z from 'zod'
import { BillableClients, BillableViews, CountedLogs } from '#data/analytics'
import { isConditionFailure } from '#data/service'
import { declareAwsAdapters, platform } from '#platform'
import { awsHostMap } from '#platform/aws/host-map'
import * as clock from '#platform/services/clock'
import { clientConfig, readEnv } from '#platform/services/env'
import { logger } from '#platform/services/logger'
import {
  type AccessRecord,
  BILLABLE_VIEWS_PER_ADDRESS,
  billedUnderCap,
  isBillableView,
  parseAccessLog,
  siteIdOfPath,
} from './access-log.ts'

// The large AWS adapters this Lambda's code uses (functions/src/platform/aws/index.ts).
declareAwsAdapters({ hostMap: awsHostMap })

export { BILLABLE_VIEWS_PER_ADDRESS }

/**
 * Billable page views (docs/decisions/0048-billable-page-views.md): counted from the edge's access log —
 * CloudFront's standard log files on AWS, the local edge's files of the same format locally — never from
 * beacons, so no request to the API can change an invoice. One code path, two triggers: the S3 event of a new
 * log object (the Lambda `handler`), and the local edge handing over the object it just wrote
 * (`countLogObject`).
 */

const env = readEnv({
  S3_ENDPOINT: z.url().optional(),
})

const s3 = new S3Client({
  ...clientConfig(env.S3_ENDPOINT),
  forcePathStyle: Boolean(env.S3_ENDPOINT),
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
})

/**
 * The site a record was served for: the site its host maps to (a default, OEM or custom domain),
 * else the `/sites/<siteId>/` of its path (the path form on the shared host, or a logged release
 * path). A host that maps to nothing any more (unpublished since) and has no such path counts for
 * nobody: a bill errs low, never high.
 */
const siteResolver = () => {
  const cache = new Map<string, Promise<string | undefined>>()
  // The platform's host map (read only): the KeyValueStore on AWS, the bucket map locally.
  const hosts = platform().hostMap
  return async (record: AccessRecord): Promise<string | undefined> => {
    if (record.host) {
      let found = cache.get(record.host)
      if (!found) {
        found = hosts.get(record.host).then((target) => target?.siteId)
        cache.set(record.host, found)
      }
      const siteId = await found
      if (siteId) return siteId
    }
    return siteIdOfPath(record.path)
  }
}

/** An address as the cap's key: a SHA-256 with the site and day, never the address itself. */
const clientKey = (siteId: string, day: string, address: string) =>
  createHash('sha256').update(`${siteId}\n${day}\n${address}`).digest('hex')

/**
 * Counts the billable views among `records` (`isBillableView`), at most `BILLABLE_VIEWS_PER_ADDRESS`
 * per site, address and day: each (site, address, day) group `ADD`s its loads to that address's
 * count and learns the total after it, so concurrent files each bill exactly the loads that fall
 * under the cap. The day is Japan's at the request's time. Returns the views added.
 */
export const countRecords = async (records: readonly AccessRecord[]): Promise<number> => {
  const siteOf = siteResolver()
  const groups = new Map<string, { siteId: string; day: string; address: string; loads: number }>()
  for (const record of records) {
    if (!isBillableView(record)) continue
    const siteId = await siteOf(record)
    if (!siteId) continue
    const day = jstDay(record.at)
    const key = `${siteId}\n${day}\n${record.address}`
    const group = groups.get(key) ?? { siteId, day, address: record.address, loads: 0 }
    group.loads++
    groups.set(key, group)
  }
  const perSiteDay = new Map<string, { siteId: string; day: string; views: number }>()
  await Promise.all(
    [...groups.values()].map(async ({ siteId, day, address, loads }) => {
      const { data } = await BillableClients.update({ siteId, day, client: clientKey(siteId, day, address) })
        .add({ count: loads })
        .set({ expiresAt: Math.ceil((jstDayStart(day) + 2 * DAY_MS) / 1000) })
        .go({ response: 'updated_new' })
      const after = Number(data.count ?? loads)
      const allowed = billedUnderCap(loads, after)
      if (!allowed) return
      const key = `${siteId}\n${day}`
      const entry = perSiteDay.get(key) ?? { siteId, day, views: 0 }
      entry.views += allowed
      perSiteDay.set(key, entry)
    }),
  )
  await Promise.all(
    [...perSiteDay.values()].map(({ siteId, day, views }) =>
      BillableViews.update({ siteId, day }).add({ views }).go({ response: 'none' }),
    ),
  )
  return [...perSiteDay.values()].reduce((sum, { views }) => sum + views, 0)
}

/**
 * Counts one access-log object once: claims it (a conditional create keyed by bucket and key)
 * before adding anything, so a redelivered event finds the claim and adds nothing. If the object
 * cannot be read, the claim is released (nothing was added) and the error thrown, so S3's retry
 * counts it; a failure once counting has begun keeps the claim and loses that file's views
 * (logged) rather than ever counting some twice: a bill errs low. `null` when counted before.
 */
export const countLogObject = async (bucket: string, key: string): Promise<number | null> => {
  const object = `${bucket}/${key}`
  try {
    await CountedLogs.create({
      object,
      countedAt: new Date(clock.now()).toISOString(),
      expiresAt: Math.ceil((clock.now() + 40 * DAY_MS) / 1000),
    }).go({ response: 'none' })
  } catch (error) {
    if (isConditionFailure(error)) return null
    throw error
  }
  let records: AccessRecord[]
  try {
    const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
    const bytes = Buffer.from((await answer.Body?.transformToByteArray()) ?? new Uint8Array())
    records = parseAccessLog(
      (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8'),
    )
  } catch (error) {
    logger.error('Access log not readable; claim released for a retry', { object, error: error as Error })
    await CountedLogs.delete({ object }).go({ response: 'none' })
    throw error
  }
  try {
    const views = await countRecords(records)
    await CountedLogs.patch({ object }).set({ views }).go({ response: 'none' })
    return views
  } catch (error) {
    logger.error('Access log not counted', { object, error: error as Error })
    throw error
  }
}

/** The S3 notification of new log objects (only the fields read). */
export interface LogObjectEvent {
  Records?: Array<{ s3?: { bucket?: { name?: string }; object?: { key?: string } } }>
}

/**
 * The log Lambda: S3 invokes it for every new object under the CloudFront log prefix
 * (infra/lib/billable-views.ts). Keys arrive URL-encoded, spaces as `+`.
 */
export const handler = async (event: LogObjectEvent): Promise<void> => {
  for (const record of event.Records ?? []) {
    const bucket = record.s3?.bucket?.name
    const key = record.s3?.object?.key
    if (!bucket || !key) continue
    await countLogObject(bucket, decodeURIComponent(key.replace(/\+/g, ' ')))
  }
}
