import { API_BASE_PATH } from '@swipe/shared/contract/routes'
import { describe, expect, it } from 'vitest'
import { devStage, type Json } from './support.ts'

const dev = devStage

/** Issue 20: a site's public notices are kept at the edge for a minute, keyed on site and language. */
describe("the sites distribution's notices behaviour", () => {
  it('caches GET /end-user/noti_delivery by site and language only, ahead of the uncached API', () => {
    const { resources, stack, logicalId } = dev()
    const distribution = (resources[logicalId(stack.sites.distribution)]!.Properties as Json)
      .DistributionConfig as Json
    const behaviors = distribution.CacheBehaviors as Json[]
    const patterns = behaviors.map((b) => b.PathPattern)
    const notices = `${API_BASE_PATH}/end-user/noti_delivery`
    // CloudFront takes the first behaviour whose pattern matches: the notices one must come first.
    expect(patterns.indexOf(notices)).toBeGreaterThanOrEqual(0)
    expect(patterns.indexOf(notices)).toBeLessThan(patterns.indexOf(`${API_BASE_PATH}/*`))
    const behavior = behaviors.find((b) => b.PathPattern === notices)!
    expect(behavior.AllowedMethods).toEqual(['GET', 'HEAD'])
    // The same API origin (with the origin-verify header) as every other API path.
    const api = behaviors.find((b) => b.PathPattern === `${API_BASE_PATH}/*`)!
    expect(behavior.TargetOriginId).toBe(api.TargetOriginId)
    expect(behavior.OriginRequestPolicyId).toBeUndefined()
    const policy = Object.values(resources).find(
      (r) =>
        r.Type === 'AWS::CloudFront::CachePolicy' && JSON.stringify(r.Properties).includes('public notices'),
    )?.Properties?.CachePolicyConfig as Json
    expect(policy).toMatchObject({ DefaultTTL: 0, MinTTL: 0, MaxTTL: 60 })
    expect(policy.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: ['site_id', 'lang'] },
      HeadersConfig: { HeaderBehavior: 'none' },
      CookiesConfig: { CookieBehavior: 'none' },
    })
  })
})
