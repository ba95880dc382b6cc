/**
 * `npm run media:reencode [-- --site <siteId>…] [--publish]`: the one-off re-encoding of issue 22,
 * against the running local stack (`npm start`; the same ports and names it uses). Every media key
 * a site references that should have web renditions and has none ready (media uploaded before
 * renditions existed, or whose renditions failed) gets them — the very job the sites jobs function
 * runs (`mediaReencode`, functions/src/sites/media.ts `reencodeSite`). Idempotent: ready media are
 * skipped. Sites keep serving their originals until they are published again; `--publish`
 * republishes each published site once its media are done.
 *
 * On AWS the same job runs in the sites jobs Lambda, one site per invocation:
 * `aws lambda invoke --function-name <SitesJobsFunction> --invocation-type Event --payload
 * '{"source":"swipe.job","context":"sites","type":"mediaReencode","id":"<siteId>"}' /dev/null`.
 */
import { parseArgs } from 'node:util'
import { bootstrap } from '../infra/local/bootstrap.ts'
import { configuredPorts, HOST } from '../infra/local/ports.ts'

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'

const { values } = parseArgs({
  options: { site: { type: 'string', multiple: true }, publish: { type: 'boolean', default: false } },
})
const ports = configuredPorts()
const url = (port: number) => `http://${HOST}:${port}`
const env = await bootstrap(
  { dynamodb: url(ports.dynamodb), s3: url(ports.s3), cognito: url(ports.cognito), mail: url(ports.mail) },
  `http://localhost:${ports.admin}`,
)
Object.assign(process.env, env, { POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN' })

// The platform `npm start` gives its handlers (functions/src/platform/local): renditions, and the
// host map a publish writes, as the stack's. Loaded once the environment is in place.
const [{ providePlatform }, { localPlatform }, { parsePlatformEnv }] = await Promise.all([
  import('../functions/src/platform/index.ts'),
  import('../functions/src/platform/local/index.ts'),
  import('../functions/src/platform/env.ts'),
])
providePlatform(localPlatform(parsePlatformEnv(process.env)))
const { Sites } = await import('../functions/src/data/sites.ts')
const { reencodeSite } = await import('../functions/src/sites/media.ts')
const siteIds = values.site?.length
  ? values.site
  : (await Sites.scan.go({ pages: 'all', attributes: ['siteId'] })).data.map((s) => s.siteId)

let failed = 0
for (const siteId of siteIds) {
  const outcome = await reencodeSite(siteId)
  const states = Object.values(outcome)
  const count = (state: string) => states.filter((s) => s === state).length
  failed += count('failed')
  process.stdout.write(
    `${siteId}: ${states.length} media, ${count('ready')} ready, ${count('failed')} failed, ${count('processing')} still processing\n`,
  )
  if (values.publish) {
    const site = (await Sites.get({ siteId }).go()).data
    if (site?.status === 'PUBLISH') {
      const { publishSite } = await import('../functions/src/publishing/publish.ts')
      await publishSite(siteId)
      process.stdout.write(`${siteId}: published again with its renditions\n`)
    }
  }
}
process.exit(failed ? 1 : 0)
