/**
 * The runtime table: the non-HTTP twin of the route table (./routes.ts). It answers "what runs
 * where, and on what clock?" for everything that is not a request:
 *
 * - `jobs`: every asynchronous job, keyed `<context>.<name>` (the job event's `context` and `type`,
 *   functions/src/platform/services/jobs.ts). A job runs in its context's Lambda module (the jobs Lambda on AWS,
 *   the gateway's process locally); each context's runner map is typed by `JobRunners<context>`,
 *   so a job without a runner does not compile, and `contextHandler` refuses to load when the
 *   runners and this table disagree. `startedBy` says who starts it (routes, other jobs, an
 *   operator); a job a schedule starts is named by that schedule.
 * - `schedules`: every recurring job run, in EventBridge Scheduler syntax (`rate(…)`, or
 *   `cron(min hour dom month dow year)` in its time zone). On AWS the stack makes one schedule per
 *   entry (infra/lib/job-schedule.ts); under `npm start` the local scheduler sends the same job
 *   event through the same dispatch (infra/local/scheduler.ts).
 * - `invocations`: every synchronous call of another Lambda (publish, document rendering): which
 *   contexts call it, what function answers, and the event it sends.
 *
 * A job with a `queue` fans out: it is started many at once (one per account of a close) and runs
 * through a queue with a bound on how many run at once and a number of attempts, then a dead
 * letter. On AWS the stack makes an SQS queue, its dead-letter queue and the event source mapping
 * of the context's jobs Lambda from it (infra/lib/job-queue.ts); locally the in-process queue keeps
 * the same bound and attempts (functions/src/platform/local/jobs.ts).
 *
 * Zod is imported here (unlike ./routes.ts): the console's sign-in screens never load this file.
 */
import * as z from 'zod'
import { MONTH_PATTERN } from '../billing/months.ts'
import { lazySchema } from '../lazy-schema.ts'
import type { Context } from './route-def.ts'
import type { RouteId } from './routes.ts'

// ---------------------------------------------------------------------------------------------
// Jobs
// ---------------------------------------------------------------------------------------------

/** Who starts a job besides a schedule (./runtime.ts `schedules` names those). */
export interface JobStarters {
  /** Route ids (./routes.ts) whose handlers start the job after or before answering. */
  routes?: readonly RouteId[]
  /** Jobs (`<context>.<name>`) that start it. */
  jobs?: readonly string[]
  /** An operator's script (a path in the repository) that sends the job event by hand. */
  operator?: string
}

export interface JobDef {
  context: Context
  /** The job event's `type`: the key of the context's runner map. */
  name: string
  /** What the job event's `id` is. */
  eventId: string
  /**
   * The job event's `input` (string values only: it crosses an asynchronous invoke as JSON and
   * is never logged). `z.undefined()` when the job takes none.
   */
  input: z.ZodType<Readonly<Record<string, string>> | undefined>
  startedBy: JobStarters
  /** Runs through a queue (fanned out): see `JobQueueDef`. None: one asynchronous invocation per start. */
  queue?: JobQueueDef
  description: string
}

/**
 * How a queued job runs (docs/decisions/0072-close-fans-out.md). On AWS: an SQS queue whose event
 * source mapping hands the context's jobs Lambda one message per invocation, at most `concurrency`
 * invocations at once (the mapping's `maxConcurrency`, 2 to 1,000), a failed message coming back
 * after the visibility timeout until it was received `maxAttempts` times (the redrive policy's
 * `maxReceiveCount`), then kept in the dead-letter queue for 14 days. Locally: the same bound and
 * attempts in this process, a job failed on its last attempt kept as a dead letter and logged.
 */
export interface JobQueueDef {
  /** Jobs of this kind running at once. */
  concurrency: number
  /** Attempts of one job before it is a dead letter (the first attempt counts). */
  maxAttempts: number
}

const job = <const J extends JobDef>(def: J): J => def

/** Job input without a value: the job needs only its id. */
const NO_INPUT = /* @__PURE__ */ lazySchema(() => z.undefined())
/** A JSON document carried as a string (the job input's values are strings). */
const json = /* @__PURE__ */ lazySchema(() => z.string().min(1))

