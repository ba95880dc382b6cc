import { isLocale, type Locale, mayTake, translate, userTypeSegment } from '@swipe/shared'
import {
  ACCOUNT_NOTICE_TTL_MS,
  type AccountNotice,
  AccountNoticeLanguages,
  AccountNotices,
} from '#data/account-notices'
import { type Account, Accounts } from '#data/accounts'
import { timeOrderedId } from '#data/ids'
import { now } from '#platform/services/clock'
import { logger } from '#platform/services/logger'
import { sendMail } from '#platform/services/mail'
import { adminUrl } from '#platform/services/urls'

/**
 * Personal notices (issue 33 part 4; docs/data-model.md "Account notices"): what the approval gate
 * of publishing tells one account, in its bell and by mail. The approval handlers call
 * `notifyAccounts` after their own write has committed, so nothing here may fail them: every
 * account is best effort, and what goes wrong is logged.
 */

export type AccountNoticeKind = AccountNotice['kind']

export interface AccountNoticeInput {
  kind: AccountNoticeKind
  siteId: string
  siteName: string
  requestId: string
  /** Who asked, approved or rejected (the name shown for them), or null. */
  by: string | null
  comment: string | null
}

/** A mail subject is one line: a site name loses its line breaks and control characters. */
const oneLine = (text: string) =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim()

/** The console language the account last used (its bell records it), else Japanese. */
export const languageOf = async (accountId: string): Promise<Locale> => {
  const stored = (await AccountNoticeLanguages.get({ accountId }).go()).data?.locale
  return isLocale(stored) ? stored : 'ja'
}

/** The console's site editor of `siteId`, as `account` opens it. */
const editorUrl = (account: Account, siteId: string) =>
  adminUrl(`/${userTypeSegment(account.accountType, account.parentType)}/site/${encodeURIComponent(siteId)}`)

const mailNotice = async (account: Account, notice: AccountNoticeInput) => {
  const locale = await languageOf(account.accountId)
  const values = {
    site: notice.siteName,
    by: notice.by ?? translate(locale, 'notice.unknownPerson'),
    comment: notice.comment ?? translate(locale, 'notice.noComment'),
    link: editorUrl(account, notice.siteId),
  }
  await sendMail({
    to: account.email,
    subject: translate(locale, `notice.${notice.kind}MailSubject`, { ...values, site: oneLine(values.site) }),
    text: translate(locale, `notice.${notice.kind}MailBody`, values),
  })
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Gives each account (once, whatever the repeats) a notice in its bell and one mail in its
 * language naming the site, who, the comment and a link to the site editor. An unknown or deleted
 * account is skipped; a notice that cannot be stored or a mail that cannot be sent is logged and
 * the others go on: this never throws (the approval it reports has already happened).
 */
export const notifyAccounts = async (
  accountIds: readonly string[],
  notice: {
    kind: 'approvalRequested' | 'approvalApproved' | 'approvalRejected'
    siteId: string
    siteName: string
    requestId: string
    by: string | null
    comment: string | null
  },
): Promise<void> => {
  for (const accountId of new Set(accountIds)) {
    const context = { accountId, kind: notice.kind, siteId: notice.siteId, requestId: notice.requestId }
    let account: Account | null
    try {
      account = (await Accounts.get({ accountId }).go()).data
    } catch (error) {
      logger.error('Account notice skipped: the account could not be read', {
        ...context,
        reason: reasonOf(error),
      })
      continue
    }
    if (!account) {
      logger.warn('Account notice skipped: no such account', context)
      continue
    }
    const at = now()
    try {
      await AccountNotices.create({
        accountId,
        noticeId: timeOrderedId(at),
        kind: notice.kind,
        siteId: notice.siteId,
        siteName: notice.siteName,
        requestId: notice.requestId,
        ...(notice.by ? { by: notice.by } : {}),
        ...(notice.comment ? { comment: notice.comment } : {}),
        createdAt: at,
        expiresAt: Math.floor((at + ACCOUNT_NOTICE_TTL_MS) / 1000),
      }).go()
    } catch (error) {
      logger.error('Account notice could not be stored', { ...context, reason: reasonOf(error) })
    }
    try {
      await mailNotice(account, notice)
      logger.info('Account notice mailed', context)
    } catch (error) {
      logger.error('Account notice mail could not be sent', { ...context, reason: reasonOf(error) })
    }
  }
}

/**
 * Who may approve a publish of a site: its owner and the owner's sub-admins the policy lets
 * approve (main contacts with EDIT authority), all with an active contract, less `exceptAccountId`
 * (the requester, who is not asked to approve its own request). The owner first.
 */
export const approversOf = async (site: { ownerId: string }, exceptAccountId?: string): Promise<string[]> => {
  const [owner, children] = await Promise.all([
    Accounts.get({ accountId: site.ownerId }).go(),
    Accounts.query
      .byParent({ parentId: site.ownerId })
      .where(({ accountType }, { eq }) => eq(accountType, 'SUB_ADMIN'))
      .go({ pages: 'all' }),
  ])
  const candidates = [...(owner.data ? [owner.data] : []), ...children.data]
  return candidates
    .filter((account) => mayTake(account, 'site:approve'))
    .map((account) => account.accountId)
    .filter((accountId) => accountId !== exceptAccountId)
}
