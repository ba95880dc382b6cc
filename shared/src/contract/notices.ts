/**
 * Personal notices (issue 33 part 4; docs/data-model.md "Account notices"), merged into
 * `contentRoutes` (./content.ts); heads in ./routes.ts. A notice is addressed to one account (a
 * publish request for an approver, the approval or rejection for the requester) and shows in the
 * console's bell above the system notifications; the same event is mailed
 * (functions/src/domain/account-notices.ts).
 */
import * as z from 'zod'
import { lazySchema } from '../lazy-schema.ts'
import { ServerMessage } from './common.ts'
import type { RouteIo } from './define.ts'

/** What a personal notice tells: a publish request arrived, or one's own request was decided. */
export const ACCOUNT_NOTICE_KINDS = ['approvalRequested', 'approvalApproved', 'approvalRejected'] as const
export type AccountNoticeKind = (typeof ACCOUNT_NOTICE_KINDS)[number]

/** One notice as the bell shows it; the console words it in the interface language from `kind`. */
export const AccountNoticeSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    kind: z.enum(ACCOUNT_NOTICE_KINDS),
    siteId: z.string(),
    /** The site's name when the notice was made. */
    siteName: z.string(),
    requestId: z.string(),
    /** Who asked, approved or rejected (their contact name or email then), or null. */
    by: z.string().nullable(),
    /** The approver's or requester's comment, or null. */
    comment: z.string().nullable(),
    createdAt: z.iso.datetime(),
    read: z.boolean(),
  }),
)

const Unread = /* @__PURE__ */ lazySchema(() => z.object({ unread: z.number().int().nonnegative() }))

export const noticeRoutesIo = {
  'content.myNotices': () => ({
    summary: "The caller's personal notices, newest first (at most 50), with the number unread.",
    response: Unread.extend({ items: z.array(AccountNoticeSchema) }),
  }),
  'content.myNoticesRead': () => ({
    summary:
      "Marks the caller's personal notices read: `ids` (each must be the caller's, else 404 and nothing is stored) or `all`.",
    body: z
      .object({
        ids: z.array(z.string().min(1).max(64)).max(100).optional(),
        all: z.boolean().optional(),
      })
      .refine((v) => v.all === true || (v.ids?.length ?? 0) > 0, {
        path: ['ids'],
        error: 'validation.required',
      }),
    response: Unread.extend(ServerMessage.shape),
  }),
} satisfies Record<string, () => RouteIo>