export const jobs = {
  // Sites
  'sites.bulkUpload': job({
    context: 'sites',
    name: 'bulkUpload',
    eventId: 'the bulk upload job item id',
    input: NO_INPUT,
    startedBy: { routes: ['sites.bulkComplete'] },
    description: 'Places a ZIP of creatives (up to 1 GB) into the site; longer than API Gateway allows',
  }),
  'sites.forgetVisitors': job({
    context: 'sites',
    name: 'forgetVisitors',
    eventId: "the deleted site's id",
    input: NO_INPUT,
    startedBy: { routes: ['sites.remove'] },
    description: "Deletes a removed site's members from the members pool",
  }),
  'sites.mediaRenditions': job({
    context: 'sites',
    name: 'mediaRenditions',
    eventId: "the original upload's key",
    input: NO_INPUT,
    startedBy: { routes: ['sites.confirmUpload'], jobs: ['sites.bulkUpload'] },
    description: 'Web renditions of one confirmed upload (images, video)',
  }),
  'sites.mediaReencode': job({
    context: 'sites',
    name: 'mediaReencode',
    eventId: 'a site id',
    input: NO_INPUT,
    startedBy: { operator: 'scripts/media-reencode.ts' },
    description: 'The one-off re-encoding of media that predates renditions, one site per run',
  }),
  'sites.publishSchedule': job({
    context: 'sites',
    name: 'publishSchedule',
    eventId: '`scheduled`',
    input: NO_INPUT,
    startedBy: {},
    description: 'Scheduled publishing: publishes or unpublishes every site whose scheduled time has come',
  }),
  'sites.experimentSchedule': job({
    context: 'sites',
    name: 'experimentSchedule',
    eventId: '`scheduled`',
    input: NO_INPUT,
    startedBy: {},
    description:
      'A/B tests: starts those due, ends those past their end, promotes a winner when the creator asked for it',
  }),

  // Domains (issue 19): a context of its own (docs/decisions/0076-domains-context.md)
  'domains.domainCheck': job({
    context: 'domains',
    name: 'domainCheck',
    eventId: '`scheduled`',
    input: NO_INPUT,
    startedBy: {},
    description: 'Checks every custom and OEM domain still verifying (connect, or give up after 72 hours)',
  }),
  'domains.releaseSite': job({
    context: 'domains',
    name: 'releaseSite',
    eventId: "the deleted site's id",
    input: NO_INPUT,
    startedBy: { routes: ['sites.remove'] },
    description: "A deleted site's custom domain: the name freed for other sites, detached from CloudFront",
  }),

  // Billing
  'billing.close': job({
    context: 'billing',
    name: 'close',
    eventId: '`scheduled`',
    // A month to close by hand (`YYYY-MM`); the schedule sends none: the month that just ended.
    input: z.object({ month: z.string().regex(MONTH_PATTERN) }).optional(),
    startedBy: {},
    description:
      'The monthly close: lists the accounts billed in the month that just ended and starts one billing.closeAccount each',
  }),
  'billing.closeAccount': job({
    context: 'billing',
    name: 'closeAccount',
    eventId: '`<close run id>:<account id>`',
    input: z.object({
      /** The close run (its CloseRuns item counts the accounts settled). */
      runId: z.string().min(1),
      month: z.string().regex(MONTH_PATTERN),
      accountId: z.string().min(1),
      /** The instant the run issues at (milliseconds, as a string): the invoices' issue day. */
      at: z.string().regex(/^\d+$/),
    }),
    startedBy: { jobs: ['billing.close'], operator: 'scripts/billing-close.ts' },
    // 10 at once: each issues a PDF (the documents Lambda), a mail (SES's sending rate) and, for a
    // card, a charge (Stripe's rate limit); docs/decisions/0072-close-fans-out.md has the figures.
    queue: { concurrency: 10, maxAttempts: 3 },
    description:
      "One account's close for a month: its invoice (once: the claim), mail and charge, then its pending plan folded",
  }),

  // End users (visitors of published sites)
  'endUser.registration': job({
    context: 'endUser',
    name: 'registration',
    eventId: 'a random UUID',
    input: z.object({
      siteId: z.string(),
      lang: z.string(),
      email: z.string(),
      password: z.string(),
      company: z.string(),
      /** The sign-up form's answers, as JSON. */
      answers: json,
    }),
    startedBy: { routes: ['endUser.register'] },
    description: "A visitor's sign-up: the pending member and its link, or the already-a-member notice",
  }),
  'endUser.resendRegistration': job({
    context: 'endUser',
    name: 'resendRegistration',
    eventId: 'a random UUID',
    input: z.object({ siteId: z.string(), lang: z.string(), email: z.string() }),
    startedBy: { routes: ['endUser.resendRegisterEmail'] },
    description: 'A new sign-up link for a pending member, or the sign-in notice for a member',
  }),
  'endUser.webhookDeliveries': job({
    context: 'endUser',
    name: 'webhookDeliveries',
    eventId: 'a random UUID',
    // The stored deliveries' keys, as JSON.
    input: z.object({ deliveries: json }),
    startedBy: { routes: ['endUser.registerConfirm', 'endUser.contact', 'endUser.homepage'] },
    description: "The first attempts of a visitor event's webhook deliveries",
  }),
  'endUser.webhookSweep': job({
    context: 'endUser',
    name: 'webhookSweep',
    eventId: '`scheduled`',
    input: NO_INPUT,
    startedBy: {},
    description: 'Attempts every PENDING webhook delivery that is due (the backoff retries)',
  }),

  'endUser.conversionDeliveries': job({
    context: 'endUser',
    name: 'conversionDeliveries',
    eventId: 'a random UUID',
    // The stored deliveries' keys, as JSON.
    input: z.object({ deliveries: json }),
    startedBy: { routes: ['endUser.registerConfirm', 'endUser.contact', 'endUser.homepage'] },
    description: "The first attempts of a visitor conversion's server-side deliveries to the ad platforms",
  }),
  'endUser.conversionSweep': job({
    context: 'endUser',
    name: 'conversionSweep',
    eventId: '`scheduled`',
    input: NO_INPUT,
    startedBy: {},
    description: 'Attempts every PENDING conversion delivery that is due (the backoff retries)',
  }),

  // Auth
  'auth.passwordReset': job({
    context: 'auth',
    name: 'passwordReset',
    eventId: 'a random UUID',
    input: z.object({ email: z.string(), locale: z.string().optional() }),
    startedBy: { routes: ['auth.forgotPassword'] },
    description: 'Mails a reset link when the email belongs to an active account',
  }),

  // Site API (issue 29)
  'apiAccess.webhookResend': job({
    context: 'apiAccess',
    name: 'webhookResend',
    eventId: 'a random UUID',
    // The delivery's key, as JSON.
    input: z.object({ delivery: json }),
    startedBy: { routes: ['apiAccess.webhookResend'] },
    description: 'The attempt of a resent webhook delivery',
  }),
} as const satisfies Record<string, JobDef>

