import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { apiSignIn, signIn, uiText } from './support.ts'

/**
 * Issue 30 item 6: every list screen of the console fits a 1366 px and a 1024 px laptop. At both
 * widths, on each list, every column header shown is inside the window and on top (nothing pinned
 * over it), every cell of the first row is on top, the first row's actions are inside the window,
 * and the page does not scroll sideways. Signed in once as the seeded MASTER, who reaches every
 * list; the rows come from the seed plus one contact message and one sub-admin made here.
 */

const MASTER = { email: 'master@example.com', password: 'Master#Local1' }
const WIDTHS = [1366, 1024] as const

const ja = uiText('ja')
const billingJa = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'web-admin', 'src', 'i18n', 'billing.ja.json'), 'utf8'),
)
const seededSiteId = (): string =>
  (JSON.parse(process.env.E2E_SEEDED ?? '{}') as { siteId?: string }).siteId ?? ''

// Callbacks of page.evaluate run in the browser; the test project's types have no DOM library,
// so the few browser types used here are declared.
interface Box {
  left: number
  right: number
  top: number
  width: number
  height: number
}
interface El {
  tagName: string
  className: unknown
  textContent: string | null
  scrollWidth: number
  clientWidth: number
  getClientRects(): ArrayLike<Box>
  getBoundingClientRect(): Box
  contains(other: El): boolean
  querySelector(selectors: string): El | null
  querySelectorAll(selectors: string): Iterable<El>
  scrollIntoView(options: { block: 'center' }): void
}
declare const document: {
  elementFromPoint(x: number, y: number): El | null
  querySelector(selectors: string): El | null
  scrollingElement: El
}
declare const window: { innerWidth: number }

interface Fit {
  headers: string[]
  /** Headers outside the window or covered at their centre (what covers them). */
  badHeaders: string[]
  badCells: string[]
  badActions: string[]
  actions: number
  /** How far the page or the table scrolls sideways (0 when everything fits). */
  overflow: number
}

/** Measures the first table on the page: headers, the first row's cells and its actions. */
const measure = (page: Page): Promise<Fit> =>
  page.evaluate(() => {
    const shown = (element: El) => element.getClientRects().length > 0
    const describe = (element: El | null) =>
      element ? `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]}` : 'nothing'
    // A wrapped link has a box per line: the centre of its first line is surely on its text.
    const onTop = (element: El) => {
      const box = element.getClientRects()[0] ?? element.getBoundingClientRect()
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
      return hit && (element === hit || element.contains(hit)) ? null : describe(hit)
    }
    const inside = (element: El) => {
      const box = element.getBoundingClientRect()
      return box.left >= 0 && box.right <= window.innerWidth && box.width > 0
    }
    const table = document.querySelector('.ant-table') as El
    const headerCells = [...table.querySelectorAll('thead th')].filter(shown)
    headerCells[0]?.scrollIntoView({ block: 'center' })
    const label = (cell: El, index: number) => cell.textContent?.trim() || `#${index}`
    const badHeaders = headerCells.flatMap((cell, index) => {
      const covered = onTop(cell)
      return !inside(cell) || covered ? [`${label(cell, index)} (${covered ?? 'outside'})`] : []
    })
    const row = table.querySelector('tbody tr.ant-table-row') as El
    row.scrollIntoView({ block: 'center' })
    const cells = [...row.querySelectorAll(':scope > td')].filter(shown)
    const badCells = cells.flatMap((cell, index) => {
      const covered = onTop(cell)
      return !inside(cell) || covered
        ? [`${label(headerCells[index] ?? cell, index)} (${covered ?? 'outside'})`]
        : []
    })
    const actions = [...row.querySelectorAll('a, button')].filter(shown)
    const badActions = actions.flatMap((action) => {
      const covered = onTop(action)
      return !inside(action) || covered ? [`${action.textContent} (${covered ?? 'outside'})`] : []
    })
    const scroller = document.scrollingElement
    const content = table.querySelector('.ant-table-content')
    const overflow = Math.max(
      scroller.scrollWidth - scroller.clientWidth,
      content ? content.scrollWidth - content.clientWidth : 0,
      table.getBoundingClientRect().right - window.innerWidth,
    )
    return {
      headers: headerCells.map((cell) => cell.textContent?.trim() ?? ''),
      badHeaders,
      badCells,
      badActions,
      actions: actions.length,
      overflow,
    }
  })

