import { keysToSnake } from '@swipe/shared'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ExperimentDetail, ExperimentView } from '../../components/experiments/experiment-model.ts'
import { running as runningTest } from '../../components/experiments/testing.ts'
import { storeSession } from '../../test/fixtures.ts'
import { type MockReply, type MockRequest, mockApi } from '../../test/mockApi.ts'
import { mockDownloads } from '../../test/mockUpload.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'
import { ExperimentsReport } from './ExperimentsReport.tsx'

/**
 * 効果測定's A/B tests (issue 34): the site's tests read-only with their verdicts and arms, the CSV
 * of each, the chart of the detail, the empty state and a plan without analytics. The section is
 * rendered alone with the API mocked; ECharts is replaced by a stand-in that shows its option.
 */

vi.mock('../../components/EChart.tsx', () => ({
  EChart: ({ option, label }: { option: object; label?: string }) => (
    <div role="img" aria-label={label} data-testid="echart" data-option={JSON.stringify(option)} />
  ),
}))

const EXPERIMENTS = '/site/site-1/experiments'

type Routes = Record<string, MockReply | ((request: MockRequest) => MockReply)>

/** A running test whose variant the editor would offer to stop and to promote. */
const running = runningTest()

/** A test stopped by hand: the editor would still offer to promote its variant. */
const stopped: ExperimentView = {
  ...running,
  id: 'x-1',
  name: 'CTA文言テスト',
  state: 'ENDED',
  endedAt: '2026-05-03T03:30:00.000Z',
  endReason: 'stopped',
  autoPromote: false,
  verdict: { kind: 'noDifferenceYet', arm: null, confidence: null, text: 'まだ差は見られません。' },
}

const listReply = (items: ExperimentView[]): MockReply => ({ body: keysToSnake({ items }) })

const renderReport = (routes: Routes, editorPath: string | null = '/master/site/site-1') => {
  storeSession()
  const api = mockApi(routes)
  return {
    ...api,
    ...renderWithProviders({ ui: <ExperimentsReport siteId="site-1" editorPath={editorPath} /> }),
  }
}

const card = async (name: string) => screen.findByRole('region', { name })
const rowOf = (region: HTMLElement, label: string) =>
  within(region)
    .getAllByRole('row')
    .find((row) => row.querySelector('td')?.textContent?.startsWith(label)) as HTMLElement
const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)

beforeEach(() => {
  vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-06-03T00:00:00.000Z'))
})

