import type { Locale } from '@swipe/shared'
import {
  ACCOUNT_NOTICE_LIMIT,
  type AccountNotice,
  AccountNoticeLanguages,
  AccountNotices,
} from '#data/account-notices'

/**
 * The caller's personal notices as its bell reads them (issue 33 part 4; domain/account-notices.ts
 * writes them): the newest `ACCOUNT_NOTICE_LIMIT`, less any whose TTL has passed but which
 * DynamoDB has not deleted yet.
 */
export const newestNotices = async (accountId: string, at: number): Promise<AccountNotice[]> => {
  const found = await AccountNotices.query
    .byAccount({ accountId })
    .go({ order: 'desc', limit: ACCOUNT_NOTICE_LIMIT, consistent: true })
  return found.data.filter((notice) => notice.expiresAt * 1000 > at)
}

export const unreadOf = (notices: readonly AccountNotice[]) =>
  notices.filter((notice) => notice.readAt === undefined).length

/** One notice as the bell shows it (`AccountNoticeSchema`, shared/src/contract/notices.ts). */
export const noticeView = (notice: AccountNotice) => ({
  id: notice.noticeId,
  kind: notice.kind,
  siteId: notice.siteId,
  siteName: notice.siteName,
  requestId: notice.requestId,
  by: notice.by ?? null,
  comment: notice.comment ?? null,
  createdAt: new Date(notice.createdAt).toISOString(),
  read: notice.readAt !== undefined,
})

/** This Lambda's memory of the languages it recorded, so a poll writes only when one changes. */
const recorded = new Map<string, Locale>()

/**
 * Records the account's console language for its notice mails (#domain/account-notices reads it;
 * kept here so the content Lambda, which only reads notices, carries no mail client) (a write only when it changed). */
export const rememberLanguage = async (accountId: string, locale: Locale): Promise<void> => {
  if (recorded.get(accountId) === locale) return
  await AccountNoticeLanguages.put({ accountId, locale }).go()
  recorded.set(accountId, locale)
}
