/**
 * The pre-publish checklist and the approval gate (issue 33 parts 4 and 5;
 * docs/decisions/0067-checklist-and-approvals.md), merged into `sitesRoutes` (./sites.ts); heads
 * in ./routes.ts. Every publish runs the checklist: a blocking item refuses it (and an approval),
 * a warning is shown. A site may require approval: then editors request, approvers (the account
 * itself, its main-contact sub-admins, the staff and OEM above it) approve or reject.
 */
import * as z from 'zod'
import { lazySchema } from '../lazy-schema.ts'
import { SITE_LANGUAGES } from '../site/model.ts'
import { IdParams, ServerMessage } from './common.ts'
import type { RouteIo } from './define.ts'

/**
 * The checklist's rules, each blocking or a warning (`CHECKLIST_SEVERITY`). The order is the
 * order the editor lists them in within a severity.
 */
export const CHECKLIST_RULES = [
  /** An open review comment marked blocking (preview sharing). */
  'blockingComment',
  /** A language with a form on has no privacy policy (or, agreement required, no terms of service). */
  'legalMissing',
  /** An upload whose web renditions failed: its bytes could not be read as the media it claims. */
  'mediaFailed',
  /** An image creative without alternative text. */
  'imageAlt',
  /** Text on a button or product card below WCAG AA contrast (4.5:1). */
  'contrast',
  /** A tap target (link point, product tag) smaller than 48 × 48 px or covered by another one or by the page's controls. */
  'tapTarget',
  /** A link to one of the site's forms that is off in the link's language. */
  'formLink',
  /** An external link that did not answer (HEAD through the outbound-address policy). */
  'linkUnreachable',
  /** A popup CTA whose end has passed, which visitors will never see. */
  'ctaExpired',
  /** A popup CTA whose chosen pages are all outside the grid: it shows nowhere. */
  'ctaNoPages',
  /** A language's first page weighs more than the first 14 KB window, gzipped. */
  'firstHtmlHeavy',
  /** The first creative's image a phone loads is heavier than the page budget. */
  'firstCreativeHeavy',
  /** The language's SEO title or description is empty. */
  'seoMissing',
] as const
export type ChecklistRule = (typeof CHECKLIST_RULES)[number]

export const CHECKLIST_SEVERITIES = ['blocking', 'warning'] as const
export type ChecklistSeverity = (typeof CHECKLIST_SEVERITIES)[number]

/** Blocking rules refuse a publish and an approval; the others are shown and publish anyway. */
export const CHECKLIST_SEVERITY: Record<ChecklistRule, ChecklistSeverity> = {
  blockingComment: 'blocking',
  legalMissing: 'blocking',
  // A warning: the page shows the upload as it is, which a browser may play though our encoder could not.
  mediaFailed: 'warning',
  imageAlt: 'warning',
  contrast: 'warning',
  tapTarget: 'warning',
  formLink: 'warning',
  linkUnreachable: 'warning',
  ctaExpired: 'warning',
  ctaNoPages: 'warning',
  firstHtmlHeavy: 'warning',
  firstCreativeHeavy: 'warning',
  seoMissing: 'warning',
}

/** Where the editor opens an item: a cell, the global setting, a popup CTA, a language's settings, a comment. */
export const CHECKLIST_PLACES = ['cell', 'global', 'popupCta', 'settings', 'comment'] as const

export const ChecklistItemSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    rule: z.enum(CHECKLIST_RULES),
    severity: z.enum(CHECKLIST_SEVERITIES),
    place: z.enum(CHECKLIST_PLACES),
    /** The language the item is about, or null (the global setting). */
    lang: z.enum(SITE_LANGUAGES).nullable(),
    /** The cell (`A1`), for items in a creative or a comment pinned to one. */
    position: z.string().nullable(),
    /** The field at fault, as the editor names it (`imageAlt`, `products.0`, `imageLinkPoints.1`, `seo.title` …). */
    field: z.string().nullable(),
    /** The popup CTA's or the comment's index or id, when the item is about one. */
    ref: z.string().nullable(),
    /** Values the message names (a ratio, a size, an address, a status). */
    params: z.record(z.string(), z.union([z.string(), z.number()])),
    /** The item in the caller's language. */
    message: z.string(),
  }),
)
export type ChecklistItem = z.output<typeof ChecklistItemSchema>

export const ChecklistSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** Blocking items first, then warnings; within each, the rules' order, then language and cell. */
    items: z.array(ChecklistItemSchema),
    blocking: z.number().int().nonnegative(),
    warnings: z.number().int().nonnegative(),
    /** External addresses checked and those not answered in time (not counted as unreachable). */
    links: z.object({ checked: z.number().int(), unchecked: z.number().int() }),
    /** The draft version the checklist ran on. */
    version: z.number().int(),
    /** ISO 8601. */
    checkedAt: z.string(),
  }),
)
export type Checklist = z.output<typeof ChecklistSchema>