export type JobId = keyof typeof jobs

/** The contexts that run jobs, i.e. that get a jobs Lambda on AWS. */
export type JobContext = (typeof jobs)[JobId]['context']

/** The job names of one context: the keys its runner map must have. */
export type JobName<C extends Context> = {
  [K in JobId]: (typeof jobs)[K]['context'] extends C ? (typeof jobs)[K]['name'] : never
}[JobId]

/** The input of a job, as its schema gives it. */
export type JobInput<K extends JobId> = z.infer<(typeof jobs)[K]['input']>

/**
 * A context's runner map: exactly the table's jobs of that context. `Runner` is the runner type of
 * functions/src/platform/services/jobs.ts (kept out of shared: it names the job event).
 */
export type JobRunnersOf<C extends Context, Runner> = { readonly [N in JobName<C>]: Runner }

export const jobList = (): Array<JobDef & { key: JobId }> =>
  (Object.entries(jobs) as Array<[JobId, JobDef]>).map(([key, def]) => ({ ...def, key }))

/** The job names the table gives one context (the runtime check of `contextHandler`). */
export const jobNamesOf = (context: Context): string[] =>
  Object.values(jobs as Record<string, JobDef>)
    .filter((def) => def.context === context)
    .map((def) => def.name)

/** The jobs that run through a queue (`JobDef.queue`), with their bound and attempts. */
export const queuedJobList = (): Array<JobDef & { key: JobId; queue: JobQueueDef }> =>
  jobList().filter((def): def is JobDef & { key: JobId; queue: JobQueueDef } => !!def.queue)