test('every list screen fits 1366 and 1024 px: headers, first row and its actions on screen, nothing covered', async ({
  page,
  urls,
}) => {
  test.setTimeout(180_000)
  const siteId = seededSiteId()
  expect(siteId).not.toBe('')

  // A row for the contact list and for admin settings (the seed makes neither).
  const contact = await fetch(`${urls.api}/end-user/site/${siteId}/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      lang: 'JP',
      data: {
        email: `width-${randomUUID().slice(0, 8)}@example.com`,
        company: '幅確認株式会社',
        topic: '表示幅',
      },
    }),
  })
  expect(contact.status).toBe(201)
  const token = await apiSignIn(urls.api, MASTER.email, MASTER.password)
  const subAdmin = await fetch(`${urls.api}/sub-admins`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      email: `width-admin-${randomUUID().slice(0, 8)}@example.com`,
      contact_name: '幅確認 担当',
      admin_role: 'EDITOR',
      authority: 'EDIT',
    }),
  })
  expect(subAdmin.status).toBe(201)

  await signIn(page, MASTER.email, MASTER.password)
  await expect(page).toHaveURL(/\/master\/summary$/)

  // `must`: headers shown at both widths; `wide`: the secondary ones, shown at 1366 px only.
  const screens: { path: string; title: string; must: string[]; wide?: string[] }[] = [
    {
      path: '/master/site-list',
      title: ja.pages.siteList,
      must: [ja.common.actions, '公開日', 'ステータス', 'サイト名'],
      wide: ['URL', '親アカウント', '作成日'],
    },
    { path: '/master/user-list', title: ja.pages.userList, must: [ja.common.actions] },
    { path: '/master/admin-list', title: ja.pages.adminList, must: [ja.common.actions] },
    { path: '/master/plan', title: billingJa.bills.title, must: [billingJa.bills.actions] },
    { path: '/master/plan-management', title: ja.pages.planManagement, must: [billingJa.bills.actions] },
    {
      path: '/master/latest-information',
      title: ja.pages.latestInformation,
      must: ['更新日時', ja.common.actions],
    },
    {
      path: '/master/system-notification',
      title: ja.pages.systemNotification,
      must: ['更新日時', ja.common.actions],
    },
    {
      path: `/master/notification-delivery/${siteId}`,
      title: ja.pages.notificationDelivery,
      must: [ja.common.actions],
    },
    { path: `/master/site/${siteId}/submissions?tab=contact`, title: '', must: [] },
  ]

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 768 })
    for (const screen of screens) {
      await page.goto(screen.path)
      if (screen.title)
        await expect(page.getByRole('heading', { level: 1, name: screen.title })).toBeVisible()
      await expect(page.locator('.ant-table tbody tr.ant-table-row').first()).toBeVisible()
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0)
      const fit = await measure(page)
      const where = `${screen.path} at ${width} px (headers: ${fit.headers.join(' | ')})`
      for (const header of screen.must) expect(fit.headers, where).toContain(header)
      for (const header of screen.wide ?? []) {
        if (width >= 1200) expect(fit.headers, where).toContain(header)
        else expect(fit.headers, where).not.toContain(header)
      }
      expect(fit.badHeaders, where).toEqual([])
      expect(fit.badCells, where).toEqual([])
      expect(fit.actions, where).toBeGreaterThan(0)
      expect(fit.badActions, where).toEqual([])
      expect(fit.overflow, where).toBeLessThanOrEqual(0)
    }
  }
})
