import { CfnOutput, Fn, Stack, type StackProps, Tags } from 'aws-cdk-lib'
import type { Construct } from 'constructs'
import { Api, type ApiRoute } from './api.ts'
import { Auth } from './auth.ts'
import { BillableViews } from './billable-views.ts'
import { StripeSecret } from './billing.ts'
import type { StageConfig } from './config.ts'
import { Data } from './data.ts'
import { CustomDomains, DomainDistribution, readDomainTarget } from './domains.ts'
import { JobSchedules } from './job-schedule.ts'
import { Mail } from './mail.ts'
import { Sites } from './sites.ts'
import { AccessLogs, Storage } from './storage.ts'
import { VaultKey } from './vault.ts'
import { Web } from './web.ts'

export interface SwipeStackProps extends StackProps {
  config: StageConfig
  /** @default the route table (`routeList()`). */
  routes?: ApiRoute[]
}

/**
 * One stage of Swipe LP Studio. Its parts are constructs of one stack rather than stacks of their
 * own because they reference each other both ways: origin access control writes the sites
 * distribution into the sites bucket's policy (a cycle across stacks, aws-cdk#31462), the media
 * bucket and the API accept the admin distribution's origin, and the sites distribution serves the
 * API while the API writes the sites' host map. Stateful parts are protected where they are:
 * deletion protection, RETAIN outside dev, and termination protection of the stack.
 */
export class SwipeStack extends Stack {
  readonly data: Data
  readonly storage: Storage
  readonly auth: Auth
  readonly mail: Mail
  readonly web: Web
  readonly sites: Sites
  /** Billable page views from the sites distribution's logs (issue 29). */
  readonly billableViews: BillableViews
  readonly api: Api

