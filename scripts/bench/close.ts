/**
 * `npm run bench:close`: the monthly close of 100 and 1,000 accounts (docs/decisions/0072-close-fans-out.md).
 * Starts the local stack on free ports and stores 1,000 users on a paid plan (a site each, with
 * billable page views on three days of every month closed), as the data layer stores them. Then,
 * for each size, each in a month of its own (so no run finds another's invoices):
 *
 * - "before": the serial close as it was before the fan-out (`closeMonth` of commit BEFORE's
 *   functions/src/billing/close.ts, taken from git and run from a temporary copy beside today's);
 * - "serial": today's close with the queue bound to 1 job at a time;
 * - "fanned out": today's close with the runtime table's bound.
 *
 * A warm-up close of 20 accounts in each mode comes first and is not counted (the PDF font, the
 * code of every step loaded once).
 *
 * Each prints the wall time (start to every account settled), ms per account, the time the
 * invoice PDFs took to draw per account (in the time of a job that waits for its PDF), the DynamoDB
 * requests per account (counted on the client: the coordinator's listing included, the waiting
 * for the run excluded) and the ratio to "before". Invoice PDFs are drawn in this process, as
 * under `npm start`; on AWS they are the documents Lambda's.
 *
 * Quick mode (`npm test`, docs/decisions/0075-bench-quick-modes.md): 2 accounts, no warm-up, "serial"
 * and "fanned out" only: "before" is a file taken from git and written beside today's close, which
 * the lint and typecheck lanes running beside the integration tests would read.
 */
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { runOnOwnStack, runsAsScript, type StackBenchContext } from './context.ts'
import { fmt } from './load.ts'

/** The commit whose close was serial (the last before the fan-out). */
const BEFORE = process.env.BENCH_CLOSE_BEFORE ?? '0c16ed5'
const ROOT = join(import.meta.dirname, '..', '..')

type Mode = 'before' | 'serial' | 'fanned out'

export interface CloseFigures {
  /** One row per size and mode. */
  rows: {
    accounts: number
    mode: Mode
    atOnce: number
    wallSeconds: number
    msPerAccount: number
    pdfMsPerAccount: number
    requestsPerAccount: number
    /** The "before" run's time over this one's (null without a "before" run). */
    timesBefore: number | null
  }[]
}

