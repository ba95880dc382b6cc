/** The apiAccess context's routes with their schemas (heads in ./routes.ts). */
import * as z from 'zod'
import { lazySchema } from '../lazy-schema.ts'
import { AnalysisQuery, ChartReportSchema, LpReportSchema } from '../schemas/analysis.ts'
import {
  SITE_WEBHOOK_DELIVERY_STATES,
  SITE_WEBHOOK_EVENTS,
  SITE_WEBHOOK_LIMITS,
  SiteApiDocsFile,
  SiteApiDocsQuery,
  SiteApiKeyCreateBody,
  SiteApiKeyRotateBody,
  SiteApiKeyView,
  SiteApiNewKey,
  SiteApiSettingsBody,
  SiteApiView,
} from '../schemas/site-api.ts'
import {
  ListMembersQuery,
  ListSubmissionsQuery,
  MemberRowSchema,
  SubmissionRowSchema,
  submissionPageSchema,
} from '../schemas/site-submissions.ts'
import { CONVERSION_PLATFORMS } from '../site/conversions-normalise.ts'
import { SITE_LANGUAGES, VisitorCreativeViewSchema } from '../site/model.ts'
import { CONVERSION_CREDENTIALS, CONVERSION_DELIVERY_STATES, SERVER_EVENTS } from '../site/tags-vendors.ts'
import { IdParams, withMessage } from './common.ts'
import { defineContext } from './define.ts'

/** `{siteId}` of the site API. */
const SiteApiParams = /* @__PURE__ */ lazySchema(() => z.object({ siteId: z.string().min(1).max(64) }))
const KeyParams = /* @__PURE__ */ lazySchema(() => IdParams.extend({ keyId: z.string().min(1).max(64) }))

/** The site API's `content`: the published site's pages and their products, per language. */
export const SiteApiContent = /* @__PURE__ */ lazySchema(() =>
  z.object({
    siteId: z.string(),
    name: z.string(),
    /** The site's address. */
    url: z.string(),
    publishedAt: z.iso.datetime().nullable(),
    languages: z.array(
      z.object({
        lang: z.enum(SITE_LANGUAGES),
        /** Media URLs are absolute: on the site's own host, or presigned for an hour. */
        pages: z.array(VisitorCreativeViewSchema),
      }),
    ),
  }),
)

export { SITE_WEBHOOK_DELIVERY_STATES, SITE_WEBHOOK_EVENTS, SITE_WEBHOOK_LIMITS }

const WebhookParams = /* @__PURE__ */ lazySchema(() =>
  IdParams.extend({ webhookId: z.string().min(1).max(64) }),
)
const DeliveryParams = /* @__PURE__ */ lazySchema(() =>
  WebhookParams.extend({ deliveryId: z.string().min(1).max(64) }),
)

const WebhookEvents = /* @__PURE__ */ lazySchema(() =>
  z
    .array(z.enum(SITE_WEBHOOK_EVENTS))
    .min(1, { error: 'validation.required' })
    .transform((events) => SITE_WEBHOOK_EVENTS.filter((event) => events.includes(event))),
)

/** A webhook endpoint as the dialog lists it: never its secret. */
export const SiteWebhookView = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(SITE_WEBHOOK_EVENTS)),
    enabled: z.boolean(),
    /** `whsec_` and four characters, to tell secrets apart. */
    secretPrefix: z.string(),
    /** During a rotation's overlap: the replaced secret's prefix, which still signs; null otherwise. */
    previousSecretPrefix: z.string().nullable(),
    /** When the replaced secret stops signing (24 hours after the rotation); null when none does. */
    previousSecretUntil: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
)

/**
 * Why a delivery's last attempt got no HTTP answer, as a category (issue 29): never the socket's
 * own text, which would tell a creator what listens inside the platform's network. `timeout`: no
 * complete answer within the attempt's deadline; `connectionRefused`; `tls`: the TLS handshake or
 * the certificate failed; `dns`: the name has no address; `refusedAddress`: the outbound-address
 * policy refused the target; `network`: any other failure; `disabled`: the endpoint was disabled
 * or deleted.
 */
export const SITE_WEBHOOK_ERRORS = [
  'timeout',
  'connectionRefused',
  'tls',
  'dns',
  'refusedAddress',
  'network',
  'disabled',
] as const

/** One event sent (or being sent) to one endpoint, with the receiver's last answer. */
export const SiteWebhookDeliveryView = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    eventId: z.string(),
    event: z.enum(SITE_WEBHOOK_EVENTS),
    state: z.enum(SITE_WEBHOOK_DELIVERY_STATES),
    attempts: z.number().int(),
    /** When the next attempt is due (PENDING only). */
    nextAttemptAt: z.iso.datetime().nullable(),
    lastAttemptAt: z.iso.datetime().nullable(),
    /** The receiver's last HTTP status; null when it did not answer. */
    lastStatus: z.number().int().nullable(),
    /** Why the last attempt got no answer, as a category (`SITE_WEBHOOK_ERRORS`); null after an answer. */
    lastError: z.enum(SITE_WEBHOOK_ERRORS).nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    /** The JSON body sent, as sent. */
    payload: z.string(),
  }),
)

