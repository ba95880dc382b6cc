import { randomUUID } from 'node:crypto'
import { translate } from '@swipe/shared'
import { beforeAll, describe, expect, it } from 'vitest'
import { createAccount, seededMaster, type TestAccount, tokenFor } from '../support/accounts.ts'
import { api, mailsTo } from '../support/api.ts'
import { useStackEnv } from '../support/env.ts'
import { formsCreator, publishVisitorSite, testIp, type VisitorSite } from '../support/visitor-site.ts'

/**
 * Idempotent POSTs (issue #12 item 4, docs/decisions/0007-idempotent-writes.md):
 * one `Idempotency-Key` runs its request once per caller, repeats get the first answer again or
 * 409 while it is still running, another request under the key is 422; and the plan's site limit
 * holds however many creates race for the last slot.
 */

const { urls } = useStackEnv()
const http = api(urls.api)

/** A call with the headers a test chooses. */
const send = (
  method: 'POST' | 'DELETE' | 'GET',
  path: string,
  options: { token?: string; key?: string; body?: unknown; headers?: Record<string, string> } = {},
) =>
  http.call(method, path, {
    ...options,
    headers: { ...(options.key === undefined ? {} : { 'idempotency-key': options.key }), ...options.headers },
  })

const createSite = (token: string, key: string | undefined, body: Record<string, unknown> = {}) =>
  send('POST', '/site', {
    token,
    ...(key === undefined ? {} : { key }),
    body: { name: '冪等性の確認', number_horizontal: 2, number_vertical: 2, ...body },
  })

const sitesOf = async (ownerId: string) => {
  const { Sites } = await import('../../functions/src/data/sites.ts')
  return (await Sites.query.byOwner({ ownerId }).go({ pages: 'all' })).data
}

const counterOf = async (ownerId: string) => {
  const { SiteCounters } = await import('../../functions/src/data/site-counters.ts')
  return (await SiteCounters.get({ ownerId }).go({ consistent: true })).data?.count
}

const inProgress = {
  error: { code: 'error.idempotencyInProgress', message: translate('ja', 'error.idempotencyInProgress') },
}

let root: TestAccount

/** A direct user on `planId` (none: the trial plan, one site), signed in. */
const creator = async (planId?: string) => {
  const oem = await createAccount({ type: 'OEM_MASTER', parent: root })
  const user = await createAccount({ type: 'USER', parent: oem, ...(planId ? { planId } : {}) })
  return { user, token: await tokenFor(http, user.email, user.password) }
}

beforeAll(async () => {
  root = await seededMaster(http)
})