  constructor(scope: Construct, id: string, props: SwipeStackProps) {
    const { config, routes, ...stackProps } = props
    super(scope, id, {
      description: `Swipe LP Studio (${config.stage})`,
      terminationProtection: !config.isDev,
      ...stackProps,
    })
    Tags.of(this).add('project', 'swipe-lp-studio')
    Tags.of(this).add('stage', config.stage)

    const logs = new AccessLogs(this, 'Logs', { config })
    this.web = new Web(this, 'Web', { config, logs: logs.bucket })
    this.storage = new Storage(this, 'Storage', {
      config,
      logs: logs.bucket,
      uploadOrigins: [this.web.origin],
    })
    this.data = new Data(this, 'Data', { config })
    this.auth = new Auth(this, 'Auth', { config })
    this.mail = new Mail(this, 'Mail', { config })
    this.sites = new Sites(this, 'Sites', { config, bucket: this.storage.sitesBucket, logs: logs.bucket })
    this.api = new Api(this, 'Api', {
      config,
      allowedOrigins: [this.web.origin],
      ...(routes ? { routes } : {}),
      resources: {
        table: this.data.table,
        mediaBucket: this.storage.mediaBucket,
        sitesBucket: this.storage.sitesBucket,
        adminPool: this.auth.adminPool,
        adminClient: this.auth.adminClient,
        membersPool: this.auth.membersPool,
        membersClient: this.auth.membersClient,
        mail: { identity: this.mail.identity, from: this.mail.from },
        hostMap: this.sites.hostMap,
        adminOrigin: this.web.origin,
        sitesOrigin: config.sitesDomain ? `https://{host}.${config.sitesDomain.name}` : undefined,
      },
    })
    this.sites.routeApi(this.api.httpApi, this.api.originVerify)
    // Billable page views from the sites distribution's standard logs (issue 29, infra/lib/billable-views.ts).
    this.billableViews = new BillableViews(this, 'BillableViews', {
      config,
      logs: logs.bucket,
      table: this.data.table,
      hostMap: this.sites.hostMap,
    })
    // Every schedule of the runtime table (the monthly billing close, the custom-domain checker, the
    // webhook retry sweep), each invoking its context's jobs Lambda (infra/lib/job-schedule.ts).
    new JobSchedules(this, 'Schedules', { jobFunctions: this.api.jobFunctions })
    // The Stripe keys, read only by the payments Lambda, which billing's API (card routes, webhook)
    // and jobs (charges at closing) invoke.
    if (this.api.paymentsFunction)
      new StripeSecret(this, 'Stripe', {
        readers: [this.api.paymentsFunction],
        removalPolicy: config.removalPolicy,
      })
    // The vault key (issue 32): the site API seals conversion credentials, the end-user jobs open them.
    const apiAccessApi = this.api.functions.get('apiAccess')
    const endUserJobs = this.api.jobFunctions.get('endUser')
    if (apiAccessApi && endUserJobs)
      new VaultKey(this, 'Vault', {
        readers: [apiAccessApi, endUserJobs],
        removalPolicy: config.removalPolicy,
      })
    // Custom domains (issue 19): the CloudFront tenant grants of the domains context's API and jobs
    // Lambdas (infra/lib/domains.ts; docs/decisions/0076-domains-context.md).
    const domainsApi = this.api.functions.get('domains')
    const domainsJobs = this.api.jobFunctions.get('domains')
    if (domainsApi && domainsJobs)
      new CustomDomains(this, 'CustomDomains', {
        api: domainsApi,
        jobs: domainsJobs,
        // Context values override; otherwise the stack makes the multi-tenant distribution and
        // connection group itself (infra/lib/domains.ts `DomainDistribution`).
        target:
          readDomainTarget(this) ??
          new DomainDistribution(this, 'DomainDistribution', {
            stage: config.stage,
            bucket: this.storage.sitesBucket,
            hostRouter: this.sites.hostRouter,
            pageCache: this.sites.pageCache,
            securityHeadersPolicyId: this.sites.securityHeaders.responseHeadersPolicyId,
            ...(this.sites.apiHeaders
              ? {
                  api: {
                    host: Fn.select(2, Fn.split('/', this.api.httpApi.apiEndpoint)),
                    originVerify: this.api.originVerify,
                    headersPolicyId: this.sites.apiHeaders.responseHeadersPolicyId,
                  },
                }
              : {}),
          }).target,
      })
    // The API is used through CloudFront only (the execute-api endpoint refuses direct calls):
    // the sites distribution serves it under every site's origin, and the admin SPA calls it there
    // (cross-origin, the admin origin is API Gateway's one CORS origin).
    const apiUrl = `https://${config.sitesDomain ? config.sitesDomain.name : this.sites.distribution.distributionDomainName}/`

    // What the SPA build, the smoke test and operators need; names are stable across stages.
    const outputs: Record<string, [string, string]> = {
      ApiUrl: [
        apiUrl,
        'The API through CloudFront (the routes live under /api/v1); build the admin SPA against it',
      ],
      ApiOriginUrl: [this.api.url, 'HTTP API invoke URL: refuses direct calls (403), CloudFront origin only'],
      AdminUrl: [this.web.origin, 'Admin SPA'],
      AdminDistributionDomain: [
        this.web.distribution.distributionDomainName,
        'CNAME target of the admin domain',
      ],
      AdminBucketName: [this.web.bucket.bucketName, 'Upload web-admin/dist here'],
      AdminDistributionId: [this.web.distribution.distributionId, 'Invalidate after uploading the SPA'],
      SitesDistributionDomain: [
        this.sites.distribution.distributionDomainName,
        'CNAME target for site hosts',
      ],
      SitesHostMapArn: [this.sites.hostMap.keyValueStoreArn, 'KeyValueStore host -> site prefix'],
      TableName: [this.data.table.tableName, 'The single DynamoDB table'],
      MediaBucketName: [this.storage.mediaBucket.bucketName, 'Uploads'],
      SitesBucketName: [this.storage.sitesBucket.bucketName, 'Published pages'],
      AdminUserPoolId: [this.auth.adminPool.userPoolId, 'Admin accounts'],
      AdminUserPoolClientId: [this.auth.adminClient.userPoolClientId, 'Admin app client'],
      MembersUserPoolId: [this.auth.membersPool.userPoolId, 'Site members'],
      MembersUserPoolClientId: [this.auth.membersClient.userPoolClientId, 'Members app client'],
      MailFrom: [this.mail.from, 'Sender address (SES domain identity)'],
    }
    for (const [name, [value, description]] of Object.entries(outputs)) {
      new CfnOutput(this, name, { value, description })
    }
  }
}
