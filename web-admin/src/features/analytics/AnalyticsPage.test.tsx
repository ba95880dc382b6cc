import { addMonths } from '@swipe/shared/time/calendar'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { RouteObject } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { storeSession, userInfoBody } from '../../test/fixtures.ts'
import { type MockRequest, mockApi } from '../../test/mockApi.ts'
import { mockDownloads } from '../../test/mockUpload.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'
import { ConsoleLayout } from '../shell/ConsoleLayout.tsx'
import { CONSOLE_ROUTES, type ConsoleRouteHandle } from '../shell/consoleRoutes.ts'
import { AnalyticsPage } from './AnalyticsPage.tsx'
import { contrast, HEAT_STEPS, heatStep, textOn } from './GridHeatmap.tsx'
import { monthPeriod, thisMonth } from './period.ts'

// jsdom draws no canvas: the chart stands in with its points (ECharts itself is exercised in the browser test).
vi.mock('./TrendChart.tsx', () => ({
  TrendChart: ({ points }: { points: Array<{ date: string; pv: number }> }) => (
    <ol data-testid="trend-chart">
      {points.map((p) => (
        <li key={p.date}>{`${p.date}:${p.pv}`}</li>
      ))}
    </ol>
  ),
}))

const routes: RouteObject[] = [
  {
    path: '/:userTypeId',
    element: <ConsoleLayout />,
    children: CONSOLE_ROUTES.filter((route) => route.path === 'analytics').map((route) => ({
      path: route.path,
      handle: { areas: route.areas, page: route.page } satisfies ConsoleRouteHandle,
      element: <AnalyticsPage />,
    })),
  },
]

const site = { id: 'site-1', name: '春のキャンペーン', rows: 2, columns: 2, languages: ['JP'] }
const head = (from: string, to: string) => ({
  site,
  period: { from, to },
  previous: { from: '2000-01-01', to: '2000-01-02' },
  lang: null,
})
const kpi = (value: number, previous: number, change: number | null) => ({ value, previous, change })
const row = (position: string, overrides: Record<string, unknown> = {}) => ({
  position,
  lang: 'JP',
  reach: 0,
  reach_rate: 0,
  views: 0,
  avg_dwell_ms: 0,
  median_dwell_ms: 0,
  exits: 0,
  exit_rate: 0,
  clicks: { link: 0, product: 0, sns: 0, cta: 0 },
  link_ctr: 0,
  products_opened: 0,
  popups_shown: 0,
  conversions: 0,
  swipes: { up: 0, down: 0, left: 0, right: 0, jump: 0 },
  ...overrides,
})

const answers = (request: MockRequest) => {
  const from = request.url.searchParams.get('from') ?? ''
  const to = request.url.searchParams.get('to') ?? ''
  return { from, to, head: head(from, to) }
}

/** One metric's row of the vitals report as the API answers it. */
const vital = (metric: string, samples: number, p75: number | null, rating: string | null) => ({
  metric,
  samples,
  p75,
  rating,
})

