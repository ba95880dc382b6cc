import type { RouteDef } from '@swipe/shared/contract/routes'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { logger } from '../platform/services/logger.ts'
import type { Actor } from './auth.ts'
import { AppError, BadRequestError, ForbiddenError, TooManyRequestsError } from './errors.ts'
import type { Event, Result } from './http.ts'
import {
  type Claim,
  callerScope,
  canonicalJson,
  decide,
  type ExistingRecord,
  encodeResponse,
  type IdempotencyStore,
  idempotencyKeyOf,
  RECORD_TTL_MS,
  type RecordId,
  replayOf,
  requestFingerprint,
  type StoredResponse,
  shouldStore,
  TAKEOVER_AFTER_MS,
  withIdempotency,
} from './idempotency.ts'

const route = (overrides: Partial<RouteDef> = {}): RouteDef => ({
  method: 'POST',
  path: '/site',
  context: 'sites',
  action: 'create',
  auth: 'admin',
  ...overrides,
})

const event = (headers: Record<string, string> = {}, overrides: Record<string, unknown> = {}) =>
  ({
    routeKey: 'POST /api/v1/site',
    rawPath: '/api/v1/site',
    headers: { 'content-type': 'application/json', ...headers },
    requestContext: { requestId: 'req-1', http: { method: 'POST', sourceIp: '203.0.113.7' } },
    ...overrides,
  }) as unknown as Event

const admin = (accountId: string) =>
  ({ kind: 'admin', sub: 's', username: 'u', claims: {}, account: { accountId } }) as unknown as Actor

/** The table's conditional writes, in memory. */
const memoryStore = () => {
  const records = new Map<string, ExistingRecord & { claimId: string }>()
  const id = (r: RecordId) => JSON.stringify([r.caller, r.route, r.key])
  const store: IdempotencyStore = {
    claim: async (claim, { now, staleBefore, expiresAt }) => {
      const existing = records.get(id(claim))
      const free =
        !existing ||
        existing.expiresAt * 1000 <= now ||
        (existing.state === 'inFlight' &&
          existing.claimedAt < staleBefore &&
          existing.fingerprint === claim.fingerprint)
      if (!free) return false
      records.set(id(claim), {
        fingerprint: claim.fingerprint,
        state: 'inFlight',
        claimId: claim.claimId,
        claimedAt: claim.claimedAt,
        expiresAt: Math.ceil(expiresAt / 1000),
      })
      return true
    },
    get: async (r) => {
      const found = records.get(id(r))
      return found ? { ...found } : undefined
    },
    complete: async (claim: Claim, response: StoredResponse) => {
      const existing = records.get(id(claim))
      if (existing?.claimId !== claim.claimId) return false
      records.set(id(claim), { ...existing, state: 'done', response })
      return true
    },
    release: async (claim) => {
      if (records.get(id(claim))?.claimId === claim.claimId) records.delete(id(claim))
    },
  }
  return { store, records }
}

const created = (body: unknown): Result => ({
  statusCode: 201,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
})