describe('Idempotency-Key on POST /site', () => {
  it('creates one site for 20 identical concurrent creates; the others get its answer or 409', async () => {
    const { user, token } = await creator('pro_multi')
    const key = randomUUID()
    const answers = await Promise.all(Array.from({ length: 20 }, () => createSite(token, key)))

    const originals = answers.filter((a) => a.status === 201 && !a.headers.has('idempotent-replayed'))
    expect(originals).toHaveLength(1)
    const original = originals[0]!
    expect(original.body.global_setting.name).toBe('冪等性の確認')
    for (const answer of answers) {
      if (answer === original) continue
      if (answer.status === 201) {
        expect(answer.headers.get('idempotent-replayed')).toBe('true')
        expect(answer.headers.get('content-type')).toBe(original.headers.get('content-type'))
        expect(answer.text).toBe(original.text)
      } else {
        expect(answer.status).toBe(409)
        expect(answer.headers.get('retry-after')).toBe('1')
        expect(answer.body).toEqual(inProgress)
      }
    }
    const sites = await sitesOf(user.accountId)
    expect(sites.map((s) => s.siteId)).toEqual([original.body.global_setting.id])
    expect(await counterOf(user.accountId)).toBe(1)

    // A retry long after the first answer gets the same answer again, and creates nothing.
    const later = await createSite(token, key)
    expect(later.status).toBe(201)
    expect(later.headers.get('idempotent-replayed')).toBe('true')
    expect(later.text).toBe(original.text)
    expect(await sitesOf(user.accountId)).toHaveLength(1)

    // The same key with another request: 422 in the caller's language, nothing created.
    const other = await send('POST', '/site', {
      token,
      key,
      headers: { 'x-lang': 'en' },
      body: { name: '別のサイト', number_horizontal: 2, number_vertical: 2 },
    })
    expect(other.status).toBe(422)
    expect(other.headers.has('idempotent-replayed')).toBe(false)
    expect(other.body).toEqual({
      error: {
        code: 'error.idempotencyMismatch',
        message:
          'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
      },
    })
    expect(await sitesOf(user.accountId)).toHaveLength(1)

    // A new key is a new request.
    const next = await createSite(token, randomUUID())
    expect(next.status).toBe(201)
    expect(next.body.global_setting.id).not.toBe(original.body.global_setting.id)
    expect(await sitesOf(user.accountId)).toHaveLength(2)
  })

  it('keeps the keys of two accounts apart', async () => {
    const [a, b] = await Promise.all([creator('pro_multi'), creator('pro_multi')])
    const key = `shared-${randomUUID()}`
    const [fromA, fromB] = await Promise.all([createSite(a.token, key), createSite(b.token, key)])
    expect([fromA.status, fromB.status]).toEqual([201, 201])
    expect(fromA.headers.has('idempotent-replayed')).toBe(false)
    expect(fromB.headers.has('idempotent-replayed')).toBe(false)
    expect((await sitesOf(a.user.accountId)).map((s) => s.siteId)).toEqual([fromA.body.global_setting.id])
    expect((await sitesOf(b.user.accountId)).map((s) => s.siteId)).toEqual([fromB.body.global_setting.id])
  })

  it('refuses a malformed key with 400 and creates nothing', async () => {
    const { user, token } = await creator('pro_multi')
    const refused = await createSite(token, 'x'.repeat(256))
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({
      error: {
        code: 'error.idempotencyKeyInvalid',
        message: translate('ja', 'error.idempotencyKeyInvalid'),
      },
    })
    expect(await sitesOf(user.accountId)).toEqual([])
  })

  it('answers a refused create the same on a retry with its key; a new key is asked anew', async () => {
    const { user, token } = await creator()
    const first = await createSite(token, randomUUID())
    expect(first.status).toBe(201)
    const key = randomUUID()
    const refused = await createSite(token, key, { name: '二つ目' })
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe('plan.siteLimit')

    const removed = await send('DELETE', `/site/${first.body.global_setting.id}?version=1`, { token })
    expect(removed.status).toBe(200)
    expect(await counterOf(user.accountId)).toBe(0)

    const replayed = await createSite(token, key, { name: '二つ目' })
    expect(replayed.status).toBe(403)
    expect(replayed.headers.get('idempotent-replayed')).toBe('true')
    expect(replayed.text).toBe(refused.text)
    const fresh = await createSite(token, randomUUID(), { name: '二つ目' })
    expect(fresh.status).toBe(201)
    expect((await sitesOf(user.accountId)).map((s) => s.name)).toEqual(['二つ目'])
    expect(await counterOf(user.accountId)).toBe(1)
  })
})

