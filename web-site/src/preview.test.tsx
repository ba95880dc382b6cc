import { describe, expect, it } from 'vitest'
import { fixtureSite } from './fixture.ts'
import { renderPreview } from './preview.tsx'
import type { PublishInput } from './types.ts'

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html')
const NOW = Date.parse('2026-11-22T03:00:00.000Z')

const preview = (
  options: Partial<Parameters<typeof renderPreview>[1]> = {},
  change?: (i: PublishInput) => void,
) => {
  const input = fixtureSite()
  input.analyticsEndpoint = '/api/v1/analytics/events'
  for (const s of input.settings)
    s.seo = { ...(s.seo ?? {}), head: '<script src="https://tracker.example/t.js" defer></script>', body: '' }
  change?.(input)
  return parse(
    renderPreview(input, { lang: 'JP', membership: 'locked', showCta: true, now: NOW, ...options }),
  )
}

describe('renderPreview', () => {
  it('is the swipe page with noindex, no beacons, no API and no creator tags', () => {
    const doc = preview()
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex')
    expect(doc.body.dataset.analyticsEndpoint).toBeUndefined()
    expect(doc.body.dataset.api).toBeUndefined()
    expect(doc.querySelector('script[src*="tracker.example"]')).toBeNull()
    expect(doc.body.dataset.island).toMatch(/^data:text\/javascript;charset=utf-8,/)
    // The same blocks as the published page: every cell of the 3 × 3 grid.
    expect([...doc.querySelectorAll('.c')].map((c) => c.id)).toEqual([
      'A1',
      'B1',
      'C1',
      'A2',
      'B2',
      'C2',
      'A3',
      'B3',
      'C3',
    ])
    expect(doc.documentElement.lang).toBe('ja')
  })

  it('leaves the ad tags out: no tags file, no consent banner, no notice link', () => {
    const tagged = (i: PublishInput) => {
      ;(i.site as { adTags?: unknown }).adTags = {
        vendors: { metaPixel: { pixelId: '123456789012345' } },
        consent: 'opt-in',
      }
    }
    const doc = preview({}, tagged)
    expect(doc.body.dataset.tags).toBeUndefined()
    expect(doc.getElementById('cs')).toBeNull()
    expect(doc.body.innerHTML).not.toContain('external-transmission')
  })

  it('locks or unlocks members-only creatives as asked', () => {
    const locked = preview({ membership: 'locked' })
    expect(locked.querySelector('#C2 .lk')).not.toBeNull()
    expect(locked.querySelector('#C2 img')).toBeNull()
    const unlocked = preview({ membership: 'unlocked' })
    expect(unlocked.querySelector('#C2 .lk')).toBeNull()
    expect(unlocked.querySelector('#C2 img, #C2 [data-src]')).not.toBeNull()
  })

  it('shows popup CTAs only when asked', () => {
    expect(preview({ showCta: true }).body.innerHTML).toContain('期間限定セール開催中')
    expect(preview({ showCta: false }).body.innerHTML).not.toContain('期間限定セール開催中')
  })

  it('starts on the cell asked for and inlines the company texts', () => {
    const doc = preview({ start: 'B2' })
    const shim = [...doc.head.querySelectorAll('script')].map((s) => s.textContent).join('')
    expect(shim).toContain('var s="B2"')
    const company = doc.querySelector<HTMLElement>('dialog#co')
    expect(company?.dataset.src).toMatch(/^data:application\/json;charset=utf-8,/)
    expect(
      JSON.parse(decodeURIComponent(company!.dataset.src!.split(',').slice(1).join(','))),
    ).toHaveProperty('texts')
  })

  it('renders the language asked for', () => {
    const doc = preview({ lang: 'EN' })
    expect(doc.documentElement.lang).toBe('en')
    expect(doc.body.innerHTML).toContain('Swipe to the next creative')
  })
})
