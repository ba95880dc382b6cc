import { describe, expect, it } from 'vitest'
import { conversionSources } from './service.ts'

describe('conversionSources', () => {
  it('counts the referrer host, each UTM value and each ad platform once, as landing views store them', () => {
    expect(
      conversionSources({
        referrer: 'https://WWW.Instagram.com/some/path?x=1',
        utm: {
          utm_source: ' Instagram ',
          utm_medium: 'paid_social',
          utm_campaign: 'Spring-Sale',
          utm_term: 'shoes',
          utm_content: 'ad-1',
        },
        clickKinds: ['gclid', 'gbraid', 'fbclid', 'ttclid', 'ldtag_cl', 'wbraid'],
      }),
    ).toEqual([
      ['ref', 'www.instagram.com'],
      ['utmSource', 'instagram'],
      ['utmMedium', 'paid_social'],
      ['utmCampaign', 'spring-sale'],
      ['adPlatform', 'google-ads'],
      ['adPlatform', 'meta-ads'],
      ['adPlatform', 'tiktok-ads'],
      ['adPlatform', 'line-ads'],
    ])
  })

  it('counts a visit without a referrer as direct, skips empty UTM values, and never counts identifiers', () => {
    expect(
      conversionSources({
        utm: { utm_source: '  ', utm_campaign: 'x'.repeat(150) },
        clicks: { gclid: 'Cj0KCQ-secret' },
        fbp: 'fb.1.123.456',
        consent: 'granted',
      }),
    ).toEqual([
      ['ref', '-'],
      ['utmCampaign', 'x'.repeat(100)],
    ])
    expect(conversionSources({ referrer: 'partner.example.jp/landing' })).toEqual([
      ['ref', 'partner.example.jp'],
    ])
  })

  it('counts nothing by source without a context: where the visit came from is not known', () => {
    expect(conversionSources(undefined)).toEqual([])
  })
})
