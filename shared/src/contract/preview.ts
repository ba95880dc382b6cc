/** The preview context's routes with their schemas (heads in ./routes.ts). */
import * as z from 'zod'
import { lazySchema } from '../lazy-schema.ts'
import { passwordSchema } from '../schemas/auth.ts'
import { email } from '../schemas/common.ts'
import { ContactFormSchema, HomepageFormSchema, MembershipFormSchema } from '../schemas/site-forms.ts'
import { CELL_PATTERN } from '../site/cells.ts'
import { SettingsViewSchema, SITE_LANGUAGES, SiteViewSchema } from '../site/model.ts'
import { ServerMessage } from './common.ts'
import { defineContext } from './define.ts'

const isoOrNull = /* @__PURE__ */ lazySchema(() => z.iso.datetime().nullable())
const siteId = /* @__PURE__ */ lazySchema(() => z.string().min(1).max(64))
const cell = /* @__PURE__ */ lazySchema(() => z.string().regex(CELL_PATTERN, { error: 'validation.invalid' }))
const lang = /* @__PURE__ */ lazySchema(() => z.enum(SITE_LANGUAGES))

const SiteParams = /* @__PURE__ */ lazySchema(() => z.object({ siteId }))
const PageParams = /* @__PURE__ */ lazySchema(() => z.object({ siteId, pageId: cell }))
const CommentParams = /* @__PURE__ */ lazySchema(() =>
  z.object({ siteId, commentId: z.string().min(1).max(64) }),
)

/** `lang`: the content language (default: the site's default); `domain`: when given, must be the site's. */
const PreviewQuery = /* @__PURE__ */ lazySchema(() =>
  z.object({ lang: lang.optional(), domain: z.string().max(253).optional() }),
)

/** Who is looking: the site's owner (an admin token in scope), an invited viewer, or a password holder. */
export const PREVIEW_VIEWERS = ['owner', 'invitee', 'password'] as const
const Viewer = /* @__PURE__ */ lazySchema(() =>
  z.object({ kind: z.enum(PREVIEW_VIEWERS), email: z.string().nullable() }),
)

const Media = /* @__PURE__ */ lazySchema(() => z.object({ key: z.string(), url: z.string() }))

/**
 * The last saved draft as the preview renders it (never the live release): the editor's view of
 * the site, one language's creatives, menus and settings, a display URL for every file it shows,
 * and who is looking. Form recipients are left out for anyone but the owner.
 */
export const PreviewSiteSchema = /* @__PURE__ */ lazySchema(() =>
  SiteViewSchema.extend({
    // The contact form's recipient is '' for anyone but the owner: no "required once enabled" here.
    settings: z.array(
      SettingsViewSchema.extend({
        forms: z
          .object({
            contact: ContactFormSchema,
            membership: MembershipFormSchema,
            homepage: HomepageFormSchema,
          })
          .nullish(),
      }),
    ),
    lang,
    media: z.array(Media),
    viewer: Viewer,
  }),
)

export const PreviewSeoSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    lang,
    title: z.string(),
    description: z.string(),
    h1: z.string(),
  }),
)

export const PreviewPageSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    lang,
    creative: SiteViewSchema.shape.creatives.element,
    media: z.array(Media),
  }),
)

export const PreviewProductsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    lang,
    products: z.array(z.record(z.string(), z.unknown())),
    media: z.array(Media),
  }),
)

export const PreviewCompanySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    lang,
    company: z.record(z.string(), z.unknown()).nullable(),
  }),
)

export const PreviewLoginBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    email: z.string().trim().min(1, { error: 'validation.required' }).max(254),
    password: z.string().min(1, { error: 'validation.required' }).max(128),
  }),
)

/** A preview token: signed by the API for one site and one viewer (SPEC §3 credentials). */
export const PreviewTokenSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    token: z.string(),
    expiresIn: z.number().int(),
    siteId: z.string(),
    email: z.string(),
  }),
)

export const PreviewViewsBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    lang,
    cells: z.array(cell).min(1).max(400),
  }),
)

export const PREVIEW_COMMENT_STATUSES = ['open', 'resolved'] as const
/** At most this many characters in one review comment. */
export const PREVIEW_COMMENT_MAX = 1000

/** At most this many replies under one review comment. */
export const PREVIEW_REPLY_MAX = 50

/** An answer in a comment's thread: the owner's (author null) or the reviewer's. */
export const PreviewReplySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    text: z.string(),
    /** The invited viewer who wrote it, or null for the site's owner. */
    author: z.string().nullable(),
    createdAt: z.iso.datetime(),
  }),
)

export const PreviewCommentSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    cell: z.string(),
    lang,
    text: z.string(),
    status: z.enum(PREVIEW_COMMENT_STATUSES),
    /** The invited viewer who wrote it, or null for the owner's own notes. */
    author: z.string().nullable(),
    createdAt: z.iso.datetime(),
    resolvedAt: isoOrNull,
    /** Marked blocking: while open, the pre-publish checklist refuses a publish and an approval (issue 33). */
    blocking: z.boolean(),
    /** The thread under the comment, oldest first. */
    replies: z.array(PreviewReplySchema),
  }),
)

const commentText = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(PREVIEW_COMMENT_MAX, { error: 'validation.tooLong' }),
)

export const PreviewCommentBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    cell,
    lang,
    text: commentText,
    blocking: z.boolean().default(false),
  }),
)

