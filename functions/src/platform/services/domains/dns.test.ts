import { describe, expect, it } from 'vitest'
import { PUBLIC_ADDRESSES, REFUSED_ADDRESSES } from '../outbound.cases.ts'
import { caaBlocksAmazon, type DnsLookup } from './dns.ts'
import { diagnose } from './doctor.ts'

/**
 * The domain checker reads a name's A and AAAA answers through a `DnsLookup`; whether an answer is
 * an address a public site can be at is the outbound-address policy's (#platform/services/outbound, issue 29):
 * every spelling of its table, answered for the name, is an `unsafeAddress` error of the doctor
 * (the same check refuses a claim: sites/domain-claims.ts `refuseUnsafeAddress`).
 */
describe("the domain checker's address check", () => {
  const TARGET = 'sites.swipe.test'
  const answering =
    (address: string): DnsLookup =>
    async () => ({ cnames: [], addresses: [address], caa: [], txt: [], unavailable: false })

  it.each(REFUSED_ADDRESSES)('refuses the answer %s (%s)', async (spelling) => {
    const answers = await answering(spelling)('lp.example.com')
    expect(diagnose('lp.example.com', answers, TARGET, 'aws')).toContainEqual({
      code: 'unsafeAddress',
      severity: 'error',
      params: { domain: 'lp.example.com', address: spelling, target: TARGET },
    })
  })

  it.each(PUBLIC_ADDRESSES)('lets the answer %s through', async (spelling) => {
    const answers = await answering(spelling)('lp.example.com')
    expect(diagnose('lp.example.com', answers, TARGET, 'aws').map((f) => f.code)).toEqual([
      'conflictingAddress',
    ])
  })
})

describe('CAA', () => {
  it('blocks when issue records exist and none names Amazon', () => {
    expect(caaBlocksAmazon([{ tag: 'issue', value: 'letsencrypt.org' }])).toBe(true)
    expect(
      caaBlocksAmazon([
        { tag: 'issue', value: 'letsencrypt.org' },
        { tag: 'issue', value: 'amazon.com' },
      ]),
    ).toBe(false)
    expect(caaBlocksAmazon([{ tag: 'issue', value: 'amazontrust.com; cansignhttpexchanges=yes' }])).toBe(
      false,
    )
  })
  it('does not block without issue records', () => {
    expect(caaBlocksAmazon([])).toBe(false)
    expect(caaBlocksAmazon([{ tag: 'iodef', value: 'mailto:a@example.com' }])).toBe(false)
  })
})
