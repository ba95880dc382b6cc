import { describe, expect, it } from 'vitest'
import { AD_PLATFORM_ORIGINS } from './ad-platforms.ts'
import { awsAdPlatforms } from './aws/ad-platforms.ts'
import { awsOutbound } from './aws/outbound.ts'
import { parsePlatformEnv } from './env.ts'
import { localAdPlatforms } from './local/ad-platforms.ts'
import { localOutbound } from './local/outbound.ts'

/*
 * Where the conversion APIs are (issue 32 Deliver 5): the platforms' own hosts on AWS, with no
 * exception to the outbound-address policy; locally only the stand-in, never a real host, and the
 * stand-in's origin exactly is the one local allowance it adds.
 */
describe('the ad-platform port', () => {
  it('answers each platform’s documented host on AWS, and the policy excepts nothing', () => {
    const env = parsePlatformEnv({ AD_PLATFORMS_URL: 'http://127.0.0.1:8007' })
    const aws = awsAdPlatforms(env)
    expect(
      ['meta', 'line', 'tiktok', 'google', 'googleOAuth'].map((api) => aws.origin(api as never)),
    ).toEqual([
      'https://graph.facebook.com',
      'https://conversion-api.line.me',
      'https://business-api.tiktok.com',
      'https://googleads.googleapis.com',
      'https://oauth2.googleapis.com',
    ])
    expect(Object.values(AD_PLATFORM_ORIGINS).every((o) => o.startsWith('https://'))).toBe(true)
    expect(awsOutbound(env).allowed(new URL('http://127.0.0.1:8007/v1/x/events'))).toBeUndefined()
  })

  it('answers only the stand-in locally, and refuses when it is not running', () => {
    const local = localAdPlatforms(parsePlatformEnv({ AD_PLATFORMS_URL: 'http://127.0.0.1:8007/' }))
    expect(local.origin('meta')).toBe('http://127.0.0.1:8007')
    expect(local.origin('googleOAuth')).toBe('http://127.0.0.1:8007')
    expect(() => localAdPlatforms(parsePlatformEnv({})).origin('meta')).toThrow(/stand-in is not running/)
  })

  it('allows exactly the stand-in’s origin locally', () => {
    const outbound = localOutbound(parsePlatformEnv({ AD_PLATFORMS_URL: 'http://127.0.0.1:8007' }))
    expect(outbound.allowed(new URL('http://127.0.0.1:8007/open_api/v1.3/event/track/'))).toEqual({
      address: '127.0.0.1',
      family: 4,
    })
    for (const other of ['http://127.0.0.1:8008/', 'https://127.0.0.1:8007/', 'http://localhost:8007/'])
      expect(outbound.allowed(new URL(other)), other).toBeUndefined()
    expect(localOutbound(parsePlatformEnv({})).allowed(new URL('http://127.0.0.1:8007/'))).toBeUndefined()
  })
})
