import { setTimeout as sleep } from 'node:timers/promises'
import { AdminDeleteUserCommand } from '@aws-sdk/client-cognito-identity-provider'
import { PreviewComments, PreviewInvites, PreviewShares } from '#data/previews'
import { Sites } from '#data/sites'
import {
  type SiteMember,
  SiteMembers,
  type SiteSubmission,
  SiteSubmissions,
  SUBMISSION_KINDS,
} from '#data/submissions'
import { cognito } from '#platform/services/cognito-client'
import { logger } from '#platform/services/logger'
import { membersPool } from '#platform/services/members-pool'
import { memberUsername } from '../endUser/members.ts'

/**
 * Forgets a deleted site's visitors (docs/decisions/0028-visitor-forms-and-members.md): its contact
 * and form submissions, its members and their members-pool users. A job (`#platform/services/jobs`), since
 * Cognito deletes about 25 users a second per pool and a site may have many thousands of members.
 *
 * The job's id is the site id and its state is the data itself: whatever is still stored is still
 * to do, so there is no job item, and a second run (or a run after a partial failure) deletes what
 * the first left and finds the rest already gone.
 */

/** Items read and deleted per page (a BatchWriteItem takes 25; ElectroDB splits larger batches). */
const PAGE_SIZE = 100
/** Pool users deleted at once: enough to keep Cognito's quota busy, few enough to back off quickly. */
const POOL_CONCURRENCY = 4
/** Attempts per throttled call or unprocessed batch before the job gives up. */
const MAX_ATTEMPTS = 8
const BASE_DELAY_MS = 200
const MAX_DELAY_MS = 5_000
/**
 * The jobs Lambda stops at 15 minutes; the job stops starting pages before that, so it ends with its
 * summary and an error (not a bare timeout) and a second run continues where it stopped.
 */
const TIME_BUDGET_MS = 14 * 60_000

/** Summary counts: never an email. */
export interface ForgetSummary {
  submissions: number
  /** Preview-share items: the share, its invited addresses and their review comments. */
  previewItems: number
  members: number
  poolUsers: number
  poolUsersMissing: number
}

const nameOf = (error: unknown) => (error as { name?: string }).name ?? ''
const backoff = (attempt: number) =>
  sleep(Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt) * (0.5 + Math.random() / 2))

/** Deletes one pool user; `false` when it was already gone. Throttling is retried with backoff. */
const deletePoolUser = async (username: string): Promise<boolean> => {
  for (let attempt = 0; ; attempt++) {
    try {
      await cognito.send(new AdminDeleteUserCommand({ UserPoolId: membersPool.id, Username: username }))
      return true
    } catch (error) {
      if (nameOf(error) === 'UserNotFoundException') return false
      if (nameOf(error) !== 'TooManyRequestsException' || attempt + 1 >= MAX_ATTEMPTS) throw error
      await backoff(attempt)
    }
  }
}

/** Runs `work` over `items`, at most `limit` at a time. */
const eachLimited = async <T>(items: T[], limit: number, work: (item: T) => Promise<void>) => {
  let next = 0
  const lane = async () => {
    while (next < items.length) await work(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane))
}

/** Every page of a query, fetched as the previous one is done with. */
async function* pagesOf<T>(fetch: (cursor: string | null) => Promise<{ data: T[]; cursor: string | null }>) {
  let cursor: string | null = null
  do {
    const page = await fetch(cursor)
    yield page.data
    cursor = page.cursor
  } while (cursor)
}

/** A batch delete, with what DynamoDB left unprocessed retried until none is left. */
const deleteAll = async <K>(keys: K[], remove: (keys: K[]) => Promise<K[]>) => {
  let pending = keys
  for (let attempt = 0; pending.length; attempt++) {
    if (attempt >= MAX_ATTEMPTS) throw new Error(`${pending.length} items left unprocessed`)
    if (attempt > 0) await backoff(attempt)
    pending = await remove(pending)
  }
}

type SubmissionKey = Pick<SiteSubmission, 'siteId' | 'kind' | 'createdAt' | 'submissionId'>
type MemberKey = Pick<SiteMember, 'siteId' | 'email'>

/**
 * Deletes every contact and form submission and every member (with its pool user) of a deleted
 * site. A site that still exists is refused: a misdirected job must not wipe a live site's visitors.
 */
export const forgetVisitors = async (siteId: string, now = Date.now): Promise<ForgetSummary> => {
  // Strongly consistent: the job starts right after the delete committed.
  if ((await Sites.get({ siteId }).go({ consistent: true })).data)
    throw new Error(`Site ${siteId} still exists; its visitors are kept`)
  const deadline = now() + TIME_BUDGET_MS
  const summary: ForgetSummary = {
    submissions: 0,
    previewItems: 0,
    members: 0,
    poolUsers: 0,
    poolUsersMissing: 0,
  }
  const inTime = () => {
    if (now() < deadline) return
    logger.error('Forgetting visitors ran out of time; run the job again to finish', { siteId, ...summary })
    throw new Error('forgetVisitors ran out of time')
  }

  // Submissions first: no Cognito in the way, so most of the personal data goes within seconds.
  for (const kind of SUBMISSION_KINDS) {
    const pages = pagesOf((cursor) =>
      SiteSubmissions.query
        .byKind({ siteId, kind })
        .go({ cursor, limit: PAGE_SIZE, attributes: ['siteId', 'kind', 'createdAt', 'submissionId'] }),
    )
    for await (const keys of pages) {
      inTime()
      await deleteAll<SubmissionKey>(
        keys,
        async (batch) => (await SiteSubmissions.delete(batch).go()).unprocessed as SubmissionKey[],
      )
      summary.submissions += keys.length
    }
  }

  // The preview share (issue 16): invited addresses and their comments are personal data too.
  inTime()
  const [invites, comments, share] = await Promise.all([
    PreviewInvites.query.invite({ siteId }).go({ pages: 'all', attributes: ['siteId', 'email'] }),
    PreviewComments.query.comment({ siteId }).go({ pages: 'all', attributes: ['siteId', 'commentId'] }),
    PreviewShares.get({ siteId }).go({ attributes: ['siteId'] }),
  ])
  if (invites.data.length) await PreviewInvites.delete(invites.data).go()
  if (comments.data.length) await PreviewComments.delete(comments.data).go()
  if (share.data) await PreviewShares.delete({ siteId }).go()
  summary.previewItems = invites.data.length + comments.data.length + (share.data ? 1 : 0)

  // A member's pool user goes before its item, so a failure leaves the item for the next run to find.
  const pages = pagesOf((cursor) =>
    SiteMembers.query.byEmail({ siteId }).go({ cursor, limit: PAGE_SIZE, attributes: ['siteId', 'email'] }),
  )
  for await (const keys of pages) {
    inTime()
    await eachLimited(keys, POOL_CONCURRENCY, async (member) => {
      if (await deletePoolUser(memberUsername(member.siteId, member.email))) summary.poolUsers++
      else summary.poolUsersMissing++
    })
    await deleteAll<MemberKey>(
      keys,
      async (batch) => (await SiteMembers.delete(batch).go()).unprocessed as MemberKey[],
    )
    summary.members += keys.length
  }

  logger.info('Visitors forgotten', { siteId, ...summary })
  return summary
}