describe('the site limit under concurrency', () => {
  it('lets 20 concurrent creates with their own keys on a 1-site plan make 1 site', async () => {
    const { user, token } = await creator()
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => createSite(token, randomUUID(), { name: `同時${i}` })),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array.from({ length: 19 }, () => 403)])
    for (const answer of answers.filter((a) => a.status === 403))
      expect(answer.body).toEqual({
        error: {
          code: 'plan.siteLimit',
          message:
            'ご契約のプランで作成できるサイトは1件までです。サイトを削除するかプランを変更してください。',
        },
      })
    const created = answers.find((a) => a.status === 201)!
    expect((await sitesOf(user.accountId)).map((s) => s.siteId)).toEqual([created.body.global_setting.id])
    expect(await counterOf(user.accountId)).toBe(1)
  })

  it('gives every concurrent first create of a new owner its slot while the plan has room (the counter is made once)', async () => {
    const { user, token } = await creator('pro_multi')
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createSite(token, randomUUID(), { name: `初回${i}` })),
    )
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 12 }, () => 201))
    expect(await sitesOf(user.accountId)).toHaveLength(12)
    expect(await counterOf(user.accountId)).toBe(12)
  })

  it('holds without any key too', async () => {
    const { user, token } = await creator('light')
    const answers = await Promise.all(Array.from({ length: 10 }, () => createSite(token, undefined)))
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 403)).toHaveLength(9)
    expect(await sitesOf(user.accountId)).toHaveLength(1)
  })

  it('counts the sites an owner had before the counter existed, on create and on delete', async () => {
    const { Sites } = await import('../../functions/src/data/sites.ts')
    const older = (ownerId: string, ancestors: string[]) =>
      Sites.create({
        siteId: randomUUID(),
        ownerId,
        tenantIds: [...ancestors, ownerId],
        siteUuid: randomUUID(),
        name: '以前のサイト',
        status: 'DRAFT',
        numberHorizontal: 1,
        numberVertical: 1,
        languages: ['JP'],
      }).go()

    // On create: the light plan's one site is taken by the older site.
    const first = await creator('light')
    const site = (await older(first.user.accountId, first.user.ancestorIds)).data
    expect(await counterOf(first.user.accountId)).toBeUndefined()
    const refused = await createSite(first.token, randomUUID())
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe('plan.siteLimit')
    expect(await counterOf(first.user.accountId)).toBe(1)
    const removed = await send('DELETE', `/site/${site.siteId}?version=1`, { token: first.token })
    expect(removed.status).toBe(200)
    expect(await counterOf(first.user.accountId)).toBe(0)
    expect((await createSite(first.token, randomUUID())).status).toBe(201)

    // On delete: the first thing the owner does is deleting one of two older sites.
    const second = await creator('standard')
    const [kept, gone] = [
      (await older(second.user.accountId, second.user.ancestorIds)).data,
      (await older(second.user.accountId, second.user.ancestorIds)).data,
    ]
    const deleted = await send('DELETE', `/site/${gone.siteId}?version=1`, { token: second.token })
    expect(deleted.status).toBe(200)
    expect(await counterOf(second.user.accountId)).toBe(1)
    expect((await sitesOf(second.user.accountId)).map((s) => s.siteId)).toEqual([kept.siteId])
  })

  it('frees no slot for a delete that lost to another change', async () => {
    const { user, token } = await creator('light')
    const created = await createSite(token, randomUUID())
    const stale = await send('DELETE', `/site/${created.body.global_setting.id}?version=2`, { token })
    expect(stale.status).toBe(409)
    expect(await counterOf(user.accountId)).toBe(1)
    expect(await sitesOf(user.accountId)).toHaveLength(1)
  })
})

describe('Idempotency-Key on a visitor form', () => {
  let site: VisitorSite

  beforeAll(async () => {
    site = await publishVisitorSite(http, await formsCreator(http))
  })

  it('stores one contact message for 20 identical posts with one key', async () => {
    const email = `visitor-${randomUUID().slice(0, 8)}@example.com`
    const key = randomUUID()
    const ip = testIp()
    const body = {
      lang: 'JP',
      data: { email, company: '株式会社ビジター', topic: 'Support', message: '一度だけ届くはず' },
    }
    const post = () =>
      send('POST', `/end-user/site/${site.siteId}/contact`, {
        key,
        body,
        headers: { 'x-viewer-address': `${ip}:443` },
      })
    const answers = await Promise.all(Array.from({ length: 20 }, post))
    const originals = answers.filter((a) => a.status === 201 && !a.headers.has('idempotent-replayed'))
    expect(originals).toHaveLength(1)
    expect(originals[0]!.body).toEqual({ status: 'received' })
    for (const answer of answers) {
      if (answer === originals[0]) continue
      if (answer.status === 201) expect(answer.text).toBe(originals[0]!.text)
      else expect([answer.status, answer.body]).toEqual([409, inProgress])
    }
    const later = await post()
    expect([later.status, later.headers.get('idempotent-replayed'), later.text]).toEqual([
      201,
      'true',
      originals[0]!.text,
    ])

    const { SiteSubmissions } = await import('../../functions/src/data/submissions.ts')
    const stored = (
      await SiteSubmissions.query.byKind({ siteId: site.siteId, kind: 'contact' }).go({ pages: 'all' })
    ).data
    expect(stored.filter((s) => s.email === email)).toHaveLength(1)
    const mails = (await mailsTo(urls.mail, site.recipient)).filter((m) => m.subject.includes(email))
    expect(mails).toHaveLength(1)
  })
})
