import { readFileSync } from 'node:fs'
import type { ProvidedStack } from '../../test/support/stack.ts'
import { type BenchContext, scriptContext } from './script.ts'

export { runsAsScript } from './script.ts'

/** The demo site the seed published. */
export interface DemoSite {
  siteId: string
  url: string
}

/**
 * A benchmark that runs against a local stack: its own (the script) or the integration tests'
 * running one (`npm test`). The handler environment (`stack.env`) is in `process.env` already.
 */
export interface StackBenchContext extends BenchContext {
  stack: ProvidedStack
  demo: DemoSite
}

/** The stack's clock now, as its handlers read it (test/support/clock.ts; a script's stack: 0 ahead). */
export const stackNow = (stack: Pick<ProvidedStack, 'clockFile'>): number =>
  Date.now() + (Number(readFileSync(stack.clockFile, 'utf8')) || 0)

/**
 * Runs a stack benchmark as its script does: a whole local stack of its own on free ports (seeded,
 * in-memory DynamoDB), its environment set for the handler modules the benchmark imports, stopped
 * afterwards.
 */
export const runOnOwnStack = async (bench: (ctx: StackBenchContext) => Promise<unknown>) => {
  const { startTestStack } = await import('../../test/support/stack.ts')
  const stack = await startTestStack({ admin: false })
  try {
    Object.assign(process.env, stack.env)
    const seeded = stack.seeded
    if (!seeded) throw new Error('The seed published no demo site')
    await bench({
      ...scriptContext(),
      stack: { urls: stack.urls, env: stack.env, clockFile: stack.clockFile },
      demo: { siteId: seeded.site.siteId, url: seeded.url },
    })
  } finally {
    await stack.stop()
  }
}

/**
 * The seeded demo site of a running stack, found as the seed finds it (its creator's site of that
 * name). Requires the stack's environment in `process.env`.
 */
export const findDemoSite = async (): Promise<DemoSite> => {
  const { DEMO_ACCOUNTS, DEMO_SITE_NAME } = await import('../../infra/local/seed.ts')
  const { Accounts } = await import('../../functions/src/data/accounts.ts')
  const { Sites } = await import('../../functions/src/data/sites.ts')
  const { siteUrl } = await import('../../functions/src/platform/services/urls.ts')
  const creator = DEMO_ACCOUNTS.find((account) => account.key === 'creator')
  if (!creator) throw new Error('No demo creator in DEMO_ACCOUNTS')
  const account = (await Accounts.query.byEmail({ email: creator.email }).go()).data[0]
  if (!account) throw new Error(`No seeded account ${creator.email}`)
  const owned = await Sites.query.byOwner({ ownerId: account.accountId }).go({ pages: 'all' })
  const site = owned.data.find((s) => s.name === DEMO_SITE_NAME)
  if (!site) throw new Error(`No seeded site ${DEMO_SITE_NAME}`)
  return { siteId: site.siteId, url: siteUrl(site) }
}