/** The queue of the job `<context>.<type>`, when it is a queued job. */
export const jobQueueOf = (context: string, type: string): JobQueueDef | undefined =>
  (jobs as Record<string, JobDef>)[`${context}.${type}`]?.queue

/** Contexts with at least one job: each gets a jobs Lambda on AWS. */
export const jobContexts = (): Context[] => [
  ...new Set(Object.values(jobs as Record<string, JobDef>).map((def) => def.context)),
]

// ---------------------------------------------------------------------------------------------
// Schedules
// ---------------------------------------------------------------------------------------------

export interface ScheduleDef {
  /** The job it starts (`<context>.<name>`); its event's id is `scheduled`. */
  job: JobId
  /** EventBridge Scheduler syntax: `rate(5 minutes)` or `cron(0 0 1 * ? *)`. */
  expression: string
  /** IANA time zone of a cron expression; none is UTC (EventBridge's default). */
  timezone?: string
  /** EventBridge Scheduler's retry policy of a failed invocation. */
  retry: { maximumRetryAttempts: number; maximumEventAgeInSeconds: number }
  description: string
  /** The description of the scheduler's role, which may invoke that one jobs Lambda. */
  roleDescription: string
}

const schedule = <const S extends ScheduleDef>(def: S): S => def

export const schedules = {
  billingClose: schedule({
    job: 'billing.close',
    expression: 'cron(0 0 1 * ? *)',
    timezone: 'Asia/Tokyo',
    // The close is idempotent: a retried run issues nothing twice.
    retry: { maximumRetryAttempts: 2, maximumEventAgeInSeconds: 3600 },
    description: 'Monthly billing close: one invoice per billable account (00:00 JST on the 1st)',
    roleDescription: 'EventBridge Scheduler: invokes the billing jobs Lambda for the monthly close',
  }),
  domainCheck: schedule({
    job: 'domains.domainCheck',
    expression: 'rate(5 minutes)',
    // The next run comes in 5 minutes: a failed one is not worth retrying late.
    retry: { maximumRetryAttempts: 0, maximumEventAgeInSeconds: 300 },
    description: 'Custom domains: check every domain still verifying (connect, or give up after 72 hours)',
    roleDescription: 'EventBridge Scheduler: invokes the domains jobs Lambda for the custom-domain checker',
  }),
  publishSchedule: schedule({
    job: 'sites.publishSchedule',
    expression: 'rate(1 minute)',
    // A missed run is not retried: the next one, a minute later, runs what is due by then.
    retry: { maximumRetryAttempts: 0, maximumEventAgeInSeconds: 60 },
    description: 'Scheduled publishing: publish or unpublish every site whose scheduled time has come',
    roleDescription: 'EventBridge Scheduler: invokes the sites jobs Lambda for scheduled publishing',
  }),
  experimentSchedule: schedule({
    job: 'sites.experimentSchedule',
    expression: 'rate(1 minute)',
    // A missed run is not retried: the next one, a minute later, does what is due by then.
    retry: { maximumRetryAttempts: 0, maximumEventAgeInSeconds: 60 },
    description: 'A/B tests: start, end and promote every experiment whose time has come',
    roleDescription:
      'EventBridge Scheduler: invokes the sites jobs Lambda for A/B test starts, ends and promotions',
  }),
  webhookSweep: schedule({
    job: 'endUser.webhookSweep',
    expression: 'rate(1 minute)',
    // A missed run is not retried: the next one comes a minute later.
    retry: { maximumRetryAttempts: 0, maximumEventAgeInSeconds: 60 },
    description: 'Site webhooks: attempt every delivery that is due (exponential backoff for 24 hours)',
    roleDescription: 'EventBridge Scheduler: invokes the end-user jobs Lambda for the webhook retry sweep',
  }),
  conversionSweep: schedule({
    job: 'endUser.conversionSweep',
    expression: 'rate(1 minute)',
    // A missed run is not retried: the next one comes a minute later.
    retry: { maximumRetryAttempts: 0, maximumEventAgeInSeconds: 60 },
    description:
      'Server-side conversions: attempt every delivery that is due (exponential backoff for 24 hours)',
    roleDescription: 'EventBridge Scheduler: invokes the end-user jobs Lambda for the conversion retry sweep',
  }),
} as const satisfies Record<string, ScheduleDef>

