import { describe, expect, it } from 'vitest'
import { fixtureSite } from '../fixture.ts'
import { renderSitePages } from '../render.tsx'
import type { PublishCta, PublishInput } from '../types.ts'
import { ctaBands, ctaHeight } from './Cta.tsx'

/** Issue 30 item 3: the creatives under a CTA keep their controls out of its band. */

const home = (change: (input: PublishInput) => void) => {
  const input = fixtureSite()
  change(input)
  const html = String(renderSitePages(input).find((f) => f.path === 'index.html')?.body)
  return { html, doc: new DOMParser().parseFromString(html, 'text/html') }
}
const css = (html: string) => /<style>(.*?)<\/style>/s.exec(html)?.[1] ?? ''
const cta = (extra: Partial<PublishCta>): PublishCta => ({
  kind: 'TIME_LIMIT',
  linkUrl: 'https://example.com/',
  localized: [{ lang: 'JP', content: 'キャンペーン' }],
  effectiveSheets: [],
  ...extra,
})

describe('CTA bands', () => {
  it('bounds a CTA’s height by its parts: two lines of text, a line per small text, the image', () => {
    expect(ctaHeight({ cta: cta({}) })).toBe(65)
    expect(ctaHeight({ cta: cta({ showRemainingTime: true }) })).toBe(83)
    expect(ctaHeight({ cta: cta({ kind: 'APPLICANT_LIMIT', showRemainingTime: true }) })).toBe(101)
    expect(ctaHeight({ cta: cta({}), image: '/media/cta.png' })).toBe(68)
    // Two bottom CTAs stack 8 px apart; the other positions have none.
    const item = (extra: Partial<PublishCta>) => ({ index: 0, content: '', cta: cta(extra) })
    expect(ctaBands([item({ showRemainingTime: true }), item({}), item({ displayPosition: 'TOP' })])).toEqual(
      { BOTTOM: 83 + 8 + 65, TOP: 65, CENTER: 0 },
    )
  })

  it('marks each creative by the CTAs that may show on it, and writes only the rules the page uses', () => {
    const { html, doc } = home((input) => {
      input.site.popupCtas = [
        cta({ showRemainingTime: true, effectiveSheets: [1, 2] }),
        cta({ displayPosition: 'TOP', effectiveSheets: [2] }),
        cta({ displayPosition: 'CENTER', effectiveSheets: [4] }),
      ]
    })
    expect([...doc.querySelectorAll('.c')].slice(0, 4).map((c) => [c.id, c.className])).toEqual([
      ['A1', 'c o uc'],
      ['B1', 'c ut uc'],
      ['C1', 'c'],
      ['A2', 'c um'],
    ])
    expect(doc.querySelector('.ctas.md')).not.toBeNull()
    // The centre group leaves the left and right arrows free.
    expect(css(html)).toContain('.ctas.md{padding:0 46px}')
    // The bottom band: 48 px from the edge, the CTA's 83 px, 8 px clear (139), plus half a 48 px
    // point or a 72 px hotspot. A1's point and product (the only ones of the page) are pulled up
    // out of it; nothing else has a rule.
    expect(css(html).match(/\.u[ctm] [^{]+\{[^}]+\}/g)).toEqual([
      '.uc .ov{padding-bottom:139px}',
      '.uc .pt{top:min(var(--t),calc(100% - 163px))!important}',
      '.uc .pr{top:min(var(--t),calc(100% - 211px))!important}',
    ])
    // A1's point and product carry their top for the clamp, and whether they are above the middle.
    expect(
      [...doc.querySelectorAll<HTMLElement>('#A1 .pt, #A1 .pr')].map((e) => [
        e.style.getPropertyValue('--t'),
        e.hasAttribute('data-u'),
      ]),
    ).toEqual([
      ['11.21%', true],
      ['37.38%', true],
    ])
  })

  it('writes no band rule for a page without CTAs', () => {
    const { html, doc } = home((input) => {
      input.site.popupCtas = []
    })
    expect(css(html)).not.toMatch(/\.u[ctm] /)
    expect(doc.querySelectorAll('.c.uc, .c.ut, .c.um')).toHaveLength(0)
  })
})
