import { randomUUID } from 'node:crypto'
import { jstDay } from '@swipe/shared/time/jst'
import { beforeAll, describe, expect, it } from 'vitest'
import type { LocalJobQueue } from '../../functions/src/platform/local/jobs.ts'
import { createAccount, seededMaster, type TestAccount } from '../support/accounts.ts'
import { api, mailsTo } from '../support/api.ts'
import { stackNow } from '../support/clock.ts'
import { useStackEnv, useStackPlatform } from '../support/env.ts'

/*
 * The monthly close fanned out (docs/decisions/0072-close-fans-out.md): the coordinator starts one
 * `billing.closeAccount` job per account, which the local queue runs as SQS and the event source
 * mapping run them on AWS: through the billing jobs Lambda's handler as SQS batches, at most the
 * runtime table's concurrency at once, a failed job delivered again until its attempts are spent.
 */

const { urls } = useStackEnv()
const http = api(urls.api)

/** The queue this file's close runs through; its stats are what the test reads. */
let queue: LocalJobQueue
/** The one account whose first invoice PDF fails, as a throttled documents Lambda would. */
const FLAKY = `Flaky ${randomUUID().slice(0, 8)} 株式会社`
const renders: string[] = []
let flakyFailed = 0
useStackPlatform((local) => ({
  jobs: {
    start: (event) => queue.start(event),
    startAll: (events) => queue.startAll(events),
  },
  documents: {
    render: async (request) => {
      const company = request.kind === 'invoice' ? request.document.recipient.companyName : ''
      renders.push(company)
      if (company === FLAKY && flakyFailed === 0) {
        flakyFailed++
        throw new Error('Rate Exceeded. (TooManyRequestsException from the documents Lambda)')
      }
      return local.documents.render(request)
    },
  },
}))

const ACCOUNTS = 50
const currentMonth = () => jstDay(stackNow()).slice(0, 7)

let oem: TestAccount
let users: Array<{ accountId: string; email: string; companyName: string }>
let flaky: { accountId: string; email: string }

beforeAll(async () => {
  const [{ localJobs }, { parsePlatformEnv }] = await Promise.all([
    import('../../functions/src/platform/local/jobs.ts'),
    import('../../functions/src/platform/env.ts'),
  ])
  queue = localJobs(parsePlatformEnv(process.env))
  const root = await seededMaster(http)
  // The OEM master is on the free partner plan: listed, not billed.
  oem = await createAccount({ type: 'OEM_MASTER', parent: root })
  // 50 users on a paid plan, stored as the API stores them (with the summary's counts), 10 at a
  // time: they never sign in, so no pool users.
  const { putCountedAccount } = await import('../../functions/src/domain/tallies.ts')
  users = Array.from({ length: ACCOUNTS }, (_, i) => {
    const id = randomUUID()
    return {
      accountId: id,
      email: `fanout-${id.slice(0, 8)}@example.com`,
      companyName: `Fan-out ${i} 株式会社`,
    }
  })
  users[17]!.companyName = FLAKY
  flaky = users[17]!
  for (let i = 0; i < users.length; i += 10)
    await Promise.all(
      users.slice(i, i + 10).map((user) =>
        putCountedAccount({
          accountId: user.accountId,
          accountType: 'USER',
          parentId: oem.accountId,
          parentType: 'OEM_MASTER',
          ancestorIds: [...oem.ancestorIds, oem.accountId],
          email: user.email,
          companyName: user.companyName,
          contractStatus: 'ACTIVE',
          authority: 'EDIT',
          planId: 'light',
          cognitoUsername: user.email,
        }),
      ),
    )
})

