import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { createAccount, seededMaster, type TestAccount, tokenFor } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { useStackEnv, useStackPlatform } from '../support/env.ts'

const { urls } = useStackEnv()
// Expiring a site in this worker flips the stack's host map (the local platform's).
useStackPlatform()
const http = api(urls.api)

const USER_STATUSES = ['ACTIVE', 'SUSPENDED', 'TERMINATED', 'INACTIVE']
const SITE_STATUSES = ['PUBLISH', 'UNPUBLISHED', 'DRAFT', 'EXPIRED', 'PRIVATE', 'DOMAIN_VERIFYING']
const counted = (statuses: string[], counts: Record<string, number>) => ({
  total: Object.values(counts).reduce((a, b) => a + b, 0),
  by_status: statuses.map((status) => ({ status, count: counts[status] ?? 0 })),
})

/**
 * The summary is read from counters kept on writes (functions/src/domain/tallies.ts). One fresh OEM
 * per run, so its scope is this file's alone and every count is exact.
 */
describe('GET /summary from counters kept on writes', () => {
  let master: string
  let oem: TestAccount
  let oemToken: string
  const summary = async (token: string) => {
    const response = await http.get('/summary', { token })
    expect(response.status).toBe(200)
    return response.body
  }
  const newUser = async () => {
    const created = await http.post(
      '/users',
      {
        account_type: 'USER',
        parent_id: oem.accountId,
        email: `summary-${randomUUID().slice(0, 8)}@example.com`,
        company_name: '集計テスト',
        contact_name: '集計 担当',
      },
      { token: master },
    )
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    return created.body as { id: string; version: number }
  }

  beforeAll(async () => {
    master = await tokenFor(http, 'master@example.com', 'Master#Local1')
    oem = await createAccount({ type: 'OEM_MASTER', parent: await seededMaster(http) })
    oemToken = await tokenFor(http, oem.email, oem.password)
  })

  it('counts creates, contract changes, site status changes and deletes of the scope exactly', async () => {
    expect(await summary(oemToken)).toEqual({
      users: counted(USER_STATUSES, {}),
      sites: counted(SITE_STATUSES, {}),
    })

    const kept = await newUser()
    const paused = await newUser()
    const removed = await newUser()
    const suspend = await http.post(
      `/users/${paused.id}/contract`,
      { action: 'suspend', version: paused.version },
      { token: master },
    )
    expect(suspend.status).toBe(200)
    const gone = await http.call('DELETE', `/users/${removed.id}?version=${removed.version}`, {
      token: master,
    })
    expect(gone.status).toBe(200)

    const creator = await createAccount({ type: 'USER', parent: oem, planId: 'pro_multi' })
    const creatorToken = await tokenFor(http, creator.email, creator.password)
    const site = async (name: string) => {
      const created = await http.post(
        '/site',
        { name, number_horizontal: 2, number_vertical: 2, languages: ['JP'] },
        { token: creatorToken },
      )
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      return { id: created.body.global_setting.id as string, version: created.body.version as number }
    }
    const expiring = await site('期限切れ')
    await site('下書き')
    const deleted = await site('削除')
    const { expireSite } = await import('../../functions/src/publishing/publish.ts')
    await expireSite(expiring.id)
    const dropped = await http.call('DELETE', `/site/${deleted.id}?version=${deleted.version}`, {
      token: creatorToken,
    })
    expect(dropped.status).toBe(200)

    const expected = {
      users: counted(USER_STATUSES, { ACTIVE: 2, SUSPENDED: 1 }),
      sites: counted(SITE_STATUSES, { DRAFT: 1, EXPIRED: 1 }),
    }
    expect(await summary(oemToken)).toEqual(expected)
    expect(await summary(creatorToken)).toEqual({ users: null, sites: expected.sites })

    // The same figures as the lists the OEM sees.
    const users = (await http.get('/users?limit=100', { token: oemToken })).body.items as Array<{
      contract_status: string
    }>
    expect(users.map((u) => u.contract_status).sort()).toEqual(['ACTIVE', 'ACTIVE', 'SUSPENDED'])
    const sites = (await http.get('/site?limit=100', { token: oemToken })).body.items as Array<{
      status: string
    }>
    expect(sites.map((s) => s.status).sort()).toEqual(['DRAFT', 'EXPIRED'])
    expect(kept.id).toBeTruthy()
  })

  it('counts a scope whose counters are missing from the indexes on first use', async () => {
    const before = await summary(oemToken)
    const { Tallies } = await import('../../functions/src/data/tallies.ts')
    await Tallies.delete({ scopeId: oem.accountId }).go()
    expect((await Tallies.get({ scopeId: oem.accountId }).go()).data).toBeNull()
    expect(await summary(oemToken)).toEqual(before)
    expect((await Tallies.get({ scopeId: oem.accountId }).go({ consistent: true })).data).not.toBeNull()
  })

  it("answers the platform's counts to staff: totals agree with their statuses", async () => {
    const all = await summary(master)
    expect(all.users.total).toBe(
      all.users.by_status.reduce((s: number, x: { count: number }) => s + x.count, 0),
    )
    expect(all.users.total).toBeGreaterThanOrEqual(6)
    expect(all.sites.total).toBe(
      all.sites.by_status.reduce((s: number, x: { count: number }) => s + x.count, 0),
    )
    expect(all.sites.by_status.map((s: { status: string }) => s.status)).toEqual(SITE_STATUSES)
  })
})
