import { randomUUID } from 'node:crypto'
import type { Action } from '@swipe/shared'
import { scopeRoot } from '@swipe/shared'
import type { NoticeSchema } from '@swipe/shared/contract/content'
import {
  type ContentStatus,
  contentStatus,
  NOTICE_IMAGE_MAX_BYTES,
  type NoticeInput,
} from '@swipe/shared/schemas/content'
import type * as z from 'zod'
import { isConditionFailure } from '#data/service'
import type { Actor } from '#edge/auth'
import { BadRequestError, ConflictError, NotFoundError } from '#edge/errors'
import { adminOf, authorize, policyActorOf } from '#edge/tenancy'
import { now } from '#platform/services/clock'
import { presignGet, presignPut } from '#platform/services/presign'
import { mediaBucket } from '#platform/services/s3'
import { verifyUpload } from '#platform/services/uploads'
import type { Account } from '../data/accounts.ts'
import { type Notice, Notices } from '../data/content.ts'

/**
 * Latest information and notification deliveries share one shape (SPEC §2 "same shape"): what is
 * stored, how a status is computed when read, images and the optimistic lock live here.
 */

export type NoticeKind = Notice['kind']

const iso = (ms: number) => new Date(ms).toISOString()
const normalise = (value: string | undefined) => (value ? new Date(value).toISOString() : undefined)

export const statusOf = (
  item: Pick<Notice, 'draft' | 'visibleFrom' | 'endDate'>,
  at = now(),
): ContentStatus =>
  contentStatus({ draft: item.draft, visibleFrom: item.visibleFrom, endDate: item.endDate }, at)

/** The writers' view, with a presigned GET of the image. */
export const noticeView = async (item: Notice, at = now()): Promise<z.input<typeof NoticeSchema>> => ({
  id: item.noticeId,
  title: item.title,
  content: item.content,
  contentUrl: item.contentUrl ?? '',
  distributeSiteUrl: item.distributeSiteUrl ?? '',
  mode: item.mode,
  draft: item.draft,
  status: statusOf(item, at),
  publicationDate: item.published ? item.visibleFrom : null,
  startDate: item.startDate ?? null,
  endDate: item.endDate ?? null,
  imageKey: item.imageKey ?? null,
  imageUrl: item.imageKey ? await presignGet(mediaBucket, item.imageKey) : null,
  createdAt: item.createdAt,
  updatedAt: item.updatedAt,
  version: item.version,
})

/** When readers see it: published now (kept once published) or at its scheduled start. */
const publication = (input: NoticeInput, at: number, previous?: Notice) => {
  if (input.mode === 'RESERVE')
    return { visibleFrom: normalise(input.startDate) as string, published: !input.draft }
  if (input.draft) return { visibleFrom: previous?.visibleFrom ?? iso(at), published: false }
  const keep = previous?.published && previous.mode === 'INSTANT'
  return { visibleFrom: keep ? previous.visibleFrom : iso(at), published: true }
}

/** Where a kind's images are uploaded for one owner: only keys under it may be attached. */
export const imagePrefix = (kind: NoticeKind, ownerKey: string) => `notices/${kind}/${ownerKey}/`

export const presignImage = async (
  kind: NoticeKind,
  ownerKey: string,
  body: { fileName: string; contentType: 'image/png' | 'image/jpeg'; size: number },
) => {
  if (body.size > NOTICE_IMAGE_MAX_BYTES)
    throw new BadRequestError('upload.tooLarge', { file: body.fileName, maxMb: 5 })
  const ext = body.contentType === 'image/png' ? 'png' : 'jpg'
  return presignPut(mediaBucket, `${imagePrefix(kind, ownerKey)}${randomUUID()}.${ext}`, body.contentType)
}

/** The image to store: a new key is checked (its prefix, then size, type and bytes); null removes it. */
const imageOf = async (kind: NoticeKind, ownerKey: string, input: NoticeInput, previous?: Notice) => {
  if (input.imageKey === undefined) return previous?.imageKey
  if (input.imageKey === null || input.imageKey === '') return undefined
  if (input.imageKey === previous?.imageKey) return input.imageKey
  if (!input.imageKey.startsWith(imagePrefix(kind, ownerKey))) throw new NotFoundError()
  await verifyUpload(mediaBucket, input.imageKey, input.imageFileName ?? input.imageKey, {
    kinds: ['png', 'jpeg'],
    maxBytes: NOTICE_IMAGE_MAX_BYTES,
  })
  return input.imageKey
}

