import type { Locale } from '@swipe/shared'
import { effectiveType } from '@swipe/shared'
import type { SystemNotiSchema } from '@swipe/shared/contract/content'
import {
  contentStatus,
  type LocalizedText,
  localized,
  type SystemNotiAudience,
  type SystemNotiInput,
} from '@swipe/shared/schemas/content'
import type * as z from 'zod'
import { NotFoundError } from '#edge/errors'
import { policyActorOf } from '#edge/tenancy'
import { now } from '#platform/services/clock'
import type { Account } from '../data/accounts.ts'
import {
  SystemNotiAudiences,
  type SystemNotification,
  SystemNotifications,
  SystemNotiReads,
} from '../data/content.ts'
import { type AudienceState, type ReaderState, StateMemo } from './feed-tag.ts'

/** How long this Lambda trusts the versions it remembers (docs/decisions/0044-notifications.md). */
export const TAG_MEMO_MS = 15_000

/** The receivers' audience of an account (a sub-admin reads as its parent's type); none for MASTER. */
export const audienceOf = (account: Account): SystemNotiAudience | undefined => {
  switch (effectiveType(policyActorOf(account))) {
    case 'OEM_MASTER':
      return 'OEM_MASTER'
    case 'OEM_ADMIN':
      return 'OEM_ADMIN'
    case 'USER':
      return 'OEM_USER'
    case 'MASTER_USER':
      return 'MASTER_USER'
    default:
      return undefined
  }
}

const iso = (ms: number) => new Date(ms).toISOString()
const normalise = (value: string | undefined) => (value ? new Date(value).toISOString() : undefined)

/** The staff view of one stored notification, with its status at this instant. */
export const systemNotiView = (item: SystemNotification, at = now()): z.input<typeof SystemNotiSchema> => ({
  id: item.notiId,
  audiences: item.audiences as SystemNotiAudience[],
  mode: item.mode,
  draft: item.draft,
  status: contentStatus({ draft: item.draft, visibleFrom: item.visibleFrom, endDate: item.endDate }, at),
  title: item.title as LocalizedText,
  content: item.content as LocalizedText,
  contentUrl: item.contentUrl ?? '',
  publicationDate: item.published ? item.visibleFrom : null,
  startDate: item.startDate ?? null,
  endDate: item.endDate ?? null,
  createdAt: item.createdAt,
  updatedAt: item.updatedAt,
  version: item.version,
})

const cleanTexts = (text: LocalizedText): LocalizedText => {
  const out: LocalizedText = { ja: text.ja.trim() }
  for (const locale of ['en', 'zh', 'ko'] as const) {
    const value = text[locale]?.trim()
    if (value) out[locale] = value
  }
  return out
}

/**
 * The stored fields of a create or an update at `at`. An instant publication becomes visible when
 * it is first saved as not a draft and keeps that instant afterwards; a scheduled one at its start.
 */
export const storedFields = (input: SystemNotiInput, at: number, previous?: SystemNotification) => {
  const startDate = input.mode === 'RESERVE' ? normalise(input.startDate) : undefined
  const endDate = normalise(input.endDate)
  let visibleFrom: string
  let published: boolean
  if (input.mode === 'RESERVE') {
    visibleFrom = startDate as string
    published = !input.draft
  } else if (input.draft) {
    visibleFrom = previous?.visibleFrom ?? iso(at)
    published = false
  } else {
    // Republishing an instant notice that was already public keeps its instant (no new "unread").
    visibleFrom = previous?.published && previous.mode === 'INSTANT' ? previous.visibleFrom : iso(at)
    published = true
  }
  return {
    audiences: [...new Set(input.audiences)],
    mode: input.mode,
    draft: input.draft,
    title: cleanTexts(input.title),
    content: cleanTexts(input.content),
    contentUrl: input.contentUrl ?? '',
    visibleFrom,
    published,
    startDate,
    endDate,
  }
}

// ---------- audience versions and reader state ----------

const loadAudience = async (audience: string): Promise<AudienceState> => {
  const found = (await SystemNotiAudiences.get({ audience }).go()).data
  return { version: found?.version ?? 0, instants: found?.instants ?? [] }
}

const loadReader = async (accountId: string) => {
  const found = (await SystemNotiReads.get({ accountId }).go()).data
  return { readUpTo: found?.readUpTo ?? '', readIds: found?.readIds ?? [], version: found?.version ?? 0 }
}
export type ReaderRead = Awaited<ReturnType<typeof loadReader>>

