import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { API_BASE_PATH } from '@swipe/shared/contract/routes'
import { type AdPlatformsStandIn, startAdPlatforms } from './ad-platforms/server.ts'
import { bootstrap, type HandlerEnv, localNames } from './bootstrap.ts'
import { startCognito } from './cognito.ts'
import { startDns } from './dns.ts'
import { startDynamo } from './dynamodb.ts'
import { startEdge } from './edge.ts'
import { startGateway } from './gateway.ts'
import { startMail } from './mail.ts'
import { HOST, type Ports } from './ports.ts'
import type { Running } from './process.ts'
import { startS3 } from './s3.ts'
import { seed } from './seed.ts'
import { startStripeStandIn } from './stripe.ts'
import { startWebhookInspector } from './webhook-inspector.ts'

export const REPO_ROOT = join(import.meta.dirname, '..', '..')

export interface StackOptions {
  ports: Ports
  /** Where data lives across restarts; emulators keep DynamoDB in memory when `persist` is false. */
  dataDir: string
  persist: boolean
  /** Start the admin console's Vite dev server too. */
  admin: boolean
  seed: boolean
  /** Domain under which default-domain sites are served: `{site-uuid}.<sitesDomain>`. */
  sitesDomain?: string
  /**
   * Tests only: a file holding milliseconds the handlers' clock (functions/src/platform/local/clock.ts, which
   * rate windows read) runs ahead of the system clock, read on every reading. The integration tests
   * move it forward to start a fresh rate window instead of waiting for one (test/support/clock.ts).
   */
  clockFile?: string
  log: (line: string) => void
}

export interface LocalStack {
  urls: {
    api: string
    admin: string
    edge: string
    dynamodb: string
    s3: string
    cognito: string
    mail: string
    /** The local webhook inspector (./webhook-inspector.ts). */
    webhooks: string
    /** The ad platforms' conversion API stand-in and its viewer (./ad-platforms/server.ts). */
    adPlatforms: string
  }
  /**
   * The ad platforms' stand-in, in this process (`failNext`, `rateLimit`, `received`, `requests`,
   * `reset`); from another process, `adPlatformsControl(urls.adPlatforms)` does the same over HTTP.
   */
  adPlatforms: AdPlatformsStandIn
  env: HandlerEnv & Record<string, string>
  seeded: Awaited<ReturnType<typeof seed>> | undefined
  stop: () => Promise<void>
}

/**
 * Starts every part of the local stack, in dependency order, and returns its URLs, the handler
 * environment and one `stop` that ends them all (children included) in reverse order.
 * `npm start` and the test global setups both use this.
 */
