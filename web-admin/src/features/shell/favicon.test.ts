import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8')

describe('console favicon', () => {
  it('is linked from the page and served from the public folder as an SVG', () => {
    const html = new DOMParser().parseFromString(read('../../../index.html'), 'text/html')
    const icon = html.querySelector('link[rel="icon"]')
    expect([icon?.getAttribute('type'), icon?.getAttribute('href')]).toEqual([
      'image/svg+xml',
      '/favicon.svg',
    ])
    const svg = new DOMParser().parseFromString(read('../../../public/favicon.svg'), 'image/svg+xml')
    expect(svg.documentElement.nodeName).toBe('svg')
    expect(svg.querySelector('parsererror')).toBeNull()
    expect(svg.documentElement.getAttribute('viewBox')).toBe('0 0 32 32')
  })
})