// Server-side conversions (issue 32 Deliver 4)

const ConversionParams = /* @__PURE__ */ lazySchema(() =>
  IdParams.extend({ platform: z.enum(CONVERSION_PLATFORMS) }),
)

/** One server-side destination of the site, as the console shows it: never a credential. */
export const ConversionDestinationView = /* @__PURE__ */ lazySchema(() =>
  z.object({
    platform: z.enum(CONVERSION_PLATFORMS),
    /** Turned on in the site's saved 広告タグ・計測 settings. */
    enabled: z.boolean(),
    /** In the last publish (listed in the published notice): events are sent only when both. */
    published: z.boolean(),
    /** Whether credentials are stored (they are never answered). */
    credentialsSet: z.boolean(),
    credentialsUpdatedAt: z.iso.datetime().nullable(),
    /** Events in the platform's test mode (a test code, Google's validateOnly). */
    testMode: z.boolean(),
    /** The deliveries of the last 30 days by state, and the share delivered of those that ended. */
    last30Days: z.object({
      delivered: z.number().int(),
      failed: z.number().int(),
      pending: z.number().int(),
      /** delivered / (delivered + failed); null when none ended. */
      deliveryRate: z.number().nullable(),
    }),
  }),
)

/** One event sent (or being sent) to a destination. */
export const ConversionDeliveryView = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** The event id shared with the browser tag's event (deduplication). */
    eventId: z.string(),
    event: z.enum(SERVER_EVENTS),
    state: z.enum(CONVERSION_DELIVERY_STATES),
    attempts: z.number().int(),
    nextAttemptAt: z.iso.datetime().nullable(),
    lastAttemptAt: z.iso.datetime().nullable(),
    /** The platform's last HTTP status; null when it did not answer. */
    lastStatus: z.number().int().nullable(),
    /** The platform's own error message (or why there was no answer); null after a success. */
    lastError: z.string().nullable(),
    testMode: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
)

/** The credentials of one platform: every secret field it needs, each up to 2,048 characters. */
export const ConversionCredentialsBody = /* @__PURE__ */ lazySchema(() =>
  z.object({
    credentials: z.record(z.string(), z.string().trim().min(1, { error: 'validation.required' }).max(2048)),
  }),
)

export { CONVERSION_CREDENTIALS, CONVERSION_PLATFORMS }

