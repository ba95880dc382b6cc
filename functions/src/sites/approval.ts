import { can, consecutiveImagesSchema } from '@swipe/shared'
import type { Checklist, PublishRequestView } from '@swipe/shared/contract/approvals'
import type { MessageKey } from '@swipe/shared/i18n/messages'
import { gridCells, siteGrid } from '@swipe/shared/site/cells'
import { ApprovalGates, type PublishRequest, PublishRequests } from '#data/publish-requests'
import type { Actor } from '#edge/auth'
import { type FieldIssue, ForbiddenError, ValidationError } from '#edge/errors'
import { zodIssues } from '#edge/http'
import { adminOf, policyActorOf } from '#edge/tenancy'
import { platform } from '#platform'
import { checklistOf, requireNoBlocking } from '../publishing/checklist/compose.ts'
import type { LoadedSite, PublishAuthor } from '../publishing/publish.ts'
import { isConditionFailure, isCurrent } from './service.ts'

/**
 * The approval gate and the checked publish (issue 33 parts 4 and 5;
 * docs/decisions/0067-checklist-and-approvals.md).
 */

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string

/**
 * What publishing needs (SPEC §4): each language's creative images uploaded consecutively from A1,
 * at least one; 400 naming each language's problem otherwise. The editor's publish and a scheduled
 * publish (./schedule.ts) check the same.
 */
export const requirePublishable = (site: LoadedSite['site'], items: LoadedSite['items']): void => {
  const issues: FieldIssue[] = []
  for (const lang of site.languages) {
    const media = new Map(
      items.creatives
        .filter((c) => c.lang === lang && isCurrent(site, c))
        .map((c) => [c.position, c.mediaKey ?? null]),
    )
    const cells = gridCells(siteGrid(site)).map((position) => ({
      imageUrl: media.get(position) ?? null,
    }))
    const checked = consecutiveImagesSchema.safeParse(cells)
    if (!checked.success) issues.push(...zodIssues(checked.error, `creatives.${lang}`))
  }
  if (issues.length) throw new ValidationError(issues)
}
/** Whether publishing the site needs an approver (no gate item: no). */
export const approvalRequired = async (siteId: string): Promise<boolean> =>
  (await ApprovalGates.get({ siteId }).go({ consistent: true })).data?.required ?? false

/** Whether the caller may approve on this site (and so publish without a request). */
export const mayApprove = (actor: Actor | undefined, site: { tenantIds: readonly string[] }): boolean =>
  can(policyActorOf(adminOf(actor)), 'site:approve', site)

/**
 * Putting content live — a publish, a rollback, a scheduled publish — on a site that requires
 * approval is the approvers' (403 `approval.required` for anyone else: they request instead).
 */
export const requireApprovalRight = async (
  actor: Actor | undefined,
  site: { siteId: string; tenantIds: readonly string[] },
): Promise<void> => {
  if (mayApprove(actor, site)) return
  if (await approvalRequired(site.siteId)) throw new ForbiddenError('approval.required')
}

/** The checklist of a loaded site's saved draft, run where the site can be rendered (the publisher). */
export const checklistFor = async (loaded: LoadedSite, t: Translate): Promise<Checklist> =>
  checklistOf(await platform().publisher.check(loaded.site.siteId, { loaded }), t)

/**
 * What a publish of the saved draft must pass, now or at a scheduled time: the images rule (400
 * naming each language), then the checklist (400 `checklist.blocked` naming each blocking item).
 * Answers the checklist (its warnings are shown).
 */
export const checkPublishable = async (loaded: LoadedSite, t: Translate): Promise<Checklist> => {
  requirePublishable(loaded.site, loaded.items)
  const checklist = await checklistFor(loaded, t)
  requireNoBlocking(checklist)
  return checklist
}

/**
 * Publishes the saved draft after its checks (`checkPublishable`), on the version loaded (409 when
 * a save came since). Answers the checklist.
 */
export const checkedPublish = async (
  loaded: LoadedSite,
  { author, t }: { author?: PublishAuthor | undefined; t: Translate },
): Promise<Checklist> => {
  const checklist = await checkPublishable(loaded, t)
  await platform().publisher.publish(loaded.site.siteId, {
    expectVersion: loaded.site.version,
    loaded,
    ...(author ? { author } : {}),
  })
  return checklist
}

/** A site's requests, newest first. */
export const requestsOf = async (siteId: string): Promise<PublishRequest[]> =>
  (await PublishRequests.query.request({ siteId }).go({ pages: 'all', order: 'desc', consistent: true })).data

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString())

/** A request as the editor shows it; `draftVersion` decides whether a pending one is stale. */
export const requestView = (r: PublishRequest, draftVersion: number): PublishRequestView => ({
  id: r.requestId,
  state: r.state,
  version: r.version,
  requestedBy: r.byName ?? null,
  requestedAt: new Date(r.requestedAt).toISOString(),
  note: r.note ?? null,
  publishAt: iso(r.publishAt),
  decidedBy: r.decidedByName ?? null,
  decidedAt: iso(r.decidedAt),
  comment: r.comment ?? null,
  versionId: r.versionId ?? null,
  stale: r.state === 'PENDING' && r.version !== draftVersion,
})

/** The approval answer: the gate, whether the caller may approve, the open request and the newest 20. */
export const approvalView = async (
  actor: Actor | undefined,
  site: { siteId: string; tenantIds: readonly string[]; version: number },
) => {
  const [required, requests] = await Promise.all([approvalRequired(site.siteId), requestsOf(site.siteId)])
  const pending = requests.find((r) => r.state === 'PENDING')
  return {
    required,
    canApprove: mayApprove(actor, site),
    pending: pending ? requestView(pending, site.version) : null,
    requests: requests.slice(0, 20).map((r) => requestView(r, site.version)),
  }
}

/** Withdraws the site's open request, if any (a new request replaces it). */
export const withdrawPending = async (siteId: string): Promise<void> => {
  for (const r of await requestsOf(siteId))
    if (r.state === 'PENDING')
      await PublishRequests.patch({ siteId, requestId: r.requestId })
        .set({ state: 'WITHDRAWN' })
        .where((a, { eq }) => eq(a.state, 'PENDING'))
        .go()
        .catch((error: unknown) => {
          if (!isConditionFailure(error)) throw error
        })
}

/**
 * Closes a PENDING request with the decision, conditioned on it still being PENDING: false when
 * another decision (or a new request) came first.
 */
export const decide = async (
  request: PublishRequest,
  decision: {
    state: 'APPROVED' | 'REJECTED'
    by: PublishAuthor
    at: number
    comment?: string | undefined
    versionId?: string | undefined
  },
): Promise<PublishRequest | undefined> => {
  try {
    const updated = await PublishRequests.patch({ siteId: request.siteId, requestId: request.requestId })
      .set({
        state: decision.state,
        decidedByAccountId: decision.by.accountId,
        decidedByName: decision.by.name,
        decidedAt: decision.at,
        ...(decision.comment ? { comment: decision.comment } : {}),
        ...(decision.versionId ? { versionId: decision.versionId } : {}),
      })
      .where((a, { eq }) => eq(a.state, 'PENDING'))
      .go({ response: 'all_new' })
    return { ...request, ...updated.data } as PublishRequest
  } catch (error) {
    if (isConditionFailure(error)) return undefined
    throw error
  }
}