describe('the close, fanned out', () => {
  it('closes 50 accounts through queued jobs: bounded, the failing one retried and issued once, nothing twice', async () => {
    const { closeMonth } = await import('../../functions/src/billing/close.ts')
    const { CloseOutcomes, InvoiceClaims, Invoices } = await import('../../functions/src/data/billing.ts')
    const month = currentMonth()
    const accountIds = [oem.accountId, ...users.map((u) => u.accountId)]

    const first = await closeMonth(month, { accountIds })
    expect({ ...first, issued: first.issued.length }).toEqual({
      month,
      issued: ACCOUNTS,
      existing: 0,
      notBillable: 1,
      failed: [],
    })
    expect(new Set(first.issued).size).toBe(ACCOUNTS)

    // One job per account, at most the table's 10 at once (and more than one: it fanned out); the
    // flaky account's job delivered twice, every other one once; nothing left as a dead letter.
    const stats = queue.stats('billing.closeAccount')
    expect(stats.maxInFlight).toBeGreaterThan(1)
    expect(stats.maxInFlight).toBeLessThanOrEqual(10)
    expect(stats.deadLetters).toEqual([])
    expect(stats.attempts.size).toBe(ACCOUNTS + 1)
    const deliveries = [...stats.attempts].filter(([, n]) => n > 1)
    expect(deliveries).toHaveLength(1)
    expect(deliveries[0]![0]).toMatch(new RegExp(`:${flaky.accountId}$`))
    expect(deliveries[0]![1]).toBe(2)
    expect(stats.deliveries).toBe(ACCOUNTS + 2)
    expect(flakyFailed).toBe(1)
    expect(renders.filter((company) => company === FLAKY)).toHaveLength(2)
    expect(renders).toHaveLength(ACCOUNTS + 1)

    // Exactly one invoice and one claim per account, as stored; the claim names that invoice.
    const stored = await Promise.all(
      users.map(async (user) => ({
        invoices: (await Invoices.query.byAccount({ accountId: user.accountId }).go({ pages: 'all' })).data,
        claim: (await InvoiceClaims.get({ accountId: user.accountId, month }).go({ consistent: true })).data,
      })),
    )
    for (const [i, { invoices, claim }] of stored.entries()) {
      expect(
        invoices.map((inv) => [inv.month, inv.planId, inv.total]),
        users[i]!.accountId,
      ).toEqual([[month, 'light', expect.any(Number)]])
      expect(claim?.invoiceId).toBe(invoices[0]!.invoiceId)
    }
    expect(new Set(stored.map((s) => s.invoices[0]!.invoiceId))).toEqual(new Set(first.issued))
    expect((await Invoices.query.byAccount({ accountId: oem.accountId }).go({ pages: 'all' })).data).toEqual(
      [],
    )
    // The retried account's outcome: issued on its second attempt; one mail.
    const [, runId] = /^(.+):/.exec(deliveries[0]![0]) ?? []
    const outcome = (await CloseOutcomes.get({ runId: runId!, accountId: flaky.accountId }).go()).data
    expect(outcome).toMatchObject({ outcome: 'issued', attempt: 2, settled: true })
    expect(await mailsTo(urls.mail, flaky.email)).toHaveLength(1)

    // A second run issues nothing new, mails nothing more.
    const second = await closeMonth(month, { accountIds })
    expect(second).toEqual({ month, issued: [], existing: ACCOUNTS, notBillable: 1, failed: [] })
    for (const user of users.slice(0, 5))
      expect(
        (await Invoices.query.byAccount({ accountId: user.accountId }).go({ pages: 'all' })).data,
      ).toHaveLength(1)
    expect(await mailsTo(urls.mail, flaky.email)).toHaveLength(1)
    await queue.idle()
    expect(queue.stats('billing.closeAccount').deadLetters).toEqual([])
  })

  it('keeps an account that fails on every attempt as a dead letter, and reports it failed', async () => {
    const { closeMonth } = await import('../../functions/src/billing/close.ts')
    const { BillingIssuers } = await import('../../functions/src/data/billing.ts')
    const root = await seededMaster(http)
    // An OEM that bills its own users with a registration number whose check digit is wrong.
    const partner = await createAccount({ type: 'OEM_MASTER', parent: root })
    await BillingIssuers.put({
      issuerId: partner.accountId,
      name: '誤登録株式会社',
      registrationNumber: 'T1011001098766',
      address: '大阪府大阪市北区1-1',
      bankName: 'テスト銀行',
      bankBranch: '北支店',
      bankAccountType: '普通',
      bankAccountNumber: '1111111',
      bankAccountHolder: 'ゴトウロク（カ）',
      billsOwnUsers: true,
    }).go()
    const user = await createAccount({ type: 'USER', parent: partner, planId: 'light' })
    const before = queue.stats('billing.closeAccount')
    const result = await closeMonth(currentMonth(), { accountIds: [user.accountId] })
    expect(result).toEqual({
      month: currentMonth(),
      issued: [],
      existing: 0,
      notBillable: 0,
      failed: [
        {
          accountId: user.accountId,
          reason: `Issuer ${partner.accountId} has an invalid registration number`,
        },
      ],
    })
    await queue.idle()
    const after = queue.stats('billing.closeAccount')
    // Delivered three times (the table's maxAttempts), then kept.
    expect(after.deliveries - before.deliveries).toBe(3)
    expect(after.deadLetters.slice(before.deadLetters.length).map((e) => e.input?.accountId)).toEqual([
      user.accountId,
    ])
  })
})