export const apiAccessRoutes = defineContext('apiAccess')({
  'apiAccess.settingsGet': () => ({
    summary: "A site's API settings: method, address list, basic ID, keys (never a key), endpoints, audit.",
    params: IdParams,
    response: SiteApiView,
  }),
  'apiAccess.settingsPut': () => ({
    summary:
      'Saves the API settings: enabled, auth method, address list (IPv4/IPv6, CIDR), basic ID and password (stored hashed).',
    params: IdParams,
    body: SiteApiSettingsBody,
    response: withMessage(SiteApiView),
  }),
  'apiAccess.keyCreate': () => ({
    summary: 'Issues an API key `slp_live_…`: the answer is the only time the key is shown.',
    params: IdParams,
    body: SiteApiKeyCreateBody,
    response: SiteApiNewKey,
    status: 201,
  }),
  'apiAccess.keyRevoke': () => ({
    summary: 'Revokes an API key at once.',
    params: KeyParams,
    response: withMessage(z.object({ item: SiteApiKeyView })),
  }),
  'apiAccess.keyRotate': () => ({
    summary:
      'Replaces a key by a new one (shown once); the old one keeps working for the grace minutes (0: revoked at once).',
    params: KeyParams,
    body: SiteApiKeyRotateBody,
    response: SiteApiNewKey,
    status: 201,
  }),
  'apiAccess.docs': () => ({
    summary:
      "The site API's documentation with the site's endpoint filled in: OpenAPI 3.1 (JSON), Markdown or HTML, in Japanese or English.",
    params: IdParams,
    query: SiteApiDocsQuery,
    response: SiteApiDocsFile,
  }),
  'apiAccess.webhookList': () => ({
    summary: "The site's webhook endpoints (never a secret) and the events they can receive.",
    params: IdParams,
    response: z.object({
      items: z.array(SiteWebhookView),
      events: z.array(z.enum(SITE_WEBHOOK_EVENTS)),
      max: z.number().int(),
    }),
  }),
  'apiAccess.webhookCreate': () => ({
    summary:
      'Adds an HTTPS webhook endpoint (public addresses only); the answer is the only time its signing secret `whsec_…` is shown.',
    params: IdParams,
    body: z.object({
      url: z.string().trim().min(1, { error: 'validation.required' }).max(SITE_WEBHOOK_LIMITS.url),
      events: WebhookEvents,
    }),
    response: z.object({ secret: z.string(), item: SiteWebhookView, message: z.string() }),
    status: 201,
  }),
  'apiAccess.webhookUpdate': () => ({
    summary: 'Enables or disables an endpoint and sets its events.',
    params: WebhookParams,
    body: z.object({ enabled: z.boolean(), events: WebhookEvents }),
    response: withMessage(z.object({ item: SiteWebhookView })),
  }),
  'apiAccess.webhookRotateSecret': () => ({
    summary:
      'Replaces the signing secret by a new one (shown once); for 24 hours every delivery is signed with both (`webhook-signature` holds two `v1,…`), then with the new one only.',
    params: WebhookParams,
    response: z.object({ secret: z.string(), item: SiteWebhookView, message: z.string() }),
  }),
  'apiAccess.webhookRemove': () => ({
    summary: 'Deletes an endpoint and its delivery log.',
    params: WebhookParams,
    response: withMessage(z.object({ id: z.string() })),
  }),
  'apiAccess.webhookDeliveries': () => ({
    summary: "An endpoint's latest deliveries, newest first, with attempts and the receiver's last answer.",
    params: WebhookParams,
    response: z.object({ items: z.array(SiteWebhookDeliveryView) }),
  }),
  'apiAccess.webhookResend': () => ({
    summary:
      'Queues a delivery again, due now (202 with the delivery PENDING; a job makes the attempt); a failure is retried for another 24 hours.',
    params: DeliveryParams,
    response: withMessage(z.object({ item: SiteWebhookDeliveryView })),
    status: 202,
  }),
  'apiAccess.conversionsGet': () => ({
    summary:
      "The site's server-side conversion destinations: on or off, published, whether credentials are stored (never them) and the last 30 days' delivery rate.",
    params: IdParams,
    response: z.object({ items: z.array(ConversionDestinationView) }),
  }),
  'apiAccess.conversionCredentialsSet': () => ({
    summary:
      "Stores a destination's credentials (access token; Google: developer token, OAuth client secret and refresh token), sealed; they are never answered again.",
    params: ConversionParams,
    body: ConversionCredentialsBody,
    response: withMessage(z.object({ item: ConversionDestinationView })),
  }),
  'apiAccess.conversionCredentialsRemove': () => ({
    summary: "Deletes a destination's credentials: no event is sent to it until new ones are stored.",
    params: ConversionParams,
    response: withMessage(z.object({ item: ConversionDestinationView })),
  }),
  'apiAccess.conversionDeliveries': () => ({
    summary:
      "A destination's deliveries, newest first, with attempts and the platform's last answer; cursor pages of 50.",
    params: ConversionParams,
    query: z.object({ cursor: z.string().max(2048).optional() }),
    response: z.object({ items: z.array(ConversionDeliveryView), cursor: z.string().nullable() }),
  }),
  'apiAccess.openMembers': () => ({
    summary: "The site's members, newest first: filter by registration days (JST) and status; cursor pages.",
    summaryJa:
      'サイトの会員の一覧（新しい順）。登録日（日本時間）と状態で絞り込めます。カーソルでページ送りします。',
    params: SiteApiParams,
    query: ListMembersQuery,
    response: submissionPageSchema(MemberRowSchema),
  }),
  'apiAccess.openContacts': () => ({
    summary: "The site's contact-form submissions with their answers, newest first; cursor pages.",
    summaryJa: 'お問い合わせフォームの送信内容と回答の一覧（新しい順）。カーソルでページ送りします。',
    params: SiteApiParams,
    query: ListSubmissionsQuery,
    response: submissionPageSchema(SubmissionRowSchema),
  }),
  'apiAccess.openForms': () => ({
    summary: "The site's homepage-form submissions with their answers, newest first; cursor pages.",
    summaryJa: 'ホームページフォームの送信内容と回答の一覧（新しい順）。カーソルでページ送りします。',
    params: SiteApiParams,
    query: ListSubmissionsQuery,
    response: submissionPageSchema(SubmissionRowSchema),
  }),
  'apiAccess.openAnalytics': () => ({
    summary:
      "The site's report KPIs for a period (with the previous period) and its daily counters (JST days; default: this month).",
    summaryJa: '期間の効果測定の指標（前の期間との比較つき）と日ごとの集計（日本時間の日付。既定は今月）。',
    params: SiteApiParams,
    query: AnalysisQuery,
    response: z.object({ kpis: LpReportSchema, daily: ChartReportSchema }),
  }),
  'apiAccess.openContent': () => ({
    summary: "The published site's pages and products, per language (members-only pages included).",
    summaryJa: '公開中のサイトのページと商品（言語ごと。会員限定のページも含みます）。',
    params: SiteApiParams,
    query: z.object({ lang: z.enum(SITE_LANGUAGES).optional() }),
    response: SiteApiContent,
  }),
  'apiAccess.openapi': () => ({
    summary: 'This document: every route of the API as OpenAPI 3.1.',
    response: z.looseObject({
      openapi: z.literal('3.1.0'),
      info: z.looseObject({}),
      paths: z.record(z.string(), z.unknown()),
    }),
    keys: 'asSent',
  }),
})