export type ScheduleId = keyof typeof schedules

export const scheduleList = (): Array<ScheduleDef & { id: ScheduleId }> =>
  (Object.entries(schedules) as Array<[ScheduleId, ScheduleDef]>).map(([id, def]) => ({ ...def, id }))

/** The job event a schedule sends: exactly what EventBridge Scheduler gives the jobs Lambda. */
export const scheduledJobEvent = (id: ScheduleId) => {
  const def: JobDef = jobs[schedules[id].job]
  return { source: 'swipe.job' as const, context: def.context, type: def.name, id: 'scheduled' }
}

// ---------------------------------------------------------------------------------------------
// Invocations (synchronous calls of another Lambda)
// ---------------------------------------------------------------------------------------------

/** What the sites API asks of the publishing Lambda (functions/src/platform/services/publisher.ts). */
export const publishEvent = /* @__PURE__ */ lazySchema(() =>
  z.object({
    source: z.literal('swipe.publish'),
    siteId: z.string(),
    /** The version the editor saw; the publish is conditioned on it (409 otherwise). */
    expectVersion: z.number(),
    /** Who publishes, for the version history (issue 33); none for jobs. */
    author: z.object({ accountId: z.string(), name: z.string() }).optional(),
    /**
     * Run the pre-publish checklist on the saved draft instead of publishing (issue 33): it renders
     * the first pages, so it runs where the renderer is. Answers the check's result.
     */
    check: z.boolean().optional(),
    /**
     * Render the saved draft as a test variant instead (issue 34): a release and a version that do
     * not go live. Answers the version's id.
     */
    variant: z.boolean().optional(),
  }),
)
export type PublishEvent = z.infer<typeof publishEvent>

/**
 * What the sites and domains Lambdas ask of the publishing Lambda about the host map
 * (functions/src/platform/aws/invoked-host-map.ts): one operation of the host-map port
 * (functions/src/platform/host-map.ts), answered with its result (`get`'s target) or done. The
 * publishing Lambda is the one Lambda that carries the KeyValueStore client and its SigV4A signer
 * (about 51 KB of every load that carries them: docs/decisions/0077-bench-rounds-and-documents-beside-the-bundle.md).
 */
export const hostMapEvent = /* @__PURE__ */ lazySchema(() => {
  const source = z.literal('swipe.hostMap')
  const host = z.string().min(1).max(253)
  const target = z.object({
    siteId: z.string().min(1),
    prefix: z.string().min(1),
    experiment: z
      .object({
        id: z.string().min(1),
        arms: z
          .array(z.object({ prefix: z.string().min(1), weight: z.number() }))
          .min(1)
          .readonly(),
      })
      .optional(),
    matches: z.record(z.string(), z.string()).optional(),
  })
  return z.discriminatedUnion('method', [
    z.object({ source, method: z.literal('get'), host }),
    z.object({ source, method: z.literal('put'), host, target }),
    z.object({ source, method: z.literal('delete'), host }),
    z.object({
      source,
      method: z.literal('update'),
      puts: z.array(z.tuple([host, target])),
      deletes: z.array(host),
    }),
  ])
})
export type HostMapEvent = z.infer<typeof hostMapEvent>

/**
 * What billing and analysis ask of the documents Lambda (functions/src/platform/services/documents.ts). The
 * request bodies (an invoice, a monthly report) are functions-side types: only the kind is checked.
 */
export const DOCUMENT_KINDS = ['invoice', 'monthlyReport'] as const
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]
export const documentEvent = /* @__PURE__ */ lazySchema(() =>
  z.object({
    source: z.literal('swipe.document'),
    request: z.looseObject({ kind: z.enum(DOCUMENT_KINDS) }),
  }),
)
export type DocumentEvent = z.infer<typeof documentEvent>

/**
 * What billing asks of the payments Lambda (functions/src/platform/aws/invoked-payments.ts): one
 * method of the payments port (functions/src/platform/payments.ts) and its arguments, as JSON. The
 * Lambda answers the method's result (`{ ok: true, result }`) or a refusal.
 */