export const PreviewReplyBody = /* @__PURE__ */ lazySchema(() => z.object({ text: commentText }))

export const PreviewCommentUpdateBody = /* @__PURE__ */ lazySchema(() =>
  z
    .object({ status: z.enum(PREVIEW_COMMENT_STATUSES).optional(), blocking: z.boolean().optional() })
    .refine((v) => v.status !== undefined || v.blocking !== undefined, { error: 'validation.required' }),
)

/** At most this many addresses in one invitation. */
export const PREVIEW_INVITE_MAX = 50

const emails = /* @__PURE__ */ lazySchema(() =>
  z
    .array(email)
    .min(1, { error: 'validation.required' })
    .max(PREVIEW_INVITE_MAX, { error: 'validation.tooMany' }),
)

export const ShareInviteBody = /* @__PURE__ */ lazySchema(() => z.object({ emails }))

/** One invited viewer and what they have seen. */
export const ShareInviteeSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    email: z.string(),
    invitedAt: z.iso.datetime(),
    firstViewAt: isoOrNull,
    lastViewAt: isoOrNull,
    cellsViewed: z.array(z.string()),
    openComments: z.number().int(),
  }),
)

export const ShareListSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    items: z.array(ShareInviteeSchema),
    total: z.number().int(),
  }),
)

export const ShareRevokeBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    emails: z.array(email).max(PREVIEW_INVITE_MAX),
    /** Send the invitation again to every address still invited (after a password change, say). */
    resendAll: z.boolean().default(false),
  }),
)

export const ShareStatusSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** Only invited addresses may open it (otherwise: anyone with the link and the password). */
    isPrivate: z.boolean(),
    hasPassword: z.boolean(),
    total: z.number().int(),
    openComments: z.number().int(),
    /** The console page viewers open. */
    previewUrl: z.string(),
    updatedAt: isoOrNull,
  }),
)

export const SetPasswordBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    password: passwordSchema,
    isPrivate: z.boolean().default(true),
  }),
)

export const previewRoutes = defineContext('preview')({
  'preview.site': () => ({
    summary: "The site's last saved draft for the preview (one language)",
    params: SiteParams,
    query: PreviewQuery,
    response: PreviewSiteSchema,
  }),
  'preview.seo': () => ({
    summary: "One language's search texts of the saved draft",
    params: SiteParams,
    query: PreviewQuery,
    response: PreviewSeoSchema,
  }),
  'preview.page': () => ({
    summary: 'One creative of the saved draft',
    params: PageParams,
    query: PreviewQuery,
    response: PreviewPageSchema,
  }),
  'preview.product': () => ({
    summary: "One creative's products of the saved draft",
    params: PageParams,
    query: PreviewQuery,
    response: PreviewProductsSchema,
  }),
  'preview.company': () => ({
    summary: "One language's company texts of the saved draft",
    params: SiteParams,
    query: PreviewQuery,
    response: PreviewCompanySchema,
  }),
  'preview.login': () => ({
    summary: 'An invited viewer opens a locked preview with their email and the password',
    params: SiteParams,
    body: PreviewLoginBody,
    response: PreviewTokenSchema,
  }),
  'preview.views': () => ({
    summary: "Records the cells an invited viewer has seen (the share's view log)",
    params: SiteParams,
    body: PreviewViewsBody,
    status: 204,
    responseType: 'empty',
  }),
  'preview.comments': () => ({
    summary: "Review comments: all of them for the owner, a viewer's own for a viewer",
    params: SiteParams,
    response: z.object({ items: z.array(PreviewCommentSchema) }),
  }),
  'preview.commentCreate': () => ({
    summary: 'Pins a review comment to a cell and language',
    params: SiteParams,
    body: PreviewCommentBody,
    response: PreviewCommentSchema,
    status: 201,
  }),
  'preview.commentReply': () => ({
    summary: 'Answers a review comment in its thread (the owner, or the reviewer who wrote it)',
    params: CommentParams,
    body: PreviewReplyBody,
    response: PreviewCommentSchema,
    status: 201,
  }),
  'preview.commentUpdate': () => ({
    summary: 'Marks a review comment open or resolved, blocking or not',
    params: CommentParams,
    body: PreviewCommentUpdateBody,
    response: PreviewCommentSchema,
  }),
  'preview.shareInvite': () => ({
    summary: 'Invites viewers by email (each gets a mail with the link); inviting again resends',
    params: SiteParams,
    body: ShareInviteBody,
    response: ShareListSchema.extend(ServerMessage.shape),
  }),
  'preview.shareList': () => ({
    summary: 'The invited viewers with their view log, and the total',
    params: SiteParams,
    response: ShareListSchema,
  }),
  'preview.shareRevoke': () => ({
    summary: 'Revokes invited addresses at once (their preview tokens stop working)',
    params: SiteParams,
    body: ShareRevokeBody,
    response: ShareListSchema.extend(ServerMessage.shape),
  }),
  'preview.shareStatus': () => ({
    summary: "The share's security settings and counts",
    params: SiteParams,
    response: ShareStatusSchema,
  }),
  'preview.setPassword': () => ({
    summary: "Sets the share's password (ends every preview token issued before)",
    params: SiteParams,
    body: SetPasswordBody,
    response: ShareStatusSchema.extend(ServerMessage.shape),
  }),
})
