import '@aws-sdk/signature-v4a'
import {
  CloudFrontKeyValueStoreClient,
  DescribeKeyValueStoreCommand,
  GetKeyCommand,
  UpdateKeysCommand,
} from '@aws-sdk/client-cloudfront-keyvaluestore'
import { describe, expect, it } from 'vitest'
import { hostMapKey, kvsHostMap, normaliseHost, objectKeyFor } from './host-map.ts'

describe('host map keys', () => {
  it('normalises case, port and trailing dot', () => {
    expect(normaliseHost('ABC.Sites.Localhost:3001')).toBe('abc.sites.localhost')
    expect(hostMapKey('lp.Customer.jp.')).toBe('_hostmap/lp.customer.jp.json')
  })
})

describe('objectKeyFor', () => {
  it.each([
    ['/', 'p/index.html'],
    ['/en', 'p/en/index.html'],
    ['/en/', 'p/en/index.html'],
    ['/assets/app.js?v=2', 'p/assets/app.js'],
    ['/sites/x/ja/contact', 'p/sites/x/ja/contact/index.html'],
  ])('%s -> %s', (path, key) => {
    expect(objectKeyFor('p', path)).toBe(key)
  })
  it.each(['/../secret', '/%2e%2e/x', '/a/./b', '/a\\b', '/%E0%A4%A'])('refuses %s', (path) => {
    expect(objectKeyFor('p', path)).toBeUndefined()
  })

  it('reads /_media/<file> from the site folder beside the release, where its releases share media', () => {
    expect(objectKeyFor('sites/s1/20260101T000000000Z-0000000a', '/_media/a.jpg')).toBe(
      'sites/s1/_media/a.jpg',
    )
    expect(objectKeyFor('sites/s1/20260101T000000000Z-0000000a', '/_media/x/a.jpg')).toBe(
      'sites/s1/20260101T000000000Z-0000000a/_media/x/a.jpg',
    )
    expect(objectKeyFor('sites/s1/r', '/_media/../r/index.html')).toBeUndefined()
  })
})

const ARN = 'arn:aws:cloudfront::123456789012:key-value-store/abc'

/** A KeyValueStore in memory that checks IfMatch as the service does; `conflicts` fail the next updates. */
const fakeStore = (initial: Record<string, string> = {}, conflicts = 0) => {
  const keys = new Map(Object.entries(initial))
  let etag = 1
  let failures = conflicts
  const sent: string[] = []
  const named = (name: string) => Object.assign(new Error(name), { name })
  const client = {
    async send(command: unknown) {
      const input = (command as { input: Record<string, unknown> }).input
      expect(input.KvsARN).toBe(ARN)
      if (command instanceof DescribeKeyValueStoreCommand) return { ETag: `e${etag}` }
      if (command instanceof GetKeyCommand) {
        const value = keys.get(input.Key as string)
        if (value === undefined) throw named('ResourceNotFoundException')
        return { Key: input.Key, Value: value }
      }
      if (command instanceof UpdateKeysCommand) {
        sent.push(JSON.stringify({ puts: input.Puts ?? [], deletes: input.Deletes ?? [] }))
        if (failures > 0) {
          failures--
          etag++
          throw named('ConflictException')
        }
        if (input.IfMatch !== `e${etag}`) throw named('ConflictException')
        for (const d of (input.Deletes ?? []) as { Key: string }[]) {
          if (!keys.has(d.Key)) throw named('ValidationException')
          keys.delete(d.Key)
        }
        for (const p of (input.Puts ?? []) as { Key: string; Value: string }[]) keys.set(p.Key, p.Value)
        etag++
        return { ETag: `e${etag}` }
      }
      throw new Error(`unexpected ${String(command)}`)
    },
  }
  return { client, keys, sent }
}

describe('kvsHostMap (CloudFront KeyValueStore)', () => {
  it('maps hosts to release prefixes in one conditional update and reads them back', async () => {
    const store = fakeStore()
    const map = kvsHostMap(store.client, ARN)
    const target = { siteId: 's1', prefix: 'sites/s1/20260101T000000000Z-0000000a' }
    await map.update({
      puts: new Map([
        ['ABC.Sites.Example:443', target],
        ['lp.customer.jp', target],
      ]),
    })
    expect(Object.fromEntries(store.keys)).toEqual({
      'abc.sites.example': target.prefix,
      'lp.customer.jp': target.prefix,
    })
    expect(store.sent).toHaveLength(1)
    expect(await map.get('abc.sites.example')).toEqual(target)
    expect(await map.get('unknown.example')).toBeUndefined()
  })

  it('deletes only keys that exist, and nothing at all when none do', async () => {
    const store = fakeStore({ 'a.example': 'sites/s1/r' })
    const map = kvsHostMap(store.client, ARN)
    await map.update({ deletes: ['missing.example'] })
    expect(store.sent).toEqual([])
    await map.update({ deletes: ['A.example', 'missing.example'] })
    expect(store.keys.size).toBe(0)
  })

  it('retries with a fresh ETag when another writer changed the store, and gives up after its attempts', async () => {
    const retried = fakeStore({}, 2)
    await kvsHostMap(retried.client, ARN).put('a.example', { siteId: 's', prefix: 'sites/s/r' })
    expect(retried.keys.get('a.example')).toBe('sites/s/r')
    expect(retried.sent).toHaveLength(3)
    const stuck = fakeStore({}, 10)
    await expect(
      kvsHostMap(stuck.client, ARN, 3).put('a.example', { siteId: 's', prefix: 'sites/s/r' }),
    ).rejects.toMatchObject({ name: 'ConflictException' })
    expect(stuck.sent).toHaveLength(3)
  })

  it('signs requests with SigV4A through the JavaScript signer (no native CRT in the bundle)', async () => {
    let authorization = ''
    const client = new CloudFrontKeyValueStoreClient({
      region: 'ap-northeast-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      requestHandler: {
        handle: async (request: { headers: Record<string, string> }) => {
          authorization = request.headers.authorization ?? ''
          throw Object.assign(new Error('stop'), { name: 'Stop' })
        },
      },
    })
    await expect(client.send(new DescribeKeyValueStoreCommand({ KvsARN: ARN }))).rejects.toThrow('stop')
    expect(authorization).toMatch(/^AWS4-ECDSA-P256-SHA256 Credential=AKIDEXAMPLE\//)
    client.destroy()
  })
})