export const audienceMemo = new StateMemo<AudienceState>(loadAudience, TAG_MEMO_MS, now)
export const readerMemo = new StateMemo<ReaderState & ReaderRead>(loadReader, TAG_MEMO_MS, now)

/**
 * After a write: every audience the notification concerned (before or after) gets a new version,
 * and the instants still ahead at which what it sees changes. Kept in this Lambda's memory too.
 */
export const touchAudiences = async (
  audiences: readonly string[],
  items: readonly (Pick<SystemNotification, 'visibleFrom' | 'endDate' | 'draft'> | undefined)[],
): Promise<void> => {
  const at = now()
  const ahead = items
    .flatMap((item) => (item && !item.draft ? [item.visibleFrom, item.endDate] : []))
    .filter((instant): instant is string => Boolean(instant) && Date.parse(instant as string) > at)
  for (const audience of new Set(audiences)) {
    const current = await loadAudience(audience)
    const instants = [...new Set([...current.instants.filter((i) => Date.parse(i) > at), ...ahead])].sort()
    const version = current.version + 1
    await SystemNotiAudiences.put({ audience, version, instants }).go()
    audienceMemo.set(audience, { version, instants })
  }
}

// ---------- the reader's feed ----------

export interface FeedItem {
  id: string
  title: string
  content: string
  contentUrl: string
  publicationDate: string
  read: boolean
}

const isRead = (item: SystemNotification, reader: ReaderRead) =>
  (reader.readUpTo !== '' && item.visibleFrom <= reader.readUpTo) || reader.readIds.includes(item.notiId)

/** Notifications visible to the audience now, newest first, from a range of `visibleFrom`. */
const visibleQuery = (audience: SystemNotiAudience, at: number, after?: string) => {
  const base = SystemNotifications.query.byVisible({ scope: 'all' })
  const nowIso = iso(at)
  const ranged = after
    ? base.between({ visibleFrom: after }, { visibleFrom: nowIso })
    : base.lte({ visibleFrom: nowIso })
  return ranged.where(
    (attr, op) =>
      `${op.eq(attr.draft, false)} AND ${op.contains(attr.audiences, audience)} AND ${op.lte(attr.visibleFrom, nowIso)} AND (${op.notExists(attr.endDate)} OR ${op.gt(attr.endDate, nowIso)})`,
  )
}

/** The unread count: visible items since "read up to", less those read one by one. */
export const unreadCount = async (audience: SystemNotiAudience | undefined, reader: ReaderRead) => {
  if (!audience) return 0
  const at = now()
  const after = reader.readUpTo || undefined
  const { data } = await visibleQuery(audience, at, after).go({ pages: 'all' })
  return data.filter((item) => !isRead(item, reader)).length
}

export const feedPage = async (
  audience: SystemNotiAudience | undefined,
  reader: ReaderRead,
  locale: Locale,
  limit: number,
  cursor: string | null,
): Promise<{ items: FeedItem[]; nextCursor: string | null }> => {
  if (!audience) return { items: [], nextCursor: null }
  const page = await visibleQuery(audience, now()).go({ order: 'desc', count: limit, cursor })
  return {
    items: page.data.map((item) => ({
      id: item.notiId,
      title: localized(item.title as LocalizedText, locale),
      content: localized(item.content as LocalizedText, locale),
      contentUrl: item.contentUrl ?? '',
      publicationDate: item.visibleFrom,
      read: isRead(item, reader),
    })),
    nextCursor: page.cursor,
  }
}

/** One notification as the reader may see it now, or 404 (not its audience, not out, or gone). */
export const visibleTo = async (audience: SystemNotiAudience | undefined, notiId: string) => {
  const item = (await SystemNotifications.get({ notiId }).go()).data
  if (!item || !audience || !item.audiences.includes(audience)) throw new NotFoundError()
  const status = contentStatus(
    { draft: item.draft, visibleFrom: item.visibleFrom, endDate: item.endDate },
    now(),
  )
  if (status !== 'public') throw new NotFoundError()
  return item
}

/** Stores the reader's new state (conditioned on the version it read) and remembers it. */
export const saveReader = async (
  accountId: string,
  previous: ReaderRead,
  next: Omit<ReaderRead, 'version'>,
) => {
  const version = previous.version + 1
  await SystemNotiReads.put({ accountId, readUpTo: next.readUpTo, readIds: next.readIds, version })
    .where((attr, op) =>
      previous.version === 0 ? op.notExists(attr.version) : op.eq(attr.version, previous.version),
    )
    .go()
  const state = { ...next, version }
  readerMemo.set(accountId, state)
  return state
}