/** The fields a create or an update stores. */
const fieldsOf = async (
  kind: NoticeKind,
  ownerKey: string,
  input: NoticeInput & { lang?: string },
  at: number,
  previous?: Notice,
) => {
  const { visibleFrom, published } = publication(input, at, previous)
  return {
    title: input.title,
    content: input.content,
    contentUrl: input.contentUrl ?? '',
    distributeSiteUrl: input.distributeSiteUrl ?? '',
    mode: input.mode,
    draft: input.draft,
    visibleFrom,
    published,
    startDate: input.mode === 'RESERVE' ? normalise(input.startDate) : undefined,
    endDate: normalise(input.endDate),
    imageKey: await imageOf(kind, ownerKey, input, previous),
    ...(input.lang ? { lang: input.lang } : {}),
  }
}

export const createNotice = async (
  account: Account,
  owner: { kind: NoticeKind; ownerKey: string; tenantIds: string[] },
  input: NoticeInput & { lang?: string },
) => {
  const at = now()
  const { startDate, endDate, imageKey, ...fields } = await fieldsOf(owner.kind, owner.ownerKey, input, at)
  const created = await Notices.create({
    noticeId: randomUUID(),
    ...owner,
    ...fields,
    ...(startDate ? { startDate } : {}),
    ...(endDate ? { endDate } : {}),
    ...(imageKey ? { imageKey } : {}),
    createdAt: iso(at),
    createdBy: account.accountId,
    updatedAt: iso(at),
    version: 1,
  }).go()
  return created.data
}

/** One notice of `kind` the actor may take `action` on: another tenant's is 404. */
export const loadNotice = async (actor: Actor | undefined, kind: NoticeKind, id: string, action: Action) => {
  const item = (await Notices.get({ noticeId: id }).go()).data
  if (!item || item.kind !== kind) throw new NotFoundError()
  authorize(actor, action, { tenantIds: item.tenantIds })
  return item
}

export const updateNotice = async (
  current: Notice,
  input: NoticeInput & { lang?: string; version: number },
) => {
  if (current.version !== input.version) throw new ConflictError()
  const at = now()
  const { startDate, endDate, imageKey, ...fields } = await fieldsOf(
    current.kind,
    current.ownerKey,
    input,
    at,
    current,
  )
  const gone = [
    ...(startDate ? [] : ['startDate' as const]),
    ...(endDate ? [] : ['endDate' as const]),
    ...(imageKey ? [] : ['imageKey' as const]),
  ]
  let update = Notices.patch({ noticeId: current.noticeId }).set({
    ...fields,
    ...(startDate ? { startDate } : {}),
    ...(endDate ? { endDate } : {}),
    ...(imageKey ? { imageKey } : {}),
    updatedAt: iso(at),
    version: input.version + 1,
  })
  if (gone.length) update = update.remove(gone)
  try {
    await update.where((attr, op) => op.eq(attr.version, input.version)).go()
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError()
    throw error
  }
  const saved = (await Notices.get({ noticeId: current.noticeId }).go()).data
  if (!saved) throw new NotFoundError()
  return saved
}

export const removeNotice = async (current: Notice, version: number) => {
  if (current.version !== version) throw new ConflictError()
  try {
    await Notices.delete({ noticeId: current.noticeId })
      .where((attr, op) => op.eq(attr.version, version))
      .go()
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError()
    throw error
  }
}

/**
 * Where an account's latest information belongs: staff write for everyone (`platform`, no
 * tenant), an OEM master or OEM admin (or their sub-admins) for the OEM master's subtree.
 */
export const newsOwnerOf = (account: Account) => {
  const root = scopeRoot(policyActorOf(account))
  if (!root) throw new NotFoundError()
  if (root === 'ALL') return { ownerKey: 'platform', tenantIds: [] as string[] }
  const chain = [...account.ancestorIds, account.accountId]
  const index = chain.indexOf(root)
  return { ownerKey: root, tenantIds: chain.slice(0, index + 1) }
}

/** The owners whose latest information an account reads: the platform's and its partners'. */
export const newsReadersKeys = (actor: Actor | undefined) => {
  const account = adminOf(actor)
  return ['platform', ...account.ancestorIds.slice(1), account.accountId]
}