describe('効果測定のA/Bテスト', () => {
  it('lists the tests newest first with their verdicts and arms, and neither stop nor promotion', async () => {
    renderReport({ [`GET ${EXPERIMENTS}`]: listReply([running, stopped]) })
    const list = await screen.findByRole('list', { name: 'A/Bテスト一覧' })
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['ファーストビュー比較', 'CTA文言テスト'])
    expect(
      screen.getByText('A/Bテストの結果は、上の期間や言語の指定に関係なく、各テストの開始からの累計です。'),
    ).toBeTruthy()

    const first = await card('ファーストビュー比較')
    expect(within(first).getByText('実行中')).toBeTruthy()
    expect(within(first).getByTestId('experiment-verdict').textContent).toBe(
      '判定: Bは元の版より優れています（信頼度97%）。',
    )
    // The editor's table has a last column with このパターンを反映 here: read-only, it has none.
    expect(cellsOf(rowOf(first, 'B'))).toEqual([
      'B',
      'クリエイティブ1つを変更変更したセル: 日本語 A1',
      '50%',
      '1,010',
      '61',
      '6.0%',
      '+1.2 pt (\u22120.3〜+2.7)相対 +25.0%',
    ])
    expect(
      within(first)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['詳細を見る', '「ファーストビュー比較」のCSVをダウンロード'])

    const second = await card('CTA文言テスト')
    expect(within(second).getByTestId('experiment-verdict').textContent).toBe('判定: まだ差は見られません。')
    expect(within(second).getByText('手動で終了しました')).toBeTruthy()
    expect(
      within(second)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['詳細を見る', '「CTA文言テスト」のCSVをダウンロード'])
    expect(screen.queryByRole('button', { name: '終了' })).toBeNull()
    expect(screen.queryByRole('button', { name: /このパターンを反映/ })).toBeNull()
  })

  it('downloads the CSV of the test asked for, under the name the server gives', async () => {
    const { requests, user } = renderReport({
      [`GET ${EXPERIMENTS}`]: listReply([running, stopped]),
      [`GET ${EXPERIMENTS}/x-1/export-csv`]: {
        text: '\uFEFF日付,パターン\r\n',
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="experiment-x-1.csv"',
        },
      },
    })
    const { saved } = mockDownloads()
    await user.click(
      within(await card('CTA文言テスト')).getByRole('button', {
        name: '「CTA文言テスト」のCSVをダウンロード',
      }),
    )
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]?.fileName).toBe('experiment-x-1.csv')
    // The file as sent, its byte order mark included (Blob.text() would drop it).
    expect([...new Uint8Array((await saved[0]?.blob.arrayBuffer()) ?? new ArrayBuffer(0))]).toEqual([
      ...new TextEncoder().encode('\uFEFF日付,パターン\r\n'),
    ])
    expect(
      requests.filter((r) => r.path.endsWith('/export-csv')).map((r) => `${r.method} ${r.path}`),
    ).toEqual([`GET ${EXPERIMENTS}/x-1/export-csv`])
  })

  it('says why a CSV did not download', async () => {
    const { user } = renderReport({
      [`GET ${EXPERIMENTS}`]: listReply([running]),
      [`GET ${EXPERIMENTS}/x-2/export-csv`]: {
        status: 404,
        body: { error: { code: 'experiment.notFound', message: 'A/Bテストが見つかりません。' } },
      },
    })
    const { saved } = mockDownloads()
    await user.click(
      within(await card('ファーストビュー比較')).getByRole('button', {
        name: '「ファーストビュー比較」のCSVをダウンロード',
      }),
    )
    expect(await screen.findByText('A/Bテストが見つかりません。')).toBeTruthy()
    expect(saved).toEqual([])
  })

  it('shows the chart of the sequence over time on 詳細を見る, read-only, and goes back to the list', async () => {
    const detail: ExperimentDetail = {
      ...running,
      series: [
        {
          day: '2026-06-01',
          arms: [
            { visitors: 100, conversions: 5, lower: null, upper: null },
            { visitors: 100, conversions: 7, lower: -0.05, upper: 0.09 },
          ],
        },
        {
          day: '2026-06-02',
          arms: [
            { visitors: 400, conversions: 20, lower: null, upper: null },
            { visitors: 410, conversions: 25, lower: -0.02, upper: 0.04 },
          ],
        },
      ],
    }
    const { user, requests } = renderReport({
      [`GET ${EXPERIMENTS}`]: listReply([running]),
      [`GET ${EXPERIMENTS}/x-2`]: { body: keysToSnake(detail) },
    })
    // The list asks for no series; the detail does, once opened.
    await card('ファーストビュー比較')
    expect(requests.some((r) => r.path === `${EXPERIMENTS}/x-2`)).toBe(false)
    await user.click(within(await card('ファーストビュー比較')).getByRole('button', { name: '詳細を見る' }))
    const chart = await screen.findByTestId('echart')
    expect(chart.getAttribute('aria-label')).toBe(
      'パターンごとの、Aとのコンバージョン率の差（ポイント）と95%区間の日ごとの推移',
    )
    const option = JSON.parse(chart.getAttribute('data-option') ?? '{}') as {
      xAxis: { data: string[] }
      series: { name: string; data: (number | null)[] }[]
    }
    expect(option.xAxis.data).toEqual(['2026-06-01', '2026-06-02'])
    expect(option.series.map((s) => [s.name, s.data])).toEqual([
      ['差なし', [0, 0]],
      ['Bの95%区間', [-5, -2]],
      ['Bの95%区間', [14, 6]],
      ['Bの差', [2, 1.1]],
    ])
    const shown = screen.getByRole('region', { name: 'ファーストビュー比較' })
    expect(
      within(shown)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['「ファーストビュー比較」のCSVをダウンロード'])
    await user.click(screen.getByRole('button', { name: '一覧に戻る' }))
    expect(await screen.findByRole('list', { name: 'A/Bテスト一覧' })).toBeTruthy()
  })

  it('says there is no test yet and links to the site editor', async () => {
    renderReport({ [`GET ${EXPERIMENTS}`]: listReply([]) })
    const empty = await screen.findByTestId('analytics-experiments-empty')
    expect(
      within(empty).getByText('A/Bテストはまだありません。サイト編集の「A/Bテスト」から作成できます。'),
    ).toBeTruthy()
    expect(within(empty).getByRole('link', { name: 'サイト編集を開く' }).getAttribute('href')).toBe(
      '/master/site/site-1',
    )
    expect(screen.queryByRole('list')).toBeNull()
  })

  it('offers no link to the editor to an account that may not open it', async () => {
    renderReport({ [`GET ${EXPERIMENTS}`]: listReply([]) }, null)
    const empty = await screen.findByTestId('analytics-experiments-empty')
    expect(empty.textContent).toContain('A/Bテストはまだありません。')
    expect(within(empty).queryByRole('link')).toBeNull()
  })

  it('shows the plan’s notice in place of the tests when the plan has no analytics', async () => {
    let answered = 0
    const { user, router } = renderReport({
      [`GET ${EXPERIMENTS}`]: () => {
        answered += 1
        return {
          status: 403,
          body: {
            error: { code: 'plan.noAnalytics', message: 'ご契約のプランでは効果測定を利用できません。' },
          },
        }
      },
    })
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('データを読み込めませんでした。')).toBeTruthy()
    expect(within(alert).getByText('ご契約のプランでは効果測定を利用できません。')).toBeTruthy()
    expect(alert.className).toContain('ant-alert-error')
    expect(screen.queryByRole('list')).toBeNull()
    expect(screen.queryByTestId('analytics-experiments-empty')).toBeNull()
    // A plan refusal is explained in place: no forbidden page; 再読み込み asks again.
    expect(router.state.location.pathname).toBe('/')
    await user.click(within(alert).getByRole('button', { name: '再読み込み' }))
    await waitFor(() => expect(answered).toBe(2))
  })
})