const open = (options: { deliveries?: boolean; vitals?: 'none' } = {}) => {
  storeSession()
  const api = mockApi({
    'GET /auth/user-info': {
      body: userInfoBody({ menu_areas: ['summary', 'siteProduction', 'effectMeasurement'] }),
    },
    'GET /site': {
      body: {
        items: [
          {
            id: 'site-1',
            name: '春のキャンペーン',
            url: '',
            status: 'PUBLISH',
            owner_id: 'u-1',
            owner_name: 'アルファ株式会社',
            number_horizontal: 2,
            number_vertical: 2,
            languages: ['JP'],
            created_at: null,
            published_at: null,
            version: 1,
          },
        ],
        next_cursor: null,
      },
    },
    'GET /analysis/site/site-1/lp': (request) => ({
      body: {
        ...answers(request).head,
        kpis: {
          pv: kpi(1200, 1000, 0.2),
          unique_visitors: kpi(800, 1000, -0.2),
          avg_dwell_ms: kpi(2500, 0, null),
          median_dwell_ms: kpi(2000, 0, null),
          swipes_per_visit: kpi(2.5, 2, 0.25),
          link_ctr: kpi(0.05, 0.04, 0.25),
          cta_clicks: kpi(12, 10, 0.2),
          conversions: kpi(30, 20, 0.5),
          cvr: kpi(0.025, 0.02, 0.25),
        },
        conversion_sources: {
          referrers: [
            { value: 'www.instagram.com', visits: 1200, conversions: 36, cvr: 0.03 },
            { value: '', visits: 7, conversions: 0, cvr: 0 },
          ],
          utm_source: [
            { value: 'instagram', visits: 1200, conversions: 36, cvr: 0.03 },
            { value: 'OTHER', visits: 0, conversions: 2, cvr: null },
          ],
          utm_medium: [],
          utm_campaign: [],
          ad_platforms: [{ platform: 'meta-ads', conversions: 20 }],
        },
        deliveries: options.deliveries
          ? [
              { platform: 'meta', delivered: 97, failed: 3, pending: 1, rate: 0.97 },
              { platform: 'google', delivered: 0, failed: 0, pending: 2, rate: null },
            ]
          : [],
      },
    }),
    'GET /analysis/site/site-1/lp/chart': (request) => ({
      body: {
        ...answers(request).head,
        unit: 'day',
        points: [
          {
            date: answers(request).from,
            pv: 7,
            unique_visitors: 5,
            swipes: 9,
            link_clicks: 1,
            conversions: 1,
          },
        ],
      },
    }),
    'GET /analysis/site/site-1/pages': (request) => ({
      body: {
        ...answers(request).head,
        visits: 10,
        rows: [
          row('A1', {
            reach: 10,
            reach_rate: 1,
            views: 10,
            swipes: { up: 0, down: 2, left: 0, right: 6, jump: 0 },
          }),
          row('B1', { reach: 6, reach_rate: 0.6, views: 6, exits: 6, exit_rate: 1, conversions: 2 }),
          row('A2', { reach: 2, reach_rate: 0.2, views: 2, exits: 2, exit_rate: 1 }),
          row('B2'),
        ],
        thumbnails: [{ position: 'A1', url: 'https://media.example.com/a1.jpg' }],
      },
    }),
    'GET /analysis/site/site-1/ranking': (request) => ({
      body: {
        ...answers(request).head,
        available: false,
        pages: 4,
        min_pages: 10,
        rankings: { pv: [], ctr: [], cv: [], cta_button: [], popup: [] },
      },
    }),
    'GET /analysis/site/site-1/sources': (request) => ({
      body: {
        ...answers(request).head,
        visits: 10,
        referrers: [
          { value: '', visits: 7, conversions: 0 },
          { value: 'www.google.com', visits: 3, conversions: 1 },
        ],
        utm_source: [{ value: 'newsletter', visits: 3, conversions: 1 }],
        utm_medium: [],
        utm_campaign: [],
      },
    }),
    'GET /analysis/site/site-1/vitals': (request) => ({
      body: {
        ...answers(request).head,
        devices:
          options.vitals === 'none'
            ? ['mobile', 'desktop'].map((device) => ({
                device,
                metrics: ['LCP', 'INP', 'CLS', 'TTFB'].map((m) => vital(m, 0, null, null)),
              }))
            : [
                {
                  device: 'mobile',
                  metrics: [
                    vital('LCP', 1_234, 2_140, 'good'),
                    vital('INP', 87, 312, 'needsImprovement'),
                    vital('CLS', 1_200, 0.31, 'poor'),
                    vital('TTFB', 1_234, 402, 'good'),
                  ],
                },
                {
                  device: 'desktop',
                  metrics: [
                    vital('LCP', 1, 980, 'good'),
                    vital('INP', 0, null, null),
                    vital('CLS', 1, 0, 'good'),
                    vital('TTFB', 1, 120, 'good'),
                  ],
                },
              ],
        relative_error: 0.0443,
      },
    }),
    'GET /analysis/site/site-1/lp/export-csv': {
      text: '\uFEFF指標,単位\r\n',
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="analysis-lp.csv"',
      },
    },
    'GET /site/site-1/experiments': { body: { items: [] } },
    'GET /analysis/site/site-1/report/export-pdf': {
      body: {
        file_name: 'analysis-2025-04.pdf',
        content_type: 'application/pdf',
        base64: btoa('%PDF-1.3 test'),
      },
    },
  })
  return { ...api, ...renderWithProviders({ at: '/master/analytics', routes }) }
}

