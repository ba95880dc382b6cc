import { createSocket } from 'node:dgram'
import { describe, expect, it } from 'vitest'
import { type DnsAnswers, dnsLookup } from './dns.ts'
import { challengeFinding, diagnose } from './doctor.ts'

const T = 'd111.cloudfront.net'
const answers = (over: Partial<DnsAnswers>): DnsAnswers => ({
  cnames: [],
  addresses: [],
  caa: [],
  txt: [],
  unavailable: false,
  ...over,
})

describe('domain doctor', () => {
  it('finds nothing wrong with the right CNAME', () => {
    expect(diagnose('lp.example.com', answers({ cnames: [T], addresses: ['13.32.1.1'] }), T, 'aws')).toEqual(
      [],
    )
  })

  it.each([
    [answers({}), [['cnameMissing', 'error', { domain: 'lp.example.com', target: T }]]],
    [
      answers({ cnames: ['other.example.net'] }),
      [['cnameElsewhere', 'error', { domain: 'lp.example.com', found: 'other.example.net', target: T }]],
    ],
    [
      answers({ addresses: ['93.184.216.34', '2606:2800::1'] }),
      [
        [
          'conflictingAddress',
          'error',
          { domain: 'lp.example.com', addresses: '93.184.216.34, 2606:2800::1', target: T },
        ],
      ],
    ],
    [answers({ unavailable: true }), [['notPropagated', 'error', { domain: 'lp.example.com' }]]],
    [
      answers({ cnames: [T], addresses: ['169.254.169.254'] }),
      [['unsafeAddress', 'error', { domain: 'lp.example.com', address: '169.254.169.254', target: T }]],
    ],
    [
      answers({ cnames: [T], caa: [{ tag: 'issue', value: 'letsencrypt.org' }] }),
      [['caaBlocks', 'error', { domain: 'lp.example.com', caa: 'issue "letsencrypt.org"' }]],
    ],
  ] as const)('explains %o', (given, expected) => {
    expect(diagnose('lp.example.com', given, T, 'aws').map((f) => [f.code, f.severity, f.params])).toEqual(
      expected,
    )
  })

  it('only warns about CAA where no certificate is issued (locally)', () => {
    const found = diagnose(
      'lp.example.com',
      answers({ cnames: [T], caa: [{ tag: 'issue', value: 'pki.goog' }] }),
      T,
      'local',
    )
    expect(found.map((f) => [f.code, f.severity])).toEqual([['caaBlocks', 'warning']])
  })

  it('sees the ownership token only when this claim’s own value is published', () => {
    const token = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
    const params = { domain: 'lp.example.com', name: '_swipe-challenge.lp.example.com', value: token }
    expect(challengeFinding('lp.example.com', token, [])).toEqual({
      code: 'txtMissing',
      severity: 'error',
      params,
    })
    // Another claim's token left behind (a released name, a squatter's) proves nothing for this one.
    expect(challengeFinding('lp.example.com', token, ['QRSTUVWXYZ234567ABCDEFGHIJKLMNOP'])).toEqual({
      code: 'txtElsewhere',
      severity: 'error',
      params,
    })
    expect(challengeFinding('lp.example.com', token, ['v=spf1 -all', token])).toBeUndefined()
  })

  it('reports a DNS server that does not answer as unavailable, not as a missing record', async () => {
    // A UDP port that is bound and never answers: the resolver times out.
    const silent = createSocket('udp4')
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve))
    const { port } = silent.address()
    try {
      const found = await dnsLookup([`127.0.0.1:${port}`])('lp.example.com')
      expect(found).toEqual({ cnames: [], addresses: [], caa: [], txt: [], unavailable: true })
    } finally {
      silent.close()
    }
  }, 30_000)
})
