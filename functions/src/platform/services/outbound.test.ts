import { describe, expect, it } from 'vitest'
import { PUBLIC_ADDRESSES, REFUSED_ADDRESSES } from './outbound.cases.ts'
import {
  checkOutboundUrl,
  isAddressLiteral,
  isPublicAddress,
  localInspectorAllowance,
  OutboundRefused,
  pinnedLookup,
  resolvePublicAddress,
} from './outbound.ts'

describe('the outbound-address policy', () => {
  it('has a table of at least 40 refused spellings', () => {
    expect(REFUSED_ADDRESSES.length).toBeGreaterThanOrEqual(40)
  })

  it.each(REFUSED_ADDRESSES)('refuses %s (%s)', (spelling) => {
    expect(isPublicAddress(spelling)).toBe(false)
  })

  it.each(PUBLIC_ADDRESSES)('lets %s through', (spelling) => {
    expect(isPublicAddress(spelling)).toBe(true)
  })

  it('refuses a public address given with a zone id', () => {
    expect(isPublicAddress('2606:4700:4700::1111%eth0')).toBe(false)
  })

  it.each(REFUSED_ADDRESSES.filter(([s]) => isAddressLiteral(s)))(
    'refuses %s as a literal host without asking DNS',
    async (spelling) => {
      const asked: string[] = []
      const refusal = await resolvePublicAddress(spelling, async (host) => {
        asked.push(host)
        return ['8.8.8.8']
      }).catch((error: unknown) => error)
      expect(refusal).toBeInstanceOf(OutboundRefused)
      expect((refusal as OutboundRefused).reason).toBe('refusedAddress')
      expect(asked).toEqual([])
    },
  )

  it.each(REFUSED_ADDRESSES)('refuses a name one of whose answers is %s', async (spelling) => {
    await expect(
      resolvePublicAddress('hooks.example.com', async () => ['8.8.8.8', spelling]),
    ).rejects.toMatchObject({ reason: 'refusedAddress' })
  })

  it('resolves a name once, checks every answer and returns the first, canonical', async () => {
    const asked: string[] = []
    const resolve = async (host: string) => {
      asked.push(host)
      return ['::ffff:8.8.8.8', '2606:4700:4700::1111']
    }
    expect(await resolvePublicAddress('hooks.example.com', resolve)).toEqual({
      address: '8.8.8.8',
      family: 4,
    })
    expect(asked).toEqual(['hooks.example.com'])
    expect(await resolvePublicAddress('[2606:4700:4700::1111]')).toEqual({
      address: '2606:4700:4700::1111',
      family: 6,
    })
    await expect(resolvePublicAddress('nowhere.example', async () => [])).rejects.toMatchObject({
      reason: 'dns',
    })
    await expect(
      resolvePublicAddress('broken.example', async () => {
        throw Object.assign(new Error('queryA ENOTFOUND'), { code: 'ENOTFOUND' })
      }),
    ).rejects.toMatchObject({ reason: 'dns' })
  })

  it('checks a URL: HTTPS only, no credentials, every host spelling normalised or refused', async () => {
    const resolve = async () => ['8.8.8.8']
    expect((await checkOutboundUrl('https://hooks.example.com/x', { resolve })).target.address).toBe(
      '8.8.8.8',
    )
    for (const url of [
      'http://hooks.example.com/x',
      'ftp://hooks.example.com/x',
      'https://user:pass@hooks.example.com/x',
    ])
      await expect(checkOutboundUrl(url, { resolve }), url).rejects.toMatchObject({ reason: 'scheme' })
    for (const url of [
      'https://0x7f.1/',
      'https://2130706433/',
      'https://0177.0.0.1/',
      'https://127.1/',
      'https://[::ffff:7f00:1]/',
      'https://[::127.0.0.1]/',
      'https://[64:ff9b::127.0.0.1]/',
      'https://[2002:7f00:1::]/',
      'https://[fec0::1]/',
      'https://[::ffff:169.254.169.254]/',
    ])
      await expect(checkOutboundUrl(url, { resolve }), url).rejects.toMatchObject({
        reason: 'refusedAddress',
      })
    expect(
      await checkOutboundUrl('http://hooks.example.com/', { schemes: ['http:'], resolve }),
    ).toMatchObject({
      target: { address: '8.8.8.8' },
    })
  })

  it('pins the lookup of a connection to the checked address', () => {
    const lookup = pinnedLookup({ address: '2606:4700:4700::1111', family: 6 })
    const seen: unknown[] = []
    lookup('elsewhere.example', { all: true }, (_error, ...answer) => seen.push(answer))
    lookup('elsewhere.example', {}, (_error, ...answer) => seen.push(answer))
    expect(seen).toEqual([[[{ address: '2606:4700:4700::1111', family: 6 }]], ['2606:4700:4700::1111', 6]])
  })

  it("allows exactly the local webhook inspector's origin, and never inside a Lambda", () => {
    const origin = 'http://127.0.0.1:8006'
    const allow = localInspectorAllowance({ WEBHOOK_INSPECTOR_ORIGIN: origin })
    expect(allow(new URL('http://127.0.0.1:8006/hooks/a?x=1'))).toEqual({ address: '127.0.0.1', family: 4 })
    for (const url of [
      'http://127.0.0.1:8007/hooks',
      'https://127.0.0.1:8006/hooks',
      'http://localhost:8006/hooks',
      'http://[::1]:8006/hooks',
      'http://127.0.0.2:8006/hooks',
      'http://user:pw@127.0.0.1:8006/hooks',
      'http://169.254.169.254/latest/meta-data/',
    ])
      expect(allow(new URL(url)), url).toBeUndefined()
    const url = new URL('http://127.0.0.1:8006/hooks')
    expect(
      localInspectorAllowance({ WEBHOOK_INSPECTOR_ORIGIN: origin, AWS_LAMBDA_FUNCTION_NAME: 'swipe-prod' })(
        url,
      ),
    ).toBeUndefined()
    expect(localInspectorAllowance({})(url)).toBeUndefined()
    // Only a loopback HTTP origin with a port configures anything: never a host, a path or 0.0.0.0.
    for (const configured of [
      'http://10.0.0.1:8006',
      'http://0.0.0.0:8006',
      'http://localhost:8006',
      'https://127.0.0.1:8006',
      'http://127.0.0.1',
      'http://127.0.0.1:8006/hooks',
      'not a url',
    ])
      expect(
        localInspectorAllowance({ WEBHOOK_INSPECTOR_ORIGIN: configured })(url),
        configured,
      ).toBeUndefined()
  })
})
