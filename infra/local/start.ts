/**
 * `npm start`: the whole product on this machine with demo data. Ctrl-C (or SIGTERM) stops
 * every part, children included, and frees every port.
 */
import { join } from 'node:path'
import { assertPortFree, configuredPorts, DEFAULT_PORTS, type PortName } from './ports.ts'
import { contextDispatch, startScheduler } from './scheduler.ts'
import { DEMO_ACCOUNTS, DEMO_SITE_NAME } from './seed.ts'
import { REPO_ROOT, startLocalStack } from './stack.ts'

// The machines run Node 20 while Lambda runs Node 22 (ARCHITECTURE.md); the SDK's notice about it is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'

const log = (line: string) => process.stdout.write(`${line}\n`)

const main = async () => {
  const started = Date.now()
  const ports = configuredPorts()
  for (const [name, port] of Object.entries(ports) as Array<[PortName, number]>) {
    await assertPortFree(port, name, DEFAULT_PORTS[name].env)
  }
  log(
    'Starting the local stack (DynamoDB Local, s3rver, cognito-local, SES local, webhook inspector, ad-platform stand-in, API, site edge, admin console)…',
  )
  const stack = await startLocalStack({
    ports,
    dataDir: process.env.LOCAL_DATA_DIR ?? join(REPO_ROOT, '.local'),
    persist: true,
    admin: true,
    seed: true,
    log,
  })
  // Every schedule of the runtime table (the monthly close, the domain check, the webhook sweep),
  // as EventBridge Scheduler on AWS: the job event through the context's handler (./scheduler.ts),
  // on the handlers' clock. The domain check runs every minute here (5 on AWS) unless told otherwise.
  const { now } = await import('../../functions/src/platform/services/clock.ts')
  const everyMs = (name: string, fallback?: number) => {
    const value = Number(process.env[name] ?? fallback)
    return value > 0 ? value : undefined
  }
  const scheduler = startScheduler({
    now,
    dispatch: contextDispatch(),
    log,
    everyMs: {
      domainCheck: everyMs('DOMAIN_CHECK_INTERVAL_MS', 60_000),
      webhookSweep: everyMs('WEBHOOK_SWEEP_INTERVAL_MS'),
    },
  })
  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    log(`\n${signal}: stopping…`)
    scheduler.stop()
    await stack.stop()
    log('Stopped. Every port is free.')
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const site = stack.seeded?.site
  log(`
Swipe LP Studio is running (ready in ${seconds}s). Local only — nothing here touches AWS.

  Admin console   ${stack.urls.admin}/login
  API             ${stack.urls.api}   (health: ${stack.urls.api}/health)
  Site edge       ${stack.urls.edge}   (serves published sites by Host, e.g. http://{site-uuid}.sites.localhost:${ports.edge}, and http://sites.localhost:${ports.edge}/sites/{siteId}/)
  Mail viewer     ${stack.urls.mail}   (captured mail as JSON: ${stack.urls.mail}/store)
  Webhooks        ${stack.urls.webhooks}   (inspector: register ${stack.urls.webhooks}/hooks as a site's webhook URL)
  Ad platforms    ${stack.urls.adPlatforms}   (conversion API stand-in for Meta, LINE, TikTok, Google Ads: every request; JSON: /requests.json)
  DynamoDB Local  ${stack.urls.dynamodb}   S3 (s3rver) ${stack.urls.s3}   Cognito (cognito-local) ${stack.urls.cognito}

Demo logins (local only):
${DEMO_ACCOUNTS.map((a) => `  ${a.type.padEnd(11)} ${a.email.padEnd(22)} ${a.password}`).join('\n')}
${site ? `\nDemo site: "${DEMO_SITE_NAME}" (${site.siteId}), ${site.numberVertical}×${site.numberHorizontal}, languages ${site.languages.join('/')}, owned by creator@example.com, published at\n  ${stack.seeded?.url}   (English: ${stack.seeded?.url}en/)\n  and in the path form http://sites.localhost:${ports.edge}/sites/${site.siteId}/   (sign-up: ${stack.seeded?.url}register, contact: ${stack.seeded?.url}contact)` : ''}

Data lives in .local/ and survives a restart. Press Ctrl-C to stop.`)
}

main().catch((error) => {
  process.stderr.write(`\nnpm start failed: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