export const startLocalStack = async (options: StackOptions): Promise<LocalStack> => {
  const { ports, log } = options
  const running: Running[] = []
  const stop = async () => {
    for (const part of running.reverse()) {
      await part.stop().catch((error) => log(`stopping ${part.name}: ${String(error)}`))
    }
    running.length = 0
  }
  try {
    const adminOrigin = `http://localhost:${ports.admin}`
    const adminOrigins = [adminOrigin, `http://${HOST}:${ports.admin}`]
    // The ad platforms' stand-in judges event times by the handlers' clock (set below, once the
    // platform is), so events sent after a test moved the stack clock forward are on time to it too.
    let handlersNow = Date.now
    // Start the emulators side by side; if one fails, stop the ones that did start, then fail.
    const emulators = await Promise.allSettled([
      startDynamo(ports.dynamodb, options.persist ? join(options.dataDir, 'dynamodb') : undefined),
      startS3(ports.s3, join(options.dataDir, 's3')),
      startCognito(ports.cognito, join(options.dataDir, 'cognito')),
      startMail(ports.mail),
      startWebhookInspector(ports.webhooks),
      // Server-side conversions (issue 32): Meta, LINE, TikTok and Google Ads, never the platforms.
      startAdPlatforms({ port: ports.adPlatforms, now: () => handlersNow(), log }),
    ])
    for (const result of emulators) if (result.status === 'fulfilled') running.push(result.value)
    const failed = emulators.find((r): r is PromiseRejectedResult => r.status === 'rejected')
    if (failed) throw failed.reason
    const [dynamodb, s3, cognito, mail, webhooks, adPlatforms] = emulators.map(
      (r) => (r as PromiseFulfilledResult<Running>).value,
    ) as [Running, Running, Running, Running, Running, AdPlatformsStandIn]
    const sitesDomain = options.sitesDomain ?? 'sites.localhost'
    const handlerEnv = await bootstrap(
      { dynamodb: dynamodb.url, s3: s3.url, cognito: cognito.url, mail: mail.url },
      adminOrigin,
    )
    const originSecret = randomBytes(32).toString('base64url')
    // Card payments: the real stripe SDK against a stand-in (infra/local/stripe.ts), never Stripe.
    // Its hosted setup page reports a saved card to the API's webhook, signed as Stripe signs.
    const stripeWebhookSecret = 'whsec_local_stand_in'
    const stripe = await startStripeStandIn(Number(process.env.STRIPE_PORT ?? 0), {
      webhookUrl: `http://${HOST}:${ports.api}${API_BASE_PATH}/billing/stripe/webhook`,
      webhookSecret: stripeWebhookSecret,
      log,
    })
    running.push(stripe)
    // Where `npm run billing:close` finds it (scripts/billing-close.ts).
    if (options.persist) writeFileSync(join(options.dataDir, 'stripe-url'), stripe.url)
    // Custom domains (issue 19): the DNS server the checker resolves through, its zone in the data folder.
    const dnsZoneFile = join(options.dataDir, 'dns-zone.json')
    const dns = await startDns({ port: Number(process.env.DNS_PORT ?? 0), zoneFile: dnsZoneFile })
    running.push(dns)
    const env = {
      ...handlerEnv,
      DOMAIN_DNS_SERVER: `127.0.0.1:${dns.port}`,
      DOMAIN_DNS_ZONE_FILE: dnsZoneFile,
      SITES_DOMAIN: sitesDomain,
      SITES_ORIGIN: `http://{host}.${sitesDomain}:${ports.edge}`,
      // Sites are served over plain http here: a Secure member cookie would never be stored.
      MEMBER_COOKIE_SECURE: 'false',
      ADMIN_ORIGIN: adminOrigin,
      // The site edge plays CloudFront: it adds this secret, and only with it does the API believe
      // the viewer address it names. The gateway stays reachable directly (the console calls it), so
      // the secret is not required; a direct call is simply its socket address.
      ORIGIN_VERIFY_SECRET: originSecret,
      ORIGIN_VERIFY_REQUIRED: 'false',
      // Every process that flips the host map marks it here; the site edge keeps the map in memory
      // until the mark changes (functions/src/platform/local/host-map.ts).
      HOSTMAP_STAMP_FILE: join(options.dataDir, 'hostmap-stamp'),
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
      STRIPE_SECRET_KEY: 'sk_test_local_stand_in',
      STRIPE_API_URL: stripe.url,
      // The stand-in signs its webhooks with this secret, as Stripe would; tests sign theirs too.
      STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
      // The one loopback origin site webhooks may go to here: the inspector's own (issue 30;
      // functions/src/platform/services/outbound.ts `localInspectorAllowance`). No AWS stack sets it.
      WEBHOOK_INSPECTOR_ORIGIN: webhooks.url,
      // Every conversion API and Google's OAuth token endpoint, at their documented paths
      // (functions/src/platform/local/ad-platforms.ts). No AWS stack sets it.
      AD_PLATFORMS_URL: adPlatforms.url,
    }
    // The handler modules read their configuration at load, like a Lambda reading its environment.
    Object.assign(process.env, env)
    // The platform of every handler in this process (functions/src/platform): the local adapters —
    // no publishing, documents or jobs Lambda; the clock ahead by the clock file's offset. Imported
    // after the environment is in place, which the handler modules read at load.
    const [{ providePlatform }, { localPlatform }, { parsePlatformEnv }] = await Promise.all([
      import('../../functions/src/platform/index.ts'),
      import('../../functions/src/platform/local/index.ts'),
      import('../../functions/src/platform/env.ts'),
    ])
    const stackPlatform = localPlatform(
      parsePlatformEnv(process.env),
      options.clockFile ? { clockFile: options.clockFile } : {},
    )
    const restorePlatform = providePlatform(stackPlatform)
    handlersNow = () => stackPlatform.clock.now()
    running.push({ name: 'platform', url: options.clockFile ?? 'local', stop: async () => restorePlatform() })

    const seeded = options.seed ? await seed(log) : undefined

    running.push(
      await startGateway({
        port: ports.api,
        allowOrigins: adminOrigins,
        allowOriginPatterns: [
          new RegExp(`^http://[a-z0-9-]+\\.${sitesDomain.replace(/\./g, '\\.')}:${ports.edge}$`),
        ],
        log,
      }),
    )
    // Billable page views: the edge's access log, counted by the log Lambda's code (issue 29).
    const { countLogObject } = await import('../../functions/src/billing/page-views.ts')
    const edge = await startEdge({
      port: ports.edge,
      s3Endpoint: s3.url,
      sitesBucket: handlerEnv.SITES_BUCKET,
      apiOrigin: `http://${HOST}:${ports.api}`,
      originSecret,
      hostMapStamp: env.HOSTMAP_STAMP_FILE,
      accessLog: {
        bucket: localNames().logsBucket,
        deliver: countLogObject,
        now: () => stackPlatform.clock.now(),
      },
      log,
    })
    running.push(edge)

    if (options.admin) {
      const { createServer } = await import('vite')
      process.env.VITE_API_URL = `http://localhost:${ports.api}/api/v1`
      const vite = await createServer({
        root: join(REPO_ROOT, 'web-admin'),
        configFile: join(REPO_ROOT, 'web-admin', 'vite.config.ts'),
        server: { port: ports.admin, host: HOST, strictPort: true },
        clearScreen: false,
        logLevel: 'warn',
      })
      await vite.listen()
      running.push({ name: 'admin', url: `http://localhost:${ports.admin}`, stop: () => vite.close() })
    }

    return {
      urls: {
        api: `http://localhost:${ports.api}/api/v1`,
        admin: `http://localhost:${ports.admin}`,
        edge: edge.url,
        dynamodb: dynamodb.url,
        s3: s3.url,
        cognito: cognito.url,
        mail: mail.url,
        webhooks: webhooks.url,
        adPlatforms: adPlatforms.url,
      },
      adPlatforms,
      env,
      seeded,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
