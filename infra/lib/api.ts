import {
  API_BASE_PATH,
  type AuthKind,
  type Context,
  type RouteDef,
  routeKey,
  routeList,
} from '@swipe/shared/contract/routes'
import {
  type InvocationId,
  invocations,
  type JobStarters,
  jobs as jobTable,
} from '@swipe/shared/contract/runtime'
import { Duration } from 'aws-cdk-lib'
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway'
import {
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpStage,
  type IHttpRouteAuthorizer,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2'
import {
  HttpLambdaAuthorizer,
  HttpLambdaResponseType,
  HttpUserPoolAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2-authorizers'
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations'
import type { IKeyValueStore } from 'aws-cdk-lib/aws-cloudfront'
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito'
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb'
import { LogGroup } from 'aws-cdk-lib/aws-logs'
import type { IBucket } from 'aws-cdk-lib/aws-s3'
import { Secret } from 'aws-cdk-lib/aws-secretsmanager'
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses'
import { Construct } from 'constructs'
import { AppFunction, type AppFunctionProps } from './app-function.ts'
import type { StageConfig } from './config.ts'
import { JobQueues } from './job-queue.ts'
import { acknowledge } from './nag.ts'
import { pascal } from './names.ts'
import { DOCUMENTS_NEEDS, type Needs, needsOf, PAYMENTS_NEEDS, PUBLISHER_NEEDS } from './needs.ts'

/**
 * For each context whose routes start jobs of other contexts (the runtime table's
 * `startedBy.routes`), those contexts.
 */
export const otherJobsOf = (routes: readonly ApiRoute[]): Map<Context, Set<Context>> => {
  const contextOf = new Map(routes.map((route) => [route.id, route.context]))
  const found = new Map<Context, Set<Context>>()
  for (const def of Object.values(jobTable)) {
    const starters: JobStarters = def.startedBy
    for (const id of starters.routes ?? []) {
      const caller = contextOf.get(id)
      if (!caller || caller === def.context) continue
      found.set(caller, (found.get(caller) ?? new Set()).add(def.context))
    }
  }
  return found
}

/** A route as the route table lists it. */
export type ApiRoute = RouteDef & { id: string }

/** Everything a context Lambda may be given; which part each one gets is decided by `needsOf`. */
export interface ApiResources {
  table: ITableV2
  mediaBucket: IBucket
  sitesBucket: IBucket
  adminPool: IUserPool
  adminClient: IUserPoolClient
  membersPool: IUserPool
  membersClient: IUserPoolClient
  mail: { identity: IEmailIdentity; from: string }
  hostMap: IKeyValueStore
  /** `https://<admin host>` */
  adminOrigin: string
  /** `https://{host}.<sites domain>`; absent while the stage has no sites domain. */
  sitesOrigin?: string | undefined
}

export interface ApiProps {
  config: StageConfig
  resources: ApiResources
  /** Browser origins allowed to call the API cross-origin (the admin SPA). */
  allowedOrigins: string[]
  /** @default routeList(), the one route table. Tests pass their own to cover every auth kind. */
  routes?: ApiRoute[]
}

/** Response headers the SPA reads; CSV and PDF exports name their file here. */
const EXPOSED_HEADERS = ['content-disposition']
/**
 * `password` is the preview share password (SPEC §7, GET /preview/site/{siteId});
 * `idempotency-key` makes a POST safe to retry (functions/src/edge/idempotency.ts).
 */
const ALLOWED_HEADERS = ['authorization', 'content-type', 'accept-language', 'password', 'idempotency-key']

/**
 * The publishing Lambda's timeout, set from its measured worst case (docs/decisions/0063-media-by-content.md,
 * docs/benchmarks.md "Publishing by content"): the largest site a plan allows (10 × 10 cells in four
 * languages) published before any of its 400 uploads' media jobs ran, so the publish checks and
 * copies every original into the store itself: 2.7 s on the development machine under load (the
 * slowest of its runs; `npm run bench:publish`, row "first publish before any job ran"). A site whose media the
 * jobs stored publishes in 0.6 s. The margin, 4×, covers S3 from a Lambda (tens of milliseconds a
 * request where the local emulator answers in a few) and a cold start, and still stops before the
 * API Lambda (15 s) that waits for the publish.
 */
export const PUBLISH_WORST_CASE_SECONDS = 2.7
export const PUBLISH_TIMEOUT_MARGIN = 4
export const PUBLISH_TIMEOUT = Duration.seconds(
  Math.ceil(PUBLISH_WORST_CASE_SECONDS * PUBLISH_TIMEOUT_MARGIN),
)

/** A jobs Lambda's timeout: Lambda's longest (a ZIP of 1 GB, a close's coordinator); its queues' visibility timeout. */
export const JOBS_TIMEOUT = Duration.minutes(15)

/**
 * The HTTP API under /api/v1, built from the route table (ARCHITECTURE decision 1): one Lambda
 * per bounded context that has routes, one route per table entry, and an authorizer chosen by
 * the route's auth kind. The handlers verify the caller again (functions/src/edge/auth.ts); the
 * gateway authorizer turns away bad tokens before a Lambda is paid for.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi
  readonly stage: HttpStage
  /** The Lambda of each deployed context. */
  readonly functions: ReadonlyMap<Context, AppFunction>
  /** The jobs Lambda of each context that runs asynchronous jobs (`Needs.jobs`). */
  readonly jobFunctions: ReadonlyMap<Context, AppFunction>
  /** The one Lambda that publishes sites for the contexts that do (`Needs.publishes`). */
  readonly publishingFunction: AppFunction | undefined
  /** The one Lambda that renders PDFs for the contexts that make them (`Needs.documents`). */
  readonly documentsFunction: AppFunction | undefined
  /** The one Lambda that calls Stripe for the contexts that take card payments (`Needs.payments`). */
  readonly paymentsFunction: AppFunction | undefined
  /**
   * Invoke URL of the API root (`https://<id>.execute-api.<region>.amazonaws.com`). Every route
   * refuses calls made here directly (403): the API is used through CloudFront (`originVerify`).
   */
  readonly url: string
  /**
   * The origin secret: a generated value that every CloudFront origin to this API adds as
   * `X-Origin-Verify`, and without which the API refuses a request and never believes its
   * `X-Viewer-Address` (functions/src/edge/client-ip.ts; docs/decisions/0045-client-identity.md).
   */
  readonly originSecret: Secret
  /** The secret's value as a dynamic reference, resolved by CloudFormation at deploy (never in the template). */
  readonly originVerify: string
  /** The key of login-ID hashes in the security log (`SECURITY_LOG_KEY` of the contexts that log them). */
  readonly securityLogSecret: Secret
  private readonly authorizers = new Map<AuthKind, IHttpRouteAuthorizer>()
  private requestAuthorizer: AppFunction | undefined

  /** The Lambda behind `preview` and `siteApi` routes; absent while the route table has none. */
  get authorizerFunction(): AppFunction | undefined {
    return this.requestAuthorizer
  }

  constructor(
    scope: Construct,
    id: string,
    private readonly props: ApiProps,
  ) {
    super(scope, id)
    const { config, allowedOrigins } = props
    const routes = props.routes ?? routeList()

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `swipe-lp-${config.stage}`,
      description: `Swipe LP Studio API (${config.stage})`,
      // The stage is declared below, so that it can carry access logs and throttling.
      createDefaultStage: false,
      corsPreflight: {
        allowOrigins: allowedOrigins,
        allowMethods: [
          CorsHttpMethod.GET,
          CorsHttpMethod.POST,
          CorsHttpMethod.PUT,
          CorsHttpMethod.PATCH,
          CorsHttpMethod.DELETE,
          CorsHttpMethod.OPTIONS,
        ],
        allowHeaders: ALLOWED_HEADERS,
        exposeHeaders: EXPOSED_HEADERS,
        // Bearer tokens, no cookies.
        allowCredentials: false,
        maxAge: Duration.hours(1),
      },
    })

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: config.logRetention,
      removalPolicy: config.removalPolicy,
    })
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            userAgent: '$context.identity.userAgent',
            routeKey: '$context.routeKey',
            path: '$context.path',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationLatencyMs: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
      // A stage-wide ceiling well under the account quota, so one stage cannot starve the others.
      throttle: { rateLimit: 1000, burstLimit: 2000 },
    })
    this.url = this.stage.url

    this.originSecret = new Secret(this, 'OriginVerifySecret', {
      description: `Swipe LP ${config.stage}: X-Origin-Verify, added by CloudFront to every API request`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    })
    acknowledge(
      this.originSecret,
      'SMG4',
      'CloudFront origin custom headers and the Lambda environment take the value at deploy, so a rotation Lambda could not reach them; rotate by generating a new value and deploying (infra/README.md).',
    )
    this.originVerify = this.originSecret.secretValue.unsafeUnwrap()

    this.securityLogSecret = new Secret(this, 'SecurityLogKey', {
      description: `Swipe LP ${config.stage}: the key of login-ID hashes in the security log`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    })
    acknowledge(
      this.securityLogSecret,
      'SMG4',
      'The Lambda environment takes the value at deploy; rotating it only starts new log hashes (infra/README.md).',
    )

    const functions = new Map<Context, AppFunction>()
    const jobFunctions = new Map<Context, AppFunction>()
    /**
     * The Lambda that answers one of the runtime table's invocations for every context that calls
     * it (its entry is the table's), made on the first caller.
     */
    const answering = new Map<InvocationId, AppFunction>()
    const answerer =
      (
        invocation: InvocationId,
        id: string,
        props: Pick<AppFunctionProps, 'description' | 'timeout' | 'pdf'>,
        needs: Readonly<Needs>,
      ) =>
      (): AppFunction => {
        let fn = answering.get(invocation)
        if (!fn) {
          fn = this.give(
            new AppFunction(this, id, {
              entry: invocations[invocation].entry,
              stage: config.stage,
              logRetention: config.logRetention,
              removalPolicy: config.removalPolicy,
              ...props,
            }),
            needs,
          )
          answering.set(invocation, fn)
        }
        return fn
      }
    // pdfkit, fontkit and its brotli decoder (≈ 850 KB) and the font are used only to draw PDFs: one
    // Lambda renders them for every context that makes them (billing's invoices, analysis' report),
    // so those contexts' bundles stay without them (docs/decisions/0009-lambda-bundles.md "PDF documents in
    // their own Lambda"). It stops before the API Lambda (15 s), as the publisher does; it is given nothing.
    const documentsFunction = answerer(
      'document',
      'DocumentsFunction',
      { description: `Swipe LP ${config.stage}: PDF documents`, timeout: Duration.seconds(12), pdf: true },
      DOCUMENTS_NEEDS,
    )
    // Stripe's SDK (≈ 250 KB, every resource of its API built at construction) and the Stripe keys
    // are used only to call Stripe: one Lambda does it for billing's API and jobs, so their bundles
    // stay without it (docs/decisions/0073-cold-starts-near-the-floor.md, third round). Stripe's
    // client tries a call twice within its 80 s timeout; 30 s covers a slow answer and a retry, and
    // the API Lambda (15 s) gives up first, as it does with the publisher.
    const paymentsFunction = answerer(
      'payments',
      'PaymentsFunction',
      { description: `Swipe LP ${config.stage}: payments`, timeout: Duration.seconds(30) },
      PAYMENTS_NEEDS,
    )
    // Rendering pages needs react-dom/server, which no other code of the API uses: one Lambda
    // publishes for every context that does (the sites API and jobs, the domains API and jobs once
    // a domain connects), so their bundles stay without it (docs/decisions/0009-lambda-bundles.md).
    // It stops before the API Lambda (15 s), so a slow publish is the API's 500, not a publish
    // that finishes after the client was told it failed.
    const publishingFunction = answerer(
      'publish',
      'PublishingFunction',
      { description: `Swipe LP ${config.stage}: publishing`, timeout: PUBLISH_TIMEOUT },
      PUBLISHER_NEEDS,
    )
    /**
     * Lets a context's Lambda (its API or its jobs Lambda: both run the same calls) invoke the
     * Lambdas answering the runtime table's invocations the context calls.
     */
    const useInvocations = (fn: AppFunction, needs: Readonly<Needs>) => {
      if (needs.publishes) fn.usePublisher(publishingFunction())
      if (needs.documents) fn.useDocuments(documentsFunction())
      if (needs.payments) fn.usePayments(paymentsFunction())
    }
    const integrations = new Map<Context, HttpLambdaIntegration>()
    for (const context of new Set(routes.map((route) => route.context))) {
      const needs = needsOf(context)
      const fn = new AppFunction(this, `${pascal(context)}Function`, {
        entry: `${context}/index.ts`,
        stage: config.stage,
        logRetention: config.logRetention,
        removalPolicy: config.removalPolicy,
        description: `Swipe LP ${config.stage}: ${context} API`,
        ...(needs.sidecars ? { sidecars: needs.sidecars } : {}),
      })
      this.give(fn, needs)
      fn.useOriginVerify(this.originVerify)
      useInvocations(fn, needs)
      functions.set(context, fn)
      if (needs.jobs) {
        // The context's jobs in a Lambda of their own, from their own entry (`<context>/worker.ts`,
        // `jobsHandler`): jobs need minutes, the API Lambda stops at 15 s (before API Gateway's
        // 30 s), and neither bundle carries the other's code (sharp and ffmpeg stay with the jobs).
        // A follow-up job runs in the same Lambda, which needs no self-reference (a circular
        // dependency in the template).
        const worker = new AppFunction(this, `${pascal(context)}JobsFunction`, {
          entry: `${context}/worker.ts`,
          stage: config.stage,
          logRetention: config.logRetention,
          removalPolicy: config.removalPolicy,
          description: `Swipe LP ${config.stage}: ${context} jobs`,
          memorySize: 2048,
          timeout: JOBS_TIMEOUT,
          ...(needs.media ? { media: { ffmpegLayerArn: config.ffmpegLayerArn } } : {}),
        })
        this.give(worker, needs)
        // Scheduled publishing, a connected domain's republish, the close's invoices and charges.
        useInvocations(worker, needs)
        // A job records its own failure; a retry would only find the job already claimed.
        worker.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.hours(1) })
        fn.useJobs(worker)
        // The context's queued jobs (the runtime table's `queue`): SQS into this same Lambda.
        new JobQueues(this, `${pascal(context)}JobQueues`, { context, worker, timeout: JOBS_TIMEOUT })
        jobFunctions.set(context, worker)
      }
      // One invoke permission for the whole API instead of one per route: a context has many
      // routes, and a Lambda's resource policy is limited to 20 KB. (CDK places the integration and
      // its permission under the first route bound to it; reordering the table re-creates both, harmlessly.)
      integrations.set(
        context,
        new HttpLambdaIntegration(`${pascal(context)}Integration`, fn, { scopePermissionToRoute: false }),
      )
    }
    // A route that starts another context's job (the runtime table's `startedBy.routes`: a site's
    // deletion frees its custom domain in the domains jobs Lambda) may invoke that jobs Lambda.
    for (const [caller, workers] of otherJobsOf(routes)) {
      functions.get(caller)?.useOtherJobs(new Map([...workers].map((c) => [c, jobFunctions.get(c)!])))
    }
    this.functions = functions
    this.jobFunctions = jobFunctions
    this.publishingFunction = answering.get('publish')
    this.documentsFunction = answering.get('document')
    this.paymentsFunction = answering.get('payments')

    for (const route of routes) {
      const [httpRoute] = this.httpApi.addRoutes({
        path: `${API_BASE_PATH}${route.path}`,
        methods: [HttpMethod[route.method]],
        integration: integrations.get(route.context)!,
        authorizer: this.authorizerFor(route.auth),
      })
      if (route.auth === 'public' && httpRoute) {
        acknowledge(httpRoute, 'APIG4', `${routeKey(route)} is public in the route table (${route.id})`)
      }
      if (route.auth === 'endUser' && httpRoute) {
        acknowledge(
          httpRoute,
          'APIG4',
          `${routeKey(route)} (${route.id}) is authorized by the member's HttpOnly session cookie, which no gateway authorizer reads; its Lambda verifies it before anything else (functions/src/edge/auth.ts).`,
        )
      }
    }
  }

  /** Grants a context Lambda what it needs, each resource with its environment variable. */
  private give(fn: AppFunction, needs: Readonly<Needs>): AppFunction {
    const r = this.props.resources
    if (needs.table) fn.useTable(r.table, needs.table)
    if (needs.mediaBucket) fn.useBucket('MEDIA_BUCKET', r.mediaBucket, needs.mediaBucket)
    if (needs.sitesBucket) fn.useBucket('SITES_BUCKET', r.sitesBucket, needs.sitesBucket)
    if (needs.adminPool) fn.useUserPool('ADMIN', r.adminPool, r.adminClient, needs.adminPool)
    if (needs.membersPool) fn.useUserPool('MEMBERS', r.membersPool, r.membersClient, needs.membersPool)
    if (needs.mail) fn.useMail(r.mail.identity, r.mail.from, needs.mail)
    if (needs.hostMap) fn.useHostMap(r.hostMap, needs.hostMap)
    if (needs.adminOrigin) fn.useAdminOrigin(r.adminOrigin)
    if (needs.sitesOrigin && r.sitesOrigin) fn.useSitesOrigin(r.sitesOrigin)
    if (needs.securityLogKey) fn.useSecurityLogKey(this.securityLogSecret.secretValue.unsafeUnwrap())
    return fn
  }

  /** The gateway authorizer of an auth kind, created on first use so unused kinds cost nothing. */
  private authorizerFor(kind: AuthKind): IHttpRouteAuthorizer {
    let authorizer = this.authorizers.get(kind)
    if (authorizer) return authorizer
    const r = this.props.resources
    switch (kind) {
      case 'public':
        authorizer = new HttpNoneAuthorizer()
        break
      // Cognito access tokens carry `client_id`, not `aud`; API Gateway's JWT authorizer checks
      // `client_id` against the audience list when `aud` is absent, so the app client id is the audience.
      case 'admin':
        authorizer = new HttpUserPoolAuthorizer('AdminAuthorizer', r.adminPool, {
          userPoolClients: [r.adminClient],
        })
        break
      // A member's session is an HttpOnly cookie (docs/decisions/0029-members-sessions.md), which a JWT
      // authorizer cannot read: the end-user Lambda verifies it (signature, issuer, expiry, app client, the
      // path's site) before anything else, as it always did.
      case 'endUser':
        authorizer = new HttpNoneAuthorizer()
        break
      // Preview routes take a preview token, the owner's admin token or the share password header
      // (functions/src/authorizers/request.ts), so no one header is required: no identity source,
      // which API Gateway allows without a result cache. No cache: a revoked share stops at once.
      case 'preview':
        authorizer = new HttpLambdaAuthorizer('PreviewAuthorizer', this.requestAuthorizerFunction(), {
          responseTypes: [HttpLambdaResponseType.SIMPLE],
          identitySource: [],
          resultsCacheTtl: Duration.seconds(0),
        })
        break
      // The site API (issue 21): the gate checks the credential's shape and the key's checksum
      // without any I/O (functions/src/authorizers/request.ts); the handler authenticates fully
      // (functions/src/edge/site-api.ts). No identity source, hence no result cache: an IP-restricted
      // site's callers send no header at all, and a required one would be refused before the gate.
      case 'siteApi':
        authorizer = new HttpLambdaAuthorizer('SiteApiAuthorizer', this.requestAuthorizerFunction(), {
          responseTypes: [HttpLambdaResponseType.SIMPLE],
          identitySource: [],
          resultsCacheTtl: Duration.seconds(0),
        })
        break
    }
    this.authorizers.set(kind, authorizer)
    return authorizer
  }

  private requestAuthorizerFunction(): AppFunction {
    this.requestAuthorizer ??= new AppFunction(this, 'RequestAuthorizerFunction', {
      entry: 'authorizers/request.ts',
      stage: this.props.config.stage,
      logRetention: this.props.config.logRetention,
      removalPolicy: this.props.config.removalPolicy,
      description: `Swipe LP ${this.props.config.stage}: preview token and site API authorizer`,
      memorySize: 512,
      timeout: Duration.seconds(5),
    })
    return this.requestAuthorizer
  }
}
