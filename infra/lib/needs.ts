import type { Context } from '@swipe/shared/contract/routes'
import { calls, jobContexts } from '@swipe/shared/contract/runtime'
import type {
  BucketAccess,
  HostMapAccess,
  MailAccess,
  PoolAccess,
  Sidecar,
  TableAccess,
} from './app-function.ts'

/** What a bounded context's Lambda is given: each entry is one grant plus its environment variable(s). */
export interface Needs {
  table?: TableAccess
  mediaBucket?: BucketAccess
  sitesBucket?: BucketAccess
  adminPool?: PoolAccess
  membersPool?: PoolAccess
  mail?: MailAccess
  hostMap?: HostMapAccess
  /** Links in mails point into the admin SPA. */
  adminOrigin?: boolean
  /**
   * The default-domain origin of published sites (`https://{host}.<sites domain>`, when the stage
   * has a sites domain): site URLs in answers, and the hosts the publisher maps.
   */
  sitesOrigin?: boolean
  /**
   * The context runs asynchronous jobs (functions/src/platform/services/jobs.ts): a jobs Lambda of the same
   * module with a long timeout, which the context's API Lambda may invoke (InvocationType Event).
   * Derived from the runtime table (`needsOf`): a context has jobs when the table lists one.
   */
  jobs?: boolean
  /**
   * The context publishes sites (functions/src/platform/services/publisher.ts): a publishing Lambda, the only one
   * that bundles the renderer, which the context's API Lambda invokes synchronously. Derived from
   * the runtime table's `publish` invocation (`needsOf`).
   */
  publishes?: boolean
  /**
   * The context renders PDFs (invoices, reports; functions/src/platform/services/documents.ts): it invokes the
   * documents Lambda synchronously, the only one that bundles pdfkit and carries the font. Derived
   * from the runtime table's `document` invocation (`needsOf`).
   */
  documents?: boolean
  /**
   * The context takes card payments (functions/src/platform/payments.ts): it invokes the payments
   * Lambda synchronously, the only one that bundles Stripe's SDK and reads the Stripe keys. Derived
   * from the runtime table (`needsOf`): a context that calls the `payments` invocation.
   */
  payments?: boolean
  /**
   * The context's jobs make media renditions (issue 22): its jobs Lambda alone carries sharp,
   * installed for Lambda's platform, and the stage's ffmpeg layer when it names one.
   */
  media?: boolean
  /**
   * The context logs login IDs that were tried (functions/src/edge/security-log.ts): the stage's
   * `SECURITY_LOG_KEY`, with which they are hashed (HMAC-SHA-256).
   */
  securityLogKey?: boolean
  /**
   * Large modules the context's API reaches on a few routes only, compiled beside its bundle and
   * read at their first use (infra/lib/app-function.ts `SIDECARS`): the OpenAPI documents (the
   * product's and each site's API documentation), the public-suffix list (setting a domain).
   */
  sidecars?: readonly Sidecar[]
}

/**
 * What a context gets unless `CONTEXT_NEEDS` says otherwise: everything the handlers' lib modules
 * read at load (functions/src/platform/services: dynamo, s3, cognito, mail, urls). Note each lib module reads its
 * whole slice, e.g. #platform/services/s3 needs both bucket names: narrow a context by module, not by variable.
 * The infra test that loads every bundle with its deployed environment catches a missing one.
 */
export const DEFAULT_NEEDS: Readonly<Needs> = {
  table: 'readWrite',
  mediaBucket: 'readWrite',
  sitesBucket: 'readWrite',
  adminPool: 'manage',
  membersPool: 'manage',
  mail: 'send',
  adminOrigin: true,
}