const lastQuery = (requests: MockRequest[], path: string) =>
  Object.fromEntries(requests.filter((r) => r.path === path).at(-1)?.url.searchParams ?? [])

describe('効果測定', () => {
  it('shows the first site’s month: KPIs with their change, the chart, the heatmap, the table, rankings and sources', async () => {
    const { requests } = open()
    expect(await screen.findByRole('heading', { name: '効果測定', level: 1 })).toBeTruthy()
    // Page loads are 訪問数; creative views have a name of their own (issue 30).
    const pv = await screen.findByText('訪問数', { selector: '.ant-statistic-title' })
    const card = pv.closest('[data-kpi]') as HTMLElement
    expect(within(card).getByText('1,200')).toBeTruthy()
    expect(within(card).getByText('前期間比 +20.0%')).toBeTruthy()
    const uv = (await screen.findByText('ユニークユーザー', { selector: '.ant-statistic-title' })).closest(
      '[data-kpi]',
    ) as HTMLElement
    expect(within(uv).getByText('前期間比 −20.0%')).toBeTruthy()
    const dwell = screen
      .getByText('平均滞在時間', { selector: '.ant-statistic-title' })
      .closest('[data-kpi]') as HTMLElement
    expect(within(dwell).getByText('2.5秒')).toBeTruthy()
    expect(within(dwell).getByText('前期間のデータなし')).toBeTruthy()
    // This month, from its first day to today (Japan).
    const { from, to } = monthPeriod(thisMonth())
    expect(lastQuery(requests, '/analysis/site/site-1/lp')).toEqual({ from, to })
    expect(within(await screen.findByTestId('trend-chart')).getByText(`${from}:7`)).toBeTruthy()
    // The heatmap: the grid as swiped, reach rate by default, with where visitors swiped next.
    const heatmap = await screen.findByTestId('heatmap')
    const cells = within(heatmap).getAllByRole('listitem')
    expect(cells.map((cell) => cell.getAttribute('data-cell'))).toEqual(['A1', 'B1', 'A2', 'B2'])
    expect(cells[0]?.getAttribute('aria-label')).toBe(
      'A1：100.0%、クリエイティブ表示回数 10、下へ 25.0%、右へ 75.0%',
    )
    expect(cells[1]?.getAttribute('aria-label')).toBe('B1：60.0%、クリエイティブ表示回数 6')
    // Each value on a plate under the image, coloured by its step of the highest; the key says which.
    const plates = cells.map((cell) => cell.querySelector<HTMLElement>('[data-plate]')!)
    expect(plates.map((plate) => plate.textContent)).toEqual(['A1100.0%', 'B160.0%', 'A220.0%', 'B20.0%'])
    expect(cells.map((cell) => cell.getAttribute('data-step'))).toEqual(['4', '3', '1', '0'])
    expect(
      within(screen.getByTestId('heatmap-legend'))
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['0（なし）', '〜25.0%', '〜50.0%', '〜75.0%', '〜100.0%'])
    // The creative stays visible: its thumbnail (an image or a video's poster) under no overlay.
    expect(cells[0]?.querySelector<HTMLElement>('[data-thumbnail]')?.style.backgroundImage).toBe(
      'url("https://media.example.com/a1.jpg")',
    )
    expect(cells[3]?.querySelector('[data-thumbnail]')).toBeNull()
    await userEvent.click(screen.getByText('離脱率', { selector: '.ant-segmented-item-label' }))
    expect(cells[1]?.getAttribute('aria-label')).toBe('B1：100.0%、クリエイティブ表示回数 6')
    await userEvent.click(
      within(heatmap.parentElement!.parentElement!).getByText('クリエイティブ表示回数', {
        selector: '.ant-segmented-item-label',
      }),
    )
    expect(cells[0]?.getAttribute('aria-label')).toBe('A1：10、下へ 25.0%、右へ 75.0%')
    // The per-page table, the rankings' empty-data text and the sources.
    expect(await screen.findByRole('row', { name: /B1 6 60.0%/ })).toBeTruthy()
    expect(
      screen.getByText('ランキングは10ページ以上のサイトで表示されます（このサイトは4ページ）。'),
    ).toBeTruthy()
    const visitSources = (kind: string) =>
      within(document.querySelector(`[data-sources="${kind}"]`) as HTMLElement)
    expect(visitSources('referrers').getByText('（直接アクセス）')).toBeTruthy()
    expect(visitSources('utmSource').getByText('newsletter')).toBeTruthy()
  })

  it('shows 表示速度 (Web Vitals): p75 per metric and device class, its rating in words, the samples', async () => {
    const { requests } = open()
    const card = await screen.findByTestId('vitals')
    expect(within(card).getByText('表示速度 (Web Vitals)')).toBeTruthy()
    await waitFor(() => expect(card.querySelector('[data-vitals="mobile-LCP"]')).toBeTruthy())
    const rows = within(card)
      .getAllByRole('row')
      .map((r) => Array.from(r.querySelectorAll('th, td')).map((c) => c.textContent))
    expect(rows).toEqual([
      ['指標', 'モバイル', 'デスクトップ'],
      [
        'LCP（最大コンテンツの表示）良好：2,500 ms以下／不良：4,000 ms超',
        '2,140 ms良好1,234件',
        '980 ms良好1件',
      ],
      ['INP（操作への応答）良好：200 ms以下／不良：500 ms超', '312 ms改善が必要87件', 'データなし0件'],
      ['CLS（レイアウトのずれ）良好：0.10以下／不良：0.25超', '0.31不良1,200件', '0.00良好1件'],
      ['TTFB（最初の応答）良好：800 ms以下／不良：1,800 ms超', '402 ms良好1,234件', '120 ms良好1件'],
    ])
    // The rating is a word on a coloured tag, never colour alone.
    const poor = within(card.querySelector('[data-vitals="mobile-CLS"]') as HTMLElement).getByText('不良')
    expect(poor.closest('.ant-tag')?.className).toMatch(/ant-tag-(error|red)/)
    expect(within(card).getByText(/抽出したブラウザのセッション（10%）.*±4\.4%以内/)).toBeTruthy()
    // The period's days, every language (the language filter does not apply to it).
    const { from, to } = monthPeriod(thisMonth())
    expect(lastQuery(requests, '/analysis/site/site-1/vitals')).toEqual({ from, to })
  })

  it('says when the period has no Web Vitals measured', async () => {
    open({ vitals: 'none' })
    const card = await screen.findByTestId('vitals')
    expect(
      await within(card).findByText(
        'この期間の計測データはまだありません。公開中のページの訪問の一部で計測されます。',
      ),
    ).toBeTruthy()
    expect(card.querySelector('[data-vitals]')).toBeNull()
  })

  it('shows conversions by source with their rates, and says when no destination sent anything', async () => {
    open()
    const byRow = (kind: string) =>
      within(document.querySelector(`[data-conversion-sources="${kind}"]`) as HTMLElement)
        .getAllByRole('row')
        .map((r) => Array.from(r.querySelectorAll('th, td')).map((c) => c.textContent))
    await screen.findByText('流入元別のコンバージョン')
    await waitFor(() => expect(document.querySelector('[data-conversion-sources="referrers"]')).toBeTruthy())
    expect(byRow('referrers')).toEqual([
      ['流入元', '訪問数', 'CV', 'CVR'],
      ['www.instagram.com', '1,200', '36', '3.0%'],
      ['（直接アクセス）', '7', '0', '0.0%'],
    ])
    expect(byRow('utmSource')).toEqual([
      ['流入元', '訪問数', 'CV', 'CVR'],
      ['instagram', '1,200', '36', '3.0%'],
      ['（その他）', '0', '2', '—'],
    ])
    expect(
      within(document.querySelector('[data-conversion-sources="utmMedium"]') as HTMLElement).getByText(
        'この期間のデータはありません。',
      ),
    ).toBeTruthy()
    expect(byRow('adPlatforms')).toEqual([
      ['広告', 'CV'],
      ['Meta広告', '20'],
    ])
    expect(screen.getByText('コンバージョンのサーバー送信')).toBeTruthy()
    expect(screen.getByText('この期間に送信先へ送ったコンバージョンはありません。')).toBeTruthy()
    expect(screen.queryByTestId('deliveries')).toBeNull()
  })

  it('shows each destination’s deliveries and delivery rate', async () => {
    open({ deliveries: true })
    const table = await screen.findByTestId('deliveries')
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => Array.from(r.querySelectorAll('th, td')).map((c) => c.textContent)),
    ).toEqual([
      ['送信先', '送信済み', '失敗', '送信待ち', '成功率'],
      ['Meta コンバージョンAPI', '97', '3', '1', '97.0%'],
      ['Google広告（拡張コンバージョン）', '0', '0', '2', '—'],
    ])
    expect(screen.queryByText('この期間に送信先へ送ったコンバージョンはありません。')).toBeNull()
  })

  it('colours the heatmap in steps that read apart, with black or white text of at least 4.5:1', () => {
    expect([0, 0.001, 0.25, 0.26, 0.636, 0.75, 1].map((value) => heatStep(value, 1))).toEqual([
      0, 1, 1, 2, 3, 3, 4,
    ])
    expect(heatStep(5, 0)).toBe(0)
    // 0 % and 63.6 % (of a highest of 100 %) are two steps apart, light grey and red.
    expect(HEAT_STEPS[heatStep(0, 1)]).not.toBe(HEAT_STEPS[heatStep(0.636, 1)])
    for (const colour of HEAT_STEPS)
      expect(contrast(colour, textOn(colour)), colour).toBeGreaterThanOrEqual(4.5)
    expect(HEAT_STEPS.map(textOn)).toEqual(['#000000', '#000000', '#000000', '#ffffff', '#ffffff'])
  })

  it('moves to the previous month and back, never past this month', async () => {
    const { requests } = open()
    await screen.findByTestId('heatmap')
    const next = screen.getByRole('button', { name: '翌月' })
    expect(next.hasAttribute('disabled')).toBe(true)
    await userEvent.click(screen.getByRole('button', { name: '前月' }))
    const previous = monthPeriod(addMonths(thisMonth(), -1))
    await waitFor(() => expect(lastQuery(requests, '/analysis/site/site-1/pages')).toEqual(previous))
    expect(lastQuery(requests, '/analysis/site/site-1/ranking')).toEqual(previous)
    await userEvent.click(screen.getByRole('button', { name: '翌月' }))
    await waitFor(() =>
      expect(lastQuery(requests, '/analysis/site/site-1/lp')).toEqual(monthPeriod(thisMonth())),
    )
  })

  it('ends with the site’s A/B tests, which link to the site editor while there are none', async () => {
    open()
    const section = (await screen.findByText('A/Bテスト', { selector: '.ant-card-head-title' })).closest(
      '.ant-card',
    ) as HTMLElement
    const empty = await within(section).findByTestId('analytics-experiments-empty')
    expect(
      within(empty).getByText('A/Bテストはまだありません。サイト編集の「A/Bテスト」から作成できます。'),
    ).toBeTruthy()
    expect(within(empty).getByRole('link', { name: 'サイト編集を開く' }).getAttribute('href')).toBe(
      '/master/site/site-1',
    )
  })

  it('downloads a report as CSV and the month as PDF', async () => {
    const { requests } = open()
    const { saved } = mockDownloads()
    await screen.findByTestId('heatmap')
    await userEvent.click(screen.getByRole('button', { name: 'CSV' }))
    await userEvent.click(await screen.findByText('主要指標'))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]?.fileName).toBe('analysis-lp.csv')
    expect(lastQuery(requests, '/analysis/site/site-1/lp/export-csv')).toEqual(monthPeriod(thisMonth()))
    await userEvent.click(screen.getByRole('button', { name: 'PDFレポート' }))
    await waitFor(() => expect(saved).toHaveLength(2))
    expect(saved[1]?.fileName).toBe('analysis-2025-04.pdf')
    expect(saved[1]?.blob.type).toBe('application/pdf')
    expect(lastQuery(requests, '/analysis/site/site-1/report/export-pdf')).toEqual({ month: thisMonth() })
  })
})