/** A clock the test moves by hand. */
const clock = (start = Date.UTC(2025, 0, 1)) => {
  let now = start
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

const state = (body: unknown, actor: Actor | undefined = admin('acc-1')) => ({
  actor,
  body,
  locale: 'ja' as const,
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('idempotencyKeyOf', () => {
  it('reads the header whatever its case, and is undefined without one', () => {
    expect(idempotencyKeyOf({ 'idempotency-key': 'abc-123' })).toBe('abc-123')
    expect(idempotencyKeyOf({ 'Idempotency-Key': 'Key With Spaces ~!' })).toBe('Key With Spaces ~!')
    expect(idempotencyKeyOf({ 'content-type': 'application/json' })).toBeUndefined()
    expect(idempotencyKeyOf(undefined)).toBeUndefined()
    expect(idempotencyKeyOf({ 'idempotency-key': 'x'.repeat(255) })).toBe('x'.repeat(255))
  })

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['longer than 255', 'x'.repeat(256)],
    ['non-ASCII', 'キー'],
    ['a control character', 'abc\u0001'],
    ['a tab', 'a\tb'],
  ])('refuses a key that is %s with 400 error.idempotencyKeyInvalid', (_, key) => {
    const refused = (() => {
      try {
        idempotencyKeyOf({ 'idempotency-key': key })
        return undefined
      } catch (error) {
        return error
      }
    })()
    expect(refused).toBeInstanceOf(BadRequestError)
    expect(refused).toMatchObject({ status: 400, code: 'error.idempotencyKeyInvalid' })
  })
})

describe('the request fingerprint', () => {
  it('does not depend on the order of keys, only on what is asked', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}',
    )
    const one = requestFingerprint({ params: { id: 's1' }, query: {}, body: { name: 'A', rows: 2 } })
    expect(requestFingerprint({ params: { id: 's1' }, query: {}, body: { rows: 2, name: 'A' } })).toBe(one)
    expect(one).toMatch(/^[0-9a-f]{64}$/)
    expect(requestFingerprint({ params: { id: 's2' }, query: {}, body: { name: 'A', rows: 2 } })).not.toBe(
      one,
    )
    expect(
      requestFingerprint({ params: { id: 's1' }, query: { v: '1' }, body: { name: 'A', rows: 2 } }),
    ).not.toBe(one)
    expect(requestFingerprint({ params: { id: 's1' }, query: {}, body: { name: 'B', rows: 2 } })).not.toBe(
      one,
    )
    expect(requestFingerprint({ params: { id: 's1' }, query: {}, body: { name: 'A', rows: [2] } })).not.toBe(
      one,
    )
  })
})

describe('callerScope', () => {
  it('scopes a key to the account, the member, the preview or the hashed client address', () => {
    expect(callerScope(admin('acc-9'), '203.0.113.7')).toBe('account:acc-9')
    expect(callerScope({ kind: 'endUser', sub: 'm-1', username: 'u', claims: {} }, '203.0.113.7')).toBe(
      'member:m-1',
    )
    expect(callerScope({ kind: 'preview', siteId: 'site-1', claims: {} }, '203.0.113.7')).toBe(
      'preview:site-1',
    )
    const client = callerScope(undefined, '203.0.113.7')
    expect(client).toMatch(/^client:[0-9a-f]{32}$/)
    expect(client).not.toContain('203.0.113.7')
    expect(callerScope(undefined, '203.0.113.8')).not.toBe(client)
  })
})

describe('what is stored', () => {
  it('stores answers of requests that ran, not 5xx, races lost or rate limits', () => {
    expect([200, 201, 204, 400, 403, 404, 422].map(shouldStore)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ])
    expect([409, 429, 500, 502, 503].map(shouldStore)).toEqual([false, false, false, false, false])
  })

  it('replays a stored answer as it was, marked as a replay; large bodies go gzipped', () => {
    const small = created({ id: 's1', name: 'サイト' })
    const storedSmall = encodeResponse(small)
    expect(storedSmall).toEqual({
      statusCode: 201,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: small.body,
      bodyEncoding: 'utf8',
    })
    expect(replayOf(storedSmall!)).toEqual({
      statusCode: 201,
      headers: { 'content-type': 'application/json; charset=utf-8', 'idempotent-replayed': 'true' },
      body: small.body,
    })
    const large = created({ items: Array.from({ length: 4000 }, (_, i) => ({ url: `https://x/${i}` })) })
    const storedLarge = encodeResponse(large)!
    expect(storedLarge.bodyEncoding).toBe('gzip')
    expect(storedLarge.body!.length).toBeLessThan(large.body!.length)
    expect(replayOf(storedLarge).body).toBe(large.body)
    expect(replayOf(encodeResponse({ statusCode: 204, headers: {} })!)).toEqual({
      statusCode: 204,
      headers: { 'idempotent-replayed': 'true' },
    })
  })

  it('never stores an answer that sets a cookie', () => {
    expect(encodeResponse({ ...created({}), cookies: ['session=x'] })).toBeUndefined()
    expect(encodeResponse({ ...created({}), headers: { 'Set-Cookie': 'session=x' } })).toBeUndefined()
  })
})