/** Contexts whose needs differ from the default. A context added to the route table needs no entry here. */
export const CONTEXT_NEEDS: Partial<Record<Context, Readonly<Needs>>> = {
  // Probes every dependency with its cheapest read (functions/src/health/get.ts) and writes nothing.
  health: {
    table: 'read',
    mediaBucket: 'read',
    sitesBucket: 'read',
    adminPool: 'read',
    membersPool: 'read',
    mail: 'status',
  },
  // Password-reset mails are a job (functions/src/auth/jobs.ts): the request answers in the same
  // time whether or not the account exists, never waiting on SES.
  auth: { ...DEFAULT_NEEDS, securityLogKey: true },
  // The publisher copies media into releases in the sites bucket and maps each published host to
  // its release (ARCHITECTURE decision 4); a ZIP of creatives (1 GB) is placed by a job, since it
  // cannot finish within API Gateway's 30 s. Deleting a site starts a job that deletes its members'
  // pool users: the members pool with AdminDeleteUser only.
  // Publishing renders pages in a Lambda of its own (`publishes`; docs/decisions/0009-lambda-bundles.md); the
  // API keeps the bucket grants to withdraw and delete sites, and maps and unmaps hosts through the
  // publishing Lambda, the one that carries the KeyValueStore client (no host-map grant here:
  // functions/src/platform/aws/invoked-host-map.ts).
  sites: {
    ...DEFAULT_NEEDS,
    membersPool: 'forget',
    sitesOrigin: true,
    media: true,
  },
  // A site's custom domain and an OEM's sites domain (docs/decisions/0076-domains-context.md): the
  // table (claims, owners, sites), the publishing Lambda (which maps a connected name and takes a
  // removed one out of the host map, as for the sites context), mail (connected and failed notices, links into the admin SPA), the sites origin (the
  // default URL and the CNAME target shown), and the admin pool's ids (its routes are admin routes,
  // whose tokens functions/src/edge/auth.ts verifies again). Its CloudFront and ACM grants come
  // from infra/lib/domains.ts. No bucket: releases are the publishing Lambda's.
  domains: {
    table: 'readWrite',
    adminPool: 'read',
    mail: 'send',
    adminOrigin: true,
    sitesOrigin: true,
    // The set routes' public-suffix check reads the list beside the API's bundle (the jobs never check a name).
    sidecars: ['publicSuffixList'],
  },
  // Visitors' reads of published sites and CTA click counters: the table (counters, members and
  // form submissions are written), the media bucket to presign files a release does not serve, the
  // sites bucket to read a release's manifest, the builder's site rules (which load #platform/services/urls, hence
  // the admin origin) and the sites origin (host lookup, release media URLs, links in mails).
  // Members sign up and in: the members pool with the sign-up actions only (sign-in is the app
  // client's InitiateAuth, which needs no grant), never the admin pool; mail for sign-up links and
  // form submissions.
  endUser: {
    table: 'readWrite',
    mediaBucket: 'read',
    sitesBucket: 'read',
    membersPool: 'signUp',
    mail: 'send',
    adminOrigin: true,
    sitesOrigin: true,
    // Sign-up and resend are jobs (functions/src/endUser/jobs.ts; the runtime table): the same
    // answer in the same time for a new, pending, member or unknown email.
  },
  // Billing (issue 18): the default grants; its jobs Lambda (the monthly close, the runtime table's
  // `billingClose` schedule: infra/lib/job-schedule.ts) and PDF rendering come from the table.
  // Beacons: reads site items and adds to counters; nothing else.
  analytics: { table: 'readWrite' },
  // The creator's analytics reports (issue 17): read the counters and the site (the table; a closed
  // month's counters are compacted once, written back), presign creatives' thumbnails (#platform/services/s3
  // reads both bucket names), the pools' ids for #platform/services/cognito (admin tokens).
  analysis: {
    // Links in answers point into the admin SPA (#platform/services/urls, read at load).
    adminOrigin: true,
    table: 'readWrite',
    mediaBucket: 'read',
    sitesBucket: 'read',
    adminPool: 'read',
    membersPool: 'read',
  },
  // The creator's member, contact and form lists: reads the table, and the pools' ids for
  // #platform/services/cognito (admin tokens are verified against the admin pool). Lists of visitors' personal
  // data write nothing and send nothing.
  submissions: { table: 'read', adminPool: 'read', membersPool: 'read' },
  // The product's OpenAPI document and the site API (issue 21): the default grants, and the sites
  // origin (the endpoint URLs the dialog and the documentation show are on each site's own origin;
  // the `content` tag's media URLs too). A webhook resend is a job (issue 29): the request answers
  // at once and the context's jobs Lambda makes the attempt.
  apiAccess: { ...DEFAULT_NEEDS, sitesOrigin: true, sidecars: ['apiDocuments'] },
}

/**
 * What a context's Lambda is given. Which other Lambdas it starts or calls is the runtime table's
 * (@swipe/shared/contract/runtime): a jobs Lambda when the table lists a job of the context, the
 * publishing, documents and payments Lambdas when the context is a caller of the `publish`,
 * `document` or `payments` invocation.
 */
export const needsOf = (context: Context): Readonly<Needs> => ({
  ...(CONTEXT_NEEDS[context] ?? DEFAULT_NEEDS),
  jobs: jobContexts().includes(context),
  publishes: calls(context, 'publish'),
  documents: calls(context, 'document'),
  payments: calls(context, 'payments'),
})

/**
 * The publishing Lambda (functions/src/publishing/index.ts): reads the site, copies its media from
 * the media bucket into a release in the sites bucket, commits the status and maps the site's hosts
 * (ARCHITECTURE decision 4), and keeps the host map for the sites and domains Lambdas
 * (functions/src/platform/aws/invoked-host-map.ts); the admin and sites origins are read by
 * #platform/services/urls. No pool, no mail.
 */
export const PUBLISHER_NEEDS: Readonly<Needs> = {
  table: 'readWrite',
  mediaBucket: 'read',
  sitesBucket: 'readWrite',
  hostMap: 'readWrite',
  adminOrigin: true,
  sitesOrigin: true,
}

/**
 * The documents Lambda (functions/src/documents/index.ts): renders the PDF it is sent and answers
 * with it. It reads and writes nothing, so it is given nothing: no table, bucket, pool or mail.
 */
export const DOCUMENTS_NEEDS: Readonly<Needs> = {}

/**
 * The payments Lambda (functions/src/payments/index.ts): calls Stripe with the Stripe keys
 * (infra/lib/billing.ts gives it the secret, the only function that may read it) and answers. It
 * reads and writes nothing of ours: no table, bucket, pool or mail.
 */
export const PAYMENTS_NEEDS: Readonly<Needs> = {}
