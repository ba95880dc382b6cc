import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dnsLookup } from '../../functions/src/platform/services/domains/dns.ts'
import { setRecord, startDns, wildcardRecords } from './dns.ts'

describe('the local DNS server: wildcard records (an OEM sites domain, issue 19)', () => {
  const zoneFile = join(mkdtempSync(join(tmpdir(), 'swipe-dns-')), 'zone.json')
  let server: Awaited<ReturnType<typeof startDns>>
  beforeAll(async () => {
    setRecord(zoneFile, '*.oem.example.test', 'CNAME', 'domains.sites.localhost')
    setRecord(zoneFile, 'own.oem.example.test', 'CNAME', 'elsewhere.example.net')
    server = await startDns({ port: 0, zoneFile })
  })
  afterAll(() => server.stop())

  it('answers a name under the wildcard with its record; a name of its own keeps its own', async () => {
    const lookup = dnsLookup([`127.0.0.1:${server.port}`])
    expect((await lookup('0b0e6e7a-1c1d-4f3e-9a1b-2c3d4e5f6a7b.oem.example.test')).cnames).toEqual([
      'domains.sites.localhost',
    ])
    expect((await lookup('own.oem.example.test')).cnames).toEqual(['elsewhere.example.net'])
    expect((await lookup('other.example.test')).cnames).toEqual([])
  })

  it('finds the nearest wildcard only for names under it', () => {
    const zone = { '*.oem.example.test': [{ type: 'CNAME' as const, value: 't' }] }
    expect(wildcardRecords(zone, 'a.b.oem.example.test')).toEqual([{ type: 'CNAME', value: 't' }])
    expect(wildcardRecords(zone, 'oem.example.test')).toBeUndefined()
    expect(wildcardRecords(zone, 'x.example.test')).toBeUndefined()
  })
})