export const benchClose = async ({ stack, quick, print }: StackBenchContext): Promise<CloseFigures> => {
  const SIZES = quick ? [2] : [100, 1_000]
  const MODES: readonly Mode[] = quick ? ['serial', 'fanned out'] : ['before', 'serial', 'fanned out']
  const beforeCopy = join(ROOT, 'functions', 'src', 'billing', `close-before-${randomUUID().slice(0, 8)}.ts`)
  let countRequests: { remove: () => void } | undefined
  try {
    Object.assign(process.env, { POWERTOOLS_LOG_LEVEL: 'ERROR' })
    if (MODES.includes('before'))
      writeFileSync(
        beforeCopy,
        execFileSync('git', ['show', `${BEFORE}:functions/src/billing/close.ts`], {
          cwd: ROOT,
          encoding: 'utf8',
        }),
      )
    const [
      { providePlatform },
      { localPlatform },
      { localJobs },
      { parsePlatformEnv },
      { dynamo },
      { Accounts },
      { Sites },
      { BillableViews },
      { startClose, closeResult },
      before,
    ] = await Promise.all([
      import('../../functions/src/platform/index.ts'),
      import('../../functions/src/platform/local/index.ts'),
      import('../../functions/src/platform/local/jobs.ts'),
      import('../../functions/src/platform/env.ts'),
      import('../../functions/src/platform/services/dynamo.ts'),
      import('../../functions/src/data/accounts.ts'),
      import('../../functions/src/data/sites.ts'),
      import('../../functions/src/data/analytics.ts'),
      import('../../functions/src/billing/close.ts'),
      MODES.includes('before')
        ? (import(beforeCopy) as Promise<{
            closeMonth: (month: string, o: { accountIds: string[] }) => Promise<unknown>
          }>)
        : undefined,
    ])
    const env = parsePlatformEnv(process.env)
    const local = localPlatform(env, { clockFile: stack.clockFile })
    // The invoice PDFs, drawn in this process (on AWS: the documents Lambda), timed.
    let renderMs = 0
    const base = {
      ...local,
      documents: {
        render: async (request: Parameters<typeof local.documents.render>[0]) => {
          const started = performance.now()
          try {
            return await local.documents.render(request)
          } finally {
            renderMs += performance.now() - started
          }
        },
      },
    }

    // Every DynamoDB request this process makes, by command.
    let requests = 0
    dynamo.middlewareStack.add(
      (next) => async (args) => {
        requests++
        return next(args)
      },
      { step: 'initialize', name: 'benchCloseCount' },
    )
    countRequests = { remove: () => dynamo.middlewareStack.remove('benchCloseCount') }

    // 1,000 users on the light plan since 2024, each with one 2 × 2 site and billable views on three
    // days of each month closed below (the months of 2025). Their emails are this run's own.
    const seedStarted = performance.now()
    const created = Date.UTC(2024, 0, 1)
    const tag = randomUUID().slice(0, 8)
    const users = Array.from({ length: Math.max(...SIZES) }, (_, i) => ({
      accountId: randomUUID(),
      accountType: 'USER' as const,
      ancestorIds: [],
      email: `close-${tag}-${i}@example.com`,
      companyName: `Close bench ${i} 株式会社`,
      contractStatus: 'ACTIVE' as const,
      authority: 'EDIT' as const,
      planId: 'light',
      cognitoUsername: `close-${tag}-${i}@example.com`,
      createdAt: created,
    }))
    const months = Array.from(
      { length: SIZES.length * 3 },
      (_, i) => `2025-${String(i + 1).padStart(2, '0')}`,
    )
    const sites = users.map((user) => ({
      siteId: randomUUID(),
      siteUuid: randomUUID(),
      ownerId: user.accountId,
      tenantIds: [user.accountId],
      name: 'bench',
      numberHorizontal: 2,
      numberVertical: 2,
      languages: ['JP'],
      createdAt: created,
    }))
    const views = sites.flatMap((site, i) =>
      months.flatMap((month) =>
        ['05', '15', '25'].map((d) => ({ siteId: site.siteId, day: `${month}-${d}`, views: 100 + (i % 50) })),
      ),
    )
    for (const [entity, items] of [
      [Accounts, users],
      [Sites, sites],
      [BillableViews, views],
    ] as const) {
      for (let i = 0; i < items.length; i += 25 * 8)
        await Promise.all(
          Array.from({ length: 8 }, (_, j) => items.slice(i + j * 25, i + (j + 1) * 25))
            .filter((chunk) => chunk.length)
            .map((chunk) => (entity as typeof Accounts).put(chunk as never).go()),
        )
    }
    print(
      `stored ${users.length} accounts, ${sites.length} sites and ${views.length} billable-view days in ${fmt((performance.now() - seedStarted) / 1000)} s\n`,
    )

    const at = Date.UTC(2026, 0, 1)
    const run = async (mode: Mode, size: number, month: string) => {
      const accountIds = users.slice(0, size).map((u) => u.accountId)
      const queue = localJobs(env, mode === 'serial' ? { concurrency: { 'billing.closeAccount': 1 } } : {})
      const restore = providePlatform({ ...base, jobs: queue })
      try {
        requests = 0
        renderMs = 0
        const started = performance.now()
        let issued: number
        if (mode === 'before') {
          const result = (await before!.closeMonth(month, { accountIds })) as { issued: string[] }
          issued = result.issued.length
        } else {
          const { runId } = await startClose(month, { at, accountIds })
          await queue.idle()
          const counted = requests
          const result = await closeResult(runId)
          requests = counted
          if (!result.settled) throw new Error(`run ${runId} not settled`)
          issued = result.issued.length
        }
        const ms = performance.now() - started
        if (issued !== size) throw new Error(`${mode} ${size}: issued ${issued}, not ${size}`)
        const inFlight = mode === 'before' ? 1 : queue.stats('billing.closeAccount').maxInFlight
        return { ms, perAccount: ms / size, requests: requests / size, inFlight, pdf: renderMs / size }
      } finally {
        restore()
      }
    }

    // Warm-up, not counted: the first close in a process loads the PDF font and the code of every
    // step; each mode closes 20 accounts in a month of its own (2025-10 to 2025-12).
    if (!quick) for (const [i, mode] of MODES.entries()) await run(mode, 20, `2025-${10 + i}`)

    print(
      `\n${'accounts'.padStart(8)}  ${'close'.padEnd(12)} ${'at once'.padStart(7)} ${'wall s'.padStart(8)} ${'ms/account'.padStart(10)} ${'PDF ms/account'.padStart(14)} ${'DynamoDB req/account'.padStart(20)} ${'× before'.padStart(9)}\n`,
    )
    const rows: CloseFigures['rows'] = []
    let m = 0
    for (const size of SIZES) {
      let baseline = 0
      for (const mode of MODES) {
        const figures = await run(mode, size, months[m++]!)
        if (mode === 'before') baseline = figures.ms
        const timesBefore = baseline ? baseline / figures.ms : null
        rows.push({
          accounts: size,
          mode,
          atOnce: figures.inFlight,
          wallSeconds: figures.ms / 1000,
          msPerAccount: figures.perAccount,
          pdfMsPerAccount: figures.pdf,
          requestsPerAccount: figures.requests,
          timesBefore,
        })
        print(
          `${String(size).padStart(8)}  ${mode.padEnd(12)} ${String(figures.inFlight).padStart(7)} ${fmt(figures.ms / 1000, 1).padStart(8)} ${fmt(figures.perAccount, 1).padStart(10)} ${fmt(figures.pdf, 1).padStart(14)} ${fmt(figures.requests, 1).padStart(20)} ${(timesBefore === null ? '–' : fmt(timesBefore, 2)).padStart(9)}\n`,
        )
      }
    }
    return { rows }
  } finally {
    countRequests?.remove()
    rmSync(beforeCopy, { force: true })
  }
}

if (runsAsScript(import.meta.url)) await runOnOwnStack(benchClose)
