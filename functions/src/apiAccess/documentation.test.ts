import { contractList } from '@swipe/shared/contract'
import { describe, expect, it } from 'vitest'
import { siteApiHtml, siteApiMarkdown, siteOpenApi } from './documentation.ts'

const site = {
  siteId: 'site-1',
  name: '春のキャンペーン',
  baseUrl: 'https://uuid-1.sites.example.com/api/v1/open/site/site-1',
  authMethod: 'API_KEY' as const,
  basicId: null,
}
const siteApiRoutes = contractList().filter((route) => route.auth === 'siteApi')

describe('the site API documentation', () => {
  it('is in Japanese for ja: every operation’s Japanese summary, none of the English ones', () => {
    const markdown = siteApiMarkdown(site, 'ja')
    const html = siteApiHtml(site, 'ja')
    for (const route of siteApiRoutes) {
      expect(markdown).toContain(`\n${route.summaryJa}\n`)
      expect(html).toContain(`<p>${route.summaryJa}</p>`)
      expect(markdown).not.toContain(route.summary)
    }
    expect(markdown).toContain('- `from`: 期間の開始日（YYYY-MM-DD、日本時間）')
    expect(markdown).not.toMatch(/required|Filter by/)
  })

  it('is in English for en', () => {
    const markdown = siteApiMarkdown(site, 'en')
    for (const route of siteApiRoutes) expect(markdown).toContain(`\n${route.summary}\n`)
    expect(markdown).toContain('- `from`: First day of the period (YYYY-MM-DD, JST)')
  })

  it('fills the site in: no `{siteId}` in its paths and no site parameter left to send', () => {
    const document = siteOpenApi(site, 'ja')
    expect(Object.keys(document.paths)).toEqual(
      ['members', 'contacts', 'forms', 'analytics', 'content'].map(
        (tag) => `/api/v1/open/site/site-1/${tag}`,
      ),
    )
    const operations = Object.values(document.paths).map(
      (byMethod) => byMethod.get as Record<string, unknown>,
    )
    for (const operation of operations) {
      const parameters = operation.parameters as Array<{ in: string }>
      expect(parameters.filter((p) => p.in === 'path')).toEqual([])
    }
    expect(operations[0]?.summary).toBe(`会員: ${siteApiRoutes[0]?.summaryJa}`)
  })
})