export const PAYMENT_METHODS = [
  'configured',
  'verifiedEvent',
  'createCustomer',
  'saveCard',
  'charge',
  'createSetupSession',
  'setupSessionCard',
  'setDefaultCard',
  'detachCard',
] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
export const paymentsEvent = /* @__PURE__ */ lazySchema(() =>
  z.object({
    source: z.literal('swipe.payments'),
    method: z.enum(PAYMENT_METHODS),
    args: z.array(z.unknown()),
  }),
)
export type PaymentsEvent = z.infer<typeof paymentsEvent>

export interface InvocationDef {
  /** The contexts whose Lambdas (API and jobs) call it. */
  callers: readonly Context[]
  /** The entry of the Lambda that answers (below functions/src). */
  entry: string
  /** The event it sends (the answering module recognises it by `source`). */
  event: z.ZodType
  description: string
}

export const invocations = {
  publish: {
    callers: ['sites', 'domains'],
    entry: 'publishing/index.ts',
    event: publishEvent,
    description:
      'Renders and publishes a site, and reads and writes the host map for its callers (`hostMapEvent`): the only Lambda that bundles the renderer or the KeyValueStore client',
  },
  document: {
    callers: ['billing', 'analysis'],
    entry: 'documents/index.ts',
    event: documentEvent,
    description: 'Renders a PDF (invoice, monthly report): the only Lambda that bundles pdfkit and the font',
  },
  payments: {
    callers: ['billing'],
    entry: 'payments/index.ts',
    event: paymentsEvent,
    description:
      "Calls the card processor (Stripe's SDK) with the Stripe keys: the only Lambda that bundles the SDK or reads the keys",
  },
} as const satisfies Record<string, InvocationDef>

export type InvocationId = keyof typeof invocations

/** Whether `context` calls the invocation (the infra grants and the *_FUNCTION_NAME variables). */
export const calls = (context: Context, invocation: InvocationId): boolean =>
  (invocations[invocation].callers as readonly Context[]).includes(context)

// ---------------------------------------------------------------------------------------------
// Schedule expressions (EventBridge Scheduler syntax)
// ---------------------------------------------------------------------------------------------

/** A schedule expression taken apart: a fixed rate, or the six fields of an EventBridge cron. */
export type ScheduleExpression =
  | { kind: 'rate'; everyMs: number }
  | {
      kind: 'cron'
      minute: string
      hour: string
      dayOfMonth: string
      month: string
      dayOfWeek: string
      year: string
    }

const RATE_UNITS: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 }

/**
 * Parses `rate(value unit)` (unit singular for 1, plural otherwise, as EventBridge wants) or
 * `cron(minute hour day-of-month month day-of-week year)`, where exactly one of the two day fields
 * is `?`. Throws on anything else; the field values themselves are checked by the cron reader
 * (infra/local/scheduler.ts) and by EventBridge.
 */
export const parseScheduleExpression = (expression: string): ScheduleExpression => {
  const rate = /^rate\((\d+) (minute|hour|day)(s?)\)$/.exec(expression)
  if (rate) {
    const value = Number(rate[1])
    if (value < 1 || (value === 1) !== (rate[3] === '')) throw new Error(`Bad rate expression: ${expression}`)
    return { kind: 'rate', everyMs: value * RATE_UNITS[rate[2]!]! }
  }
  const cron = /^cron\((.+)\)$/.exec(expression)
  const fields = cron?.[1]?.trim().split(/\s+/)
  if (fields?.length !== 6 || fields.some((f) => !/^[\d*?,\-/LW#A-Z]+$/i.test(f)))
    throw new Error(`Bad schedule expression: ${expression}`)
  const [minute, hour, dayOfMonth, month, dayOfWeek, year] = fields as [
    string,
    string,
    string,
    string,
    string,
    string,
  ]
  if ((dayOfMonth === '?') === (dayOfWeek === '?'))
    throw new Error(`Exactly one of day-of-month and day-of-week must be ? in ${expression}`)
  return { kind: 'cron', minute, hour, dayOfMonth, month, dayOfWeek, year }
}