export const PUBLISH_REQUEST_STATES = ['PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN'] as const

/** At most this many characters in a request's note or a decision's comment. */
export const APPROVAL_COMMENT_MAX = 1000

export const PublishRequestSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    state: z.enum(PUBLISH_REQUEST_STATES),
    /** The draft version requested: approval publishes exactly it. */
    version: z.number().int(),
    /** Who asked (their contact name or email then). */
    requestedBy: z.string().nullable(),
    /** ISO 8601. */
    requestedAt: z.string(),
    note: z.string().nullable(),
    /** When the requester wants it live (ISO 8601); null: at approval. */
    publishAt: z.string().nullable(),
    decidedBy: z.string().nullable(),
    decidedAt: z.string().nullable(),
    /** The approver's comment (required to reject). */
    comment: z.string().nullable(),
    /** The version an approval made live (the history's id), once published. */
    versionId: z.string().nullable(),
    /** PENDING, and the draft was saved again since: approving it is refused (409), request again. */
    stale: z.boolean(),
  }),
)
export type PublishRequestView = z.output<typeof PublishRequestSchema>

export const SiteApprovalSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** Publishing this site needs an approver. */
    required: z.boolean(),
    /** The caller may approve (and publish, roll back and schedule without a request). */
    canApprove: z.boolean(),
    /** The open request, if any (one at a time: a new one withdraws it). */
    pending: PublishRequestSchema.nullable(),
    /** The newest requests, newest first (20). */
    requests: z.array(PublishRequestSchema),
  }),
)

const comment = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .trim()
    .max(APPROVAL_COMMENT_MAX, { error: 'validation.tooLong' })
    .transform((v) => v || undefined)
    .optional(),
)

export const RequestParams = /* @__PURE__ */ lazySchema(() =>
  IdParams.extend({ requestId: z.string().min(1).max(64) }),
)

export const approvalRoutesIo = {
  'sites.checklist': () => ({
    summary:
      'Runs the pre-publish checklist on the saved draft: each item blocking or a warning, with the cell or setting at fault.',
    summaryJa:
      '保存済みの下書きに公開前チェックを実行します。各項目はブロックまたは警告で、該当するセルや設定を示します。',
    params: IdParams,
    response: ChecklistSchema,
  }),
  'sites.approvalGet': () => ({
    summary: 'Whether publishing needs approval, the open request and the newest requests.',
    summaryJa: '公開に承認が必要か、承認待ちの申請と最近の申請。',
    params: IdParams,
    response: SiteApprovalSchema,
  }),
  'sites.approvalPut': () => ({
    summary: 'Turns the approval gate on or off (approvers only).',
    summaryJa: '公開の承認を必須にする・しない（承認者のみ）。',
    params: IdParams,
    body: z.object({ required: z.boolean() }),
    response: SiteApprovalSchema.extend(ServerMessage.shape),
  }),
  'sites.publishRequest': () => ({
    summary:
      'Asks an approver to publish the saved draft at `version` (now, or at `publishAt`); withdraws an open request. Approvers are notified by mail and in the bell.',
    summaryJa:
      '保存済みの下書き（version）の公開を承認者に申請します（すぐ、または publishAt に公開）。承認待ちの申請は取り下げられます。承認者にメールとお知らせで通知します。',
    params: IdParams,
    body: z.object({
      version: z.number().int().positive(),
      note: comment,
      publishAt: z.iso.datetime({ offset: true, error: 'validation.datetime' }).nullish(),
    }),
    response: PublishRequestSchema.extend(ServerMessage.shape),
    status: 201,
  }),
  'sites.publishRequestApprove': () => ({
    summary:
      'Approves a request: publishes exactly the requested version (or schedules it), after the checklist; refused while an item blocks (400 naming it) or the draft changed since (409).',
    summaryJa:
      '申請を承認し、申請された版をそのまま公開（または予約）します。公開前チェックにブロック項目がある場合（400）や、申請後に下書きが変わった場合（409）は承認できません。',
    params: RequestParams,
    body: z.object({ comment }),
    response: PublishRequestSchema.extend(ServerMessage.shape),
  }),
  'sites.publishRequestReject': () => ({
    summary: 'Rejects a request with a comment; the requester is notified by mail and in the bell.',
    summaryJa: 'コメントを付けて申請を差し戻します。申請者にメールとお知らせで通知します。',
    params: RequestParams,
    body: z.object({
      comment: z
        .string()
        .trim()
        .min(1, { error: 'validation.required' })
        .max(APPROVAL_COMMENT_MAX, { error: 'validation.tooLong' }),
    }),
    response: PublishRequestSchema.extend(ServerMessage.shape),
  }),
} satisfies Record<string, () => RouteIo>