describe('decide', () => {
  const now = Date.UTC(2025, 0, 1)
  const record = (overrides: Partial<ExistingRecord> = {}): ExistingRecord => ({
    fingerprint: 'f1',
    state: 'done',
    claimedAt: now - 1000,
    expiresAt: Math.ceil((now + RECORD_TTL_MS) / 1000),
    response: { statusCode: 201, headers: {} },
    ...overrides,
  })

  it('replays a finished request, refuses another request, waits for one in flight', () => {
    expect(decide(record(), 'f1', now)).toBe('replay')
    expect(decide(record(), 'f2', now)).toBe('mismatch')
    expect(decide(record({ state: 'inFlight', response: undefined }), 'f2', now)).toBe('mismatch')
    expect(decide(record({ state: 'inFlight', response: undefined }), 'f1', now)).toBe('inProgress')
  })

  it('claims again when the record is gone, expired, or an abandoned claim', () => {
    expect(decide(undefined, 'f1', now)).toBe('claimAgain')
    expect(decide(record({ expiresAt: Math.floor(now / 1000) }), 'f1', now)).toBe('claimAgain')
    const inFlight = record({
      state: 'inFlight',
      response: undefined,
      claimedAt: now - TAKEOVER_AFTER_MS + 1,
    })
    expect(decide(inFlight, 'f1', now)).toBe('inProgress')
    expect(decide(inFlight, 'f1', now + 1)).toBe('claimAgain')
  })
})

