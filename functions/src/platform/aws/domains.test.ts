import { describe, expect, it } from 'vitest'
import { parsePlatformEnv } from '../env.ts'
import { localDomains } from '../local/domains.ts'
import { awsDomains } from './domains.ts'

describe('the domain provisioner of a platform', () => {
  it('attaches through CloudFront on an AWS stage with a multi-tenant distribution', () => {
    const domains = awsDomains(
      parsePlatformEnv({
        DOMAIN_DISTRIBUTION_ID: 'E2MULTITENANT',
        DOMAIN_CONNECTION_GROUP_ID: 'cg_123',
        DOMAIN_CNAME_TARGET: 'd111.cloudfront.net',
      }),
    )
    expect(domains).toMatchObject({
      kind: 'aws',
      available: true,
      wildcard: true,
      cnameTarget: 'd111.cloudfront.net',
    })
  })

  it('refuses custom domains on an AWS stage without one (DOMAIN_PROVISIONER=unavailable)', () => {
    const domains = awsDomains(
      parsePlatformEnv({
        DOMAIN_PROVISIONER: 'unavailable',
        SITES_ORIGIN: 'https://{host}.sites.example.com',
      }),
    )
    expect(domains).toMatchObject({ available: false, cnameTarget: 'domains.sites.example.com' })
  })

  it('needs only the verified CNAME locally', async () => {
    const domains = localDomains(parsePlatformEnv({ SITES_ORIGIN: 'http://{host}.sites.localhost:3001' }))
    expect(domains).toMatchObject({ kind: 'local', available: true, cnameTarget: 'domains.sites.localhost' })
    expect(await domains.attach('lp.example.com', 'site-1')).toEqual({ state: 'active', certificate: 'none' })
  })
})
