import { describe, expect, it } from 'vitest'
import { fixtureSite } from './fixture.ts'
import { renderSitePages } from './render.tsx'
import type { PublishInput } from './types.ts'

/**
 * The bottom bar follows each language's default (other settings) unless a creative chooses
 * (docs/decisions/0020-form-links-and-bottom-bar-defaults.md).
 */
const swipePage = (change: (input: PublishInput) => void) => {
  const input = fixtureSite()
  change(input)
  const file = renderSitePages(input).find((f) => f.path === 'index.html')!
  return new DOMParser().parseFromString(String(file.body), 'text/html')
}
const follow = (input: PublishInput) => {
  for (const c of input.creatives) Object.assign(c, { snsConfig: null, showCompany: null })
}

describe('bottom bar: site default and per-creative choice', () => {
  it('shows SNS links and company tabs on every creative when only the default is on', () => {
    const doc = swipePage((input) => {
      follow(input)
      for (const s of input.settings) Object.assign(s, { showSnsByDefault: true, showCompanyByDefault: true })
    })
    const bar = doc.getElementById('bb')!
    expect(bar.className).toBe('bb')
    expect(bar.querySelectorAll('.sns a').length).toBe(4)
    expect(bar.querySelectorAll('[data-tab]').length).toBe(4)
    const cells = [...doc.querySelectorAll<HTMLElement>('.c')]
    expect(cells.length).toBeGreaterThan(1)
    for (const cell of cells)
      expect([cell.id, 'sns' in cell.dataset, 'co' in cell.dataset]).toEqual([cell.id, true, true])
  })

  it('shows them by default when the settings were stored before the default existed', () => {
    const doc = swipePage((input) => {
      follow(input)
      for (const s of input.settings) {
        delete (s as { showSnsByDefault?: boolean }).showSnsByDefault
        delete (s as { showCompanyByDefault?: boolean }).showCompanyByDefault
      }
    })
    expect(doc.getElementById('bb')?.className).toBe('bb')
  })

  it('leaves the bar out when the default is off and no creative chooses to show it', () => {
    const doc = swipePage((input) => {
      follow(input)
      for (const s of input.settings)
        Object.assign(s, { showSnsByDefault: false, showCompanyByDefault: false })
    })
    expect(doc.getElementById('bb')).toBeNull()
    expect(doc.getElementById('co')).toBeNull()
  })

  it('lets a creative hide what the default shows, and show what it hides', () => {
    const doc = swipePage((input) => {
      follow(input)
      for (const s of input.settings)
        Object.assign(s, { showSnsByDefault: true, showCompanyByDefault: false })
      const a1 = input.creatives.find((c) => c.lang === 'JP' && c.position === 'A1')!
      Object.assign(a1, { snsConfig: false, showCompany: true })
    })
    // A1 is the first creative: its choice sets the bar's starting state.
    expect(doc.getElementById('bb')?.className).toBe('bb no-sns')
    const a1 = doc.getElementById('A1')!
    const b1 = doc.getElementById('B1')!
    expect(['sns' in a1.dataset, 'co' in a1.dataset]).toEqual([false, true])
    expect(['sns' in b1.dataset, 'co' in b1.dataset]).toEqual([true, false])
  })
})