describe('withIdempotency', () => {
  const settle = async <T>(promise: Promise<T>) => {
    try {
      return { value: await promise }
    } catch (error) {
      return { error }
    }
  }

  it('runs every request without a key', async () => {
    const { store, records } = memoryStore()
    const run = vi.fn(async () => created({ id: 1 }))
    await withIdempotency(route(), event(), state({ name: 'A' }), run, { store })
    await withIdempotency(route(), event(), state({ name: 'A' }), run, { store })
    expect(run).toHaveBeenCalledTimes(2)
    expect(records.size).toBe(0)
  })

  it('runs the first request once and replays its answer for a repeat', async () => {
    const { store, records } = memoryStore()
    const time = clock()
    let n = 0
    const run = vi.fn(async () => created({ id: ++n }))
    const first = await withIdempotency(
      route(),
      event({ 'idempotency-key': 'k1' }),
      state({ name: 'A' }),
      run,
      {
        store,
        now: time.now,
      },
    )
    expect(first).toEqual(created({ id: 1 }))
    time.advance(60 * 60 * 1000)
    const again = await withIdempotency(
      route(),
      event({ 'Idempotency-Key': 'k1' }),
      state({ name: 'A' }),
      run,
      { store, now: time.now },
    )
    expect(again).toEqual({
      statusCode: 201,
      headers: { 'content-type': 'application/json; charset=utf-8', 'idempotent-replayed': 'true' },
      body: JSON.stringify({ id: 1 }),
    })
    expect(run).toHaveBeenCalledTimes(1)
    expect([...records.values()]).toEqual([
      expect.objectContaining({
        state: 'done',
        claimedAt: Date.UTC(2025, 0, 1),
        expiresAt: (Date.UTC(2025, 0, 1) + RECORD_TTL_MS) / 1000,
      }),
    ])
  })

  it('answers 422 and logs a security event for the same key with another body, running nothing', async () => {
    const { store } = memoryStore()
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {})
    const run = vi.fn(async () => created({ id: 1 }))
    await withIdempotency(route(), event({ 'idempotency-key': 'k1' }), state({ name: 'A' }), run, { store })
    const other = await settle(
      withIdempotency(route(), event({ 'idempotency-key': 'k1' }), state({ name: 'B' }), run, { store }),
    )
    expect(other.error).toBeInstanceOf(AppError)
    expect(other.error).toMatchObject({ status: 422, code: 'error.idempotencyMismatch' })
    expect(run).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith('security idempotency.conflict', {
      security: true,
      kind: 'idempotency.conflict',
      requestId: 'req-1',
      route: 'POST /api/v1/site',
      actor: 'acc-1',
      client: '203.0.113.7',
      reason: 'error.idempotencyMismatch',
    })
  })

  it('answers 409 to a repeat while the first is in flight, then replays once it finished', async () => {
    const { store } = memoryStore()
    let finish: (result: Result) => void = () => {}
    const run = vi.fn(() => new Promise<Result>((resolve) => (finish = resolve)))
    const first = withIdempotency(route(), event({ 'idempotency-key': 'k1' }), state({ name: 'A' }), run, {
      store,
    })
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1))
    const duplicate = await settle(
      withIdempotency(route(), event({ 'idempotency-key': 'k1' }), state({ name: 'A' }), run, { store }),
    )
    expect(duplicate.error).toMatchObject({
      status: 409,
      code: 'error.idempotencyInProgress',
      headers: { 'retry-after': '1' },
    })
    finish(created({ id: 7 }))
    expect(await first).toEqual(created({ id: 7 }))
    const later = await withIdempotency(
      route(),
      event({ 'idempotency-key': 'k1' }),
      state({ name: 'A' }),
      run,
      {
        store,
      },
    )
    expect(later.body).toBe(JSON.stringify({ id: 7 }))
    expect(later.headers).toMatchObject({ 'idempotent-replayed': 'true' })
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('takes over a claim abandoned for longer than the takeover age (the injected clock)', async () => {
    const { store } = memoryStore()
    const time = clock()
    // A request that claimed the key and died (its Lambda stopped) before it answered.
    const fingerprint = requestFingerprint({ params: undefined, query: undefined, body: { name: 'A' } })
    const id = { caller: 'account:acc-1', route: 'sites.create', key: 'k1' }
    expect(
      await store.claim(
        { ...id, fingerprint, claimId: 'dead', claimedAt: time.now() },
        {
          now: time.now(),
          staleBefore: time.now() - TAKEOVER_AFTER_MS,
          expiresAt: time.now() + RECORD_TTL_MS,
        },
      ),
    ).toBe(true)
    const run = vi.fn(async () => created({ id: 1 }))
    const call = () =>
      settle(
        withIdempotency(route(), event({ 'idempotency-key': 'k1' }), state({ name: 'A' }), run, {
          store,
          now: time.now,
        }),
      )
    time.advance(TAKEOVER_AFTER_MS - 1000)
    expect((await call()).error).toMatchObject({ status: 409, code: 'error.idempotencyInProgress' })
    time.advance(2000)
    expect((await call()).value).toEqual(created({ id: 1 }))
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('runs again once the record expired (24 hours)', async () => {
    const { store } = memoryStore()
    const time = clock()
    const run = vi.fn(async () => created({ id: 1 }))
    const call = () =>
      withIdempotency(route(), event({ 'idempotency-key': 'k1' }), state({ name: 'A' }), run, {
        store,
        now: time.now,
      })
    await call()
    time.advance(RECORD_TTL_MS - 1000)
    expect((await call()).headers).toMatchObject({ 'idempotent-replayed': 'true' })
    time.advance(1000)
    expect((await call()).headers).not.toHaveProperty('idempotent-replayed')
    expect(run).toHaveBeenCalledTimes(2)
  })

  it('stores a 4xx the handler threw, and replays it as the same answer', async () => {
    const { store } = memoryStore()
    const run = vi.fn(async (): Promise<Result> => {
      throw new ForbiddenError('plan.siteLimit', { max: 1 })
    })
    const call = () =>
      settle(
        withIdempotency(route(), event({ 'idempotency-key': 'k1' }), state({ name: 'A' }), run, { store }),
      )
    const first = await call()
    expect(first.error).toBeInstanceOf(ForbiddenError)
    const again = await call()
    expect(again.value).toMatchObject({
      statusCode: 403,
      headers: { 'idempotent-replayed': 'true' },
    })
    expect(JSON.parse(String(again.value?.body))).toEqual({
      error: {
        code: 'plan.siteLimit',
        message:
          'ご契約のプランで作成できるサイトは1件までです。サイトを削除するかプランを変更してください。',
      },
    })
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('frees the key after a 5xx, a lost race or a rate limit, so a retry runs', async () => {
    for (const failure of [
      new Error('boom'),
      new AppError(409, 'error.conflict'),
      new TooManyRequestsError(5),
    ]) {
      const { store, records } = memoryStore()
      let calls = 0
      const run = vi.fn(async () => {
        calls += 1
        if (calls === 1) throw failure
        return created({ id: calls })
      })
      const call = () =>
        settle(
          withIdempotency(route(), event({ 'idempotency-key': 'k1' }), state({ name: 'A' }), run, { store }),
        )
      expect((await call()).error).toBe(failure)
      expect(records.size).toBe(0)
      expect((await call()).value).toEqual(created({ id: 2 }))
    }
  })

  it('keeps keys of different callers and routes apart', async () => {
    const { store } = memoryStore()
    let n = 0
    const run = vi.fn(async () => created({ id: ++n }))
    const key = { 'idempotency-key': 'shared' }
    const a = await withIdempotency(route(), event(key), state({ name: 'A' }, admin('acc-1')), run, { store })
    const b = await withIdempotency(route(), event(key), state({ name: 'A' }, admin('acc-2')), run, { store })
    const c = await withIdempotency(
      route({ action: 'status', path: '/site/{id}/status' }),
      event(key),
      state({ name: 'A' }, admin('acc-1')),
      run,
      { store },
    )
    expect([a.body, b.body, c.body]).toEqual(['{"id":1}', '{"id":2}', '{"id":3}'])
  })

  it('never stores the answer of a sign-in, and leaves PUT and DELETE alone', async () => {
    const { store, records } = memoryStore()
    const run = vi.fn(async () => created({ token: 'secret' }))
    for (const r of [
      route({ context: 'auth', action: 'login', auth: 'public' }),
      route({ context: 'endUser', action: 'login', auth: 'public' }),
      route({ method: 'PUT', path: '/site/{id}', action: 'update' }),
    ]) {
      await withIdempotency(r, event({ 'idempotency-key': 'k1' }), state({ a: 1 }, undefined), run, { store })
      await withIdempotency(r, event({ 'idempotency-key': 'k1' }), state({ a: 1 }, undefined), run, { store })
    }
    expect(run).toHaveBeenCalledTimes(6)
    expect(records.size).toBe(0)
    // A sign-in's key is still checked.
    const invalid = await settle(
      withIdempotency(
        route({ context: 'auth', action: 'login' }),
        event({ 'idempotency-key': '' }),
        state({}),
        run,
        {
          store,
        },
      ),
    )
    expect(invalid.error).toMatchObject({ status: 400, code: 'error.idempotencyKeyInvalid' })
  })

  it('refuses an invalid key with 400 before running anything', async () => {
    const { store } = memoryStore()
    const run = vi.fn(async () => created({}))
    const refused = await settle(
      withIdempotency(route(), event({ 'idempotency-key': 'é' }), state({ name: 'A' }), run, { store }),
    )
    expect(refused.error).toMatchObject({ status: 400, code: 'error.idempotencyKeyInvalid' })
    expect(run).not.toHaveBeenCalled()
  })
})
