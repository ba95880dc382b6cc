/**
 * `npm run billing:close -- --month YYYY-MM [--account <id>]`: the monthly closing run on demand,
 * against the running local stack (`npm start`; the same ports and names it uses). It starts the
 * run the schedule's job starts (functions/src/billing/close.ts `closeMonth`): one
 * `billing.closeAccount` job per billable account, through this process's queue with the runtime
 * table's bound and retries (docs/decisions/0072-close-fans-out.md), and waits until every account
 * is settled; idempotent, so running it twice changes nothing. Card invoices are charged through the Stripe
 * stand-in of `npm start` (its address is in the data folder; `STRIPE_PORT` if it was fixed).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { bootstrap } from '../infra/local/bootstrap.ts'
import { configuredPorts, HOST } from '../infra/local/ports.ts'

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'

const { values } = parseArgs({
  options: { month: { type: 'string' }, account: { type: 'string', multiple: true } },
})
if (!values.month || !/^\d{4}-(0[1-9]|1[0-2])$/.test(values.month)) {
  process.stderr.write('Usage: npm run billing:close -- --month YYYY-MM [--account <accountId>]\n')
  process.exit(2)
}
const ports = configuredPorts()
/** The stand-in `npm start` runs (its address is in the data folder), or `STRIPE_PORT`'s. */
const stripeUrl = () => {
  if (process.env.STRIPE_PORT) return `http://${HOST}:${process.env.STRIPE_PORT}`
  const file = join(process.env.LOCAL_DATA_DIR ?? join(import.meta.dirname, '..', '.local'), 'stripe-url')
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : `http://${HOST}:0`
}
const url = (port: number) => `http://${HOST}:${port}`
const env = await bootstrap(
  { dynamodb: url(ports.dynamodb), s3: url(ports.s3), cognito: url(ports.cognito), mail: url(ports.mail) },
  `http://localhost:${ports.admin}`,
)
Object.assign(process.env, env, {
  STRIPE_SECRET_KEY: 'sk_test_local_stand_in',
  STRIPE_API_URL: stripeUrl(),
  POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
})
// The platform `npm start` gives its handlers (functions/src/platform/local): the invoice PDFs are
// drawn in this process. Loaded once the environment is in place: handler modules read it at load.
const [{ providePlatform }, { localPlatform }, { parsePlatformEnv }] = await Promise.all([
  import('../functions/src/platform/index.ts'),
  import('../functions/src/platform/local/index.ts'),
  import('../functions/src/platform/env.ts'),
])
providePlatform(localPlatform(parsePlatformEnv(process.env)))
const { closeMonth } = await import('../functions/src/billing/close.ts')
const result = await closeMonth(values.month, values.account ? { accountIds: values.account } : {})
process.stdout.write(
  `Closed ${result.month}: ${result.issued.length} issued, ${result.existing} already issued, ${result.notBillable} not billable, ${result.failed.length} failed\n`,
)
for (const failure of result.failed)
  process.stdout.write(`  failed ${failure.accountId}: ${failure.reason}\n`)
process.exit(result.failed.length ? 1 : 0)
