import { keysToSnake } from '@swipe/shared'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { arm, running } from '../../../../components/experiments/testing.ts'
import { storeSession } from '../../../../test/fixtures.ts'
import { type MockReply, type MockRequest, mockApi } from '../../../../test/mockApi.ts'
import { renderWithProviders } from '../../../../test/renderWithProviders.tsx'
import {
  calls,
  editorReady,
  lastDialog,
  openEditor,
  SITE_ID,
  SITE_PATH,
  testSite,
} from '../frame/testing.tsx'
import type { SiteVersionView } from '../history/history-api.ts'
import { ExperimentsPanel, type ExperimentsProps } from './Experiments.tsx'
import type { ExperimentDetail, ExperimentView } from './experiments-api.ts'

/**
 * The A/B test drawer (issue 34): the list with verdicts and lifts, the empty state, a test variant
 * of the saved draft, the create form, stop and promote. The panel is rendered alone with the API
 * mocked; the editor is mounted once, for its toolbar entry. ECharts is replaced by a stand-in that
 * shows the option it was given.
 */

vi.mock('../../../../components/EChart.tsx', () => ({
  EChart: ({ option, label }: { option: object; label?: string }) => (
    <div role="img" aria-label={label} data-testid="echart" data-option={JSON.stringify(option)} />
  ),
}))

const EXPERIMENTS = `${SITE_PATH}/experiments`
const VARIANTS = `${SITE_PATH}/variants`
const VERSIONS = `${SITE_PATH}/versions`

type Routes = Record<string, MockReply | ((request: MockRequest) => MockReply)>

const ended = running({
  id: 'x-1',
  name: 'CTA文言テスト',
  state: 'ENDED',
  goal: { type: 'reach', cell: 'B2', seconds: null },
  arms: [
    arm({ visitors: 0, conversions: 0, rate: null }),
    arm({ index: 1, label: 'B', versionId: 'v-old', kind: 'grid', visitors: 0, conversions: 0, rate: null }),
  ],
  startedAt: '2026-05-01T00:00:00.000Z',
  endAt: null,
  endedAt: '2026-05-03T03:30:00.000Z',
  endReason: 'promoted',
  winner: 1,
  autoPromote: false,
  verdict: { kind: 'notEnoughData', arm: null, confidence: null, text: 'まだデータが足りません。' },
})

const listReply = (items: ExperimentView[]): MockReply => ({ body: keysToSnake({ items }) })

const version = (overrides: Partial<SiteVersionView> = {}): SiteVersionView => ({
  id: 'v-live',
  action: 'publish',
  at: '2026-05-02T00:00:00.000Z',
  by: null,
  summary: { first: false, cells: 1, languages: ['JP'], global: false, changedCells: ['JP:A1'] },
  restoredFrom: null,
  live: true,
  canRollback: true,
  ...overrides,
})

/** The history: a fresh test variant, the live version, an older publish and one no longer kept. */
const HISTORY = [
  version({ id: 'v-var', action: 'variant', at: '2026-06-02T01:00:00.000Z', live: false }),
  version(),
  version({ id: 'v-old', at: '2026-04-01T00:00:00.000Z', live: false }),
  version({ id: 'v-gone', at: '2026-03-01T00:00:00.000Z', live: false, canRollback: false }),
]
const historyReply: MockReply = { body: keysToSnake({ items: HISTORY, cursor: null }) }

/** The panel alone at site version 3, with every right unless told; `onPromoted` is a spy. */
const renderPanel = (routes: Routes, props: Partial<ExperimentsProps> = {}) => {
  storeSession()
  const api = mockApi(routes)
  const onPromoted = vi.fn(async () => {})
  return {
    onPromoted,
    ...api,
    ...renderWithProviders({
      ui: (
        <ExperimentsPanel
          siteId={SITE_ID}
          version={3}
          dirty={false}
          canWrite
          canPublish
          onPromoted={onPromoted}
          {...props}
        />
      ),
    }),
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

describe('the list of tests', () => {
  it('shows each test newest first with its state, goal, JST times, verdict and the arms with their lifts', async () => {
    renderPanel({ [`GET ${EXPERIMENTS}`]: listReply([running(), ended]) })
    const list = await screen.findByRole('list', { name: 'A/Bテスト一覧' })
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['ファーストビュー比較', 'CTA文言テスト'])

    const first = await card('ファーストビュー比較')
    expect(within(first).getByText('実行中')).toBeTruthy()
    expect(within(first).getByText('目標: CTAボタンのクリック')).toBeTruthy()
    expect(within(first).getByText('開始: 2026-06-01 09:00')).toBeTruthy()
    expect(within(first).getByText('終了予定: 2026-07-01 00:00')).toBeTruthy()
    expect(within(first).getByText('優れたパターンを自動で反映（開始から7日以降）')).toBeTruthy()
    const verdict = within(first).getByTestId('experiment-verdict')
    expect(verdict.textContent).toBe('判定: Bは元の版より優れています（信頼度97%）。')
    expect(verdict.className).toContain('ant-alert-success')
    expect(cellsOf(rowOf(first, 'A'))).toEqual([
      'A',
      '公開中の版（基準）',
      '50%',
      '1,000',
      '48',
      '4.8%',
      '基準',
      '',
    ])
    expect(cellsOf(rowOf(first, 'B'))).toEqual([
      'B',
      'クリエイティブ1つを変更変更したセル: 日本語 A1',
      '50%',
      '1,010',
      '61',
      '6.0%',
      '+1.2 pt (\u22120.3〜+2.7)相対 +25.0%',
      'このパターンを反映',
    ])

    const second = await card('CTA文言テスト')
    expect(within(second).getByText('終了')).toBeTruthy()
    expect(within(second).getByText('目標: セル B2 への到達')).toBeTruthy()
    expect(within(second).getByText('終了: 2026-05-03 12:30')).toBeTruthy()
    expect(within(second).getByText('パターンBを反映して終了しました')).toBeTruthy()
    expect(within(second).getByTestId('experiment-verdict').className).toContain('ant-alert-info')
    // No visitors: no rate and no lift, said in words; a promoted test offers no promotion or stop.
    expect(cellsOf(rowOf(second, 'B'))).toEqual([
      'B反映済み',
      '複数の箇所を変更',
      '50%',
      '0',
      '0',
      '—データ不足',
      '—データ不足',
    ])
    expect(within(second).queryByRole('button', { name: '終了' })).toBeNull()
  })

  it('shows a broken split as an error, and offers no actions to accounts that may not publish', async () => {
    renderPanel(
      {
        [`GET ${EXPERIMENTS}`]: listReply([
          running({
            verdict: {
              kind: 'noDifferenceYet',
              arm: null,
              confidence: null,
              text: 'まだ差は見られません。テストを続けてください。',
            },
            split: { pValue: 0.00012, broken: true },
          }),
        ]),
      },
      { canPublish: false },
    )
    const shown = await card('ファーストビュー比較')
    expect(within(shown).getByTestId('experiment-verdict').className).toContain('ant-alert-info')
    const alerts = within(shown).getAllByRole('alert')
    expect(alerts.map((a) => [a.textContent, a.className.includes('ant-alert-error')])).toEqual([
      ['判定: まだ差は見られません。テストを続けてください。', false],
      [
        '配分が崩れています（p値 0.00012）。訪問者の振り分けが設定どおりではないため、結果は信頼できません。',
        true,
      ],
    ])
    expect(within(shown).queryByRole('button', { name: '終了' })).toBeNull()
    expect(within(shown).queryByRole('button', { name: 'このパターンを反映: パターンB' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'A/Bテストを作成' })).toBeNull()
    // Saving a variant needs the edit right only.
    expect(screen.getByRole('button', { name: 'テスト案として保存' })).toBeTruthy()
  })

  it('explains what a test is and how to make a variant when there is none', async () => {
    renderPanel({ [`GET ${EXPERIMENTS}`]: listReply([]) })
    const empty = await screen.findByTestId('experiments-empty')
    expect(empty.textContent).toBe(
      'まだA/Bテストはありません1. 編集内容を保存し、「テスト案として保存」を押します（公開はされません）。2. 「A/Bテストを作成」で、公開中の版とテスト案を比べる配分と目標を決めます。3. 結果を見て、優れたパターンを反映します。',
    )
    expect(screen.queryByRole('list', { name: 'A/Bテスト一覧' })).toBeNull()
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'A/Bテストを作成' }).hasAttribute('disabled')).toBe(false),
    )
  })

  it('refuses a second test while one is open', async () => {
    renderPanel({ [`GET ${EXPERIMENTS}`]: listReply([running()]) })
    await card('ファーストビュー比較')
    expect(screen.getByRole('button', { name: 'A/Bテストを作成' }).hasAttribute('disabled')).toBe(true)
  })
})

describe('a test variant', () => {
  it('cannot be saved while edits are unsaved, and says why', async () => {
    const { requests } = renderPanel({ [`GET ${EXPERIMENTS}`]: listReply([]) }, { dirty: true })
    const button = await screen.findByRole('button', { name: 'テスト案として保存' })
    expect(button.hasAttribute('disabled')).toBe(true)
    const help = document.getElementById(button.getAttribute('aria-describedby') ?? '')
    expect(help?.textContent).toBe('保存していない変更があります。保存してからテスト案にしてください。')
    expect(calls(requests, 'POST', VARIANTS)).toHaveLength(0)
  })

  it('renders the saved draft at the editor version, then offers a test with it, picked as B', async () => {
    const saved = HISTORY[0] as SiteVersionView
    const { user, requests } = renderPanel({
      [`GET ${EXPERIMENTS}`]: listReply([]),
      [`POST ${VARIANTS}`]: {
        status: 201,
        body: keysToSnake({
          ...saved,
          message: '下書きをテスト案として保存しました。公開はされていません。',
        }),
      },
      [`GET ${VERSIONS}`]: historyReply,
    })
    await user.click(await screen.findByRole('button', { name: 'テスト案として保存' }))
    expect(await screen.findByText('下書きをテスト案として保存しました。公開はされていません。')).toBeTruthy()
    expect(calls(requests, 'POST', VARIANTS).map((r) => r.body)).toEqual([{ version: 3 }])

    await user.click(await screen.findByRole('button', { name: 'このテスト案でテストを作成' }))
    const dialog = await lastDialog()
    const select = await within(dialog).findByRole('combobox', { name: 'パターンBの版' })
    expect(select.closest('.ant-select')?.textContent).toBe('テスト案（2026-06-02 10:00）')
  })
})

describe('creating a test', () => {
  const openForm = async (routes: Routes = {}) => {
    const api = renderPanel({
      [`GET ${EXPERIMENTS}`]: listReply([ended]),
      [`GET ${VERSIONS}`]: historyReply,
      ...routes,
    })
    const create = await screen.findByRole('button', { name: 'A/Bテストを作成' })
    await waitFor(() => expect(create.hasAttribute('disabled')).toBe(false))
    await api.user.click(create)
    const dialog = await lastDialog()
    await within(dialog).findByText('公開中の版: 公開（2026-05-02 09:00）')
    return { ...api, dialog }
  }

  /** The options a select shows (its visible list: the accessible one holds only those near the active one). */
  const shownOptions = async (user: ReturnType<typeof renderPanel>['user'], label: string) => {
    const select = screen.getByRole('combobox', { name: label })
    await user.click(select)
    return waitFor(() => {
      const open = [...document.querySelectorAll('.ant-select-dropdown')].filter(
        (dropdown) => !dropdown.className.includes('ant-select-dropdown-hidden'),
      )
      const items = [...(open.at(-1)?.querySelectorAll('.ant-select-item-option') ?? [])] as HTMLElement[]
      if (items.length === 0) throw new Error(`${label} is not open`)
      return items
    })
  }

  const choose = async (user: ReturnType<typeof renderPanel>['user'], label: string, option: string) => {
    const items = await shownOptions(user, label)
    const item = items.find((candidate) => candidate.textContent === option)
    if (!item) throw new Error(`${label} has no option ${option}`)
    await user.click(item)
  }

  it('offers the kept versions that are not live, newest first, splits equally and refuses weights that do not sum to 100', async () => {
    const { user, requests, dialog } = await openForm()
    expect((await shownOptions(user, 'パターンBの版')).map((o) => o.textContent)).toEqual([
      'テスト案（2026-06-02 10:00）',
      '公開（2026-04-01 09:00）',
    ])

    const weight = (label: string) =>
      within(dialog).getByRole('spinbutton', { name: `パターン${label}の配分` })
    expect([weight('A'), weight('B')].map((input) => (input as HTMLInputElement).value)).toEqual(['50', '50'])
    await user.click(within(dialog).getByRole('button', { name: '比較する版を追加' }))
    expect([weight('A'), weight('B'), weight('C')].map((input) => (input as HTMLInputElement).value)).toEqual(
      ['34', '33', '33'],
    )
    // Two kept versions to compare: no fourth pattern.
    expect(within(dialog).getByRole('button', { name: '比較する版を追加' }).hasAttribute('disabled')).toBe(
      true,
    )
    await user.click(within(dialog).getByRole('button', { name: 'パターンCを削除' }))

    await user.type(within(dialog).getByLabelText('テスト名'), 'ファーストビュー比較')
    await choose(user, 'パターンBの版', 'テスト案（2026-06-02 10:00）')
    await user.clear(weight('A'))
    await user.type(weight('A'), '60')
    // The total follows the fields through Form.useWatch, which can land a render after the keystroke.
    expect(await within(dialog).findByText('合計 110%')).toBeTruthy()
    expect(within(dialog).getByTestId('arms-error').textContent).toBe('配分の合計を100%にしてください。')
    await user.click(within(dialog).getByRole('button', { name: '作成する' }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calls(requests, 'POST', EXPERIMENTS)).toHaveLength(0)

    await user.clear(weight('A'))
    await user.type(weight('A'), '50')
    await waitFor(() => expect(within(dialog).queryByTestId('arms-error')).toBeNull())
  })

  it('sends the whole test in snake_case: the live version first, the goal, the JST start and the auto promotion', async () => {
    const { user, requests, dialog } = await openForm({
      [`POST ${EXPERIMENTS}`]: {
        status: 201,
        body: keysToSnake({ ...running({ state: 'SCHEDULED' }), message: 'A/Bテストを予約しました。' }),
      },
    })
    await user.type(within(dialog).getByLabelText('テスト名'), '  ファーストビュー比較 ')
    await choose(user, 'パターンBの版', '公開（2026-04-01 09:00）')
    await choose(user, '目標', '指定したセルへの到達')
    await user.type(await within(dialog).findByLabelText('到達するセル'), 'b2')
    await user.click(within(dialog).getByRole('radio', { name: '日時を指定' }))
    await user.click(await within(dialog).findByLabelText('開始日時'))
    await user.paste('2026-06-10 10:00')
    await user.keyboard('{Enter}')
    await user.click(within(dialog).getByRole('switch', { name: '自動で勝者を反映' }))
    const minDays = await within(dialog).findByRole('spinbutton', { name: '最短日数' })
    expect((minDays as HTMLInputElement).value).toBe('7')
    await user.clear(minDays)
    await user.type(minDays, '14')
    await user.click(within(dialog).getByRole('button', { name: '作成する' }))

    expect(await screen.findByText('A/Bテストを予約しました。')).toBeTruthy()
    expect(calls(requests, 'POST', EXPERIMENTS).map((r) => r.body)).toEqual([
      {
        name: 'ファーストビュー比較',
        arms: [
          { version_id: 'v-live', weight: 50 },
          { version_id: 'v-old', weight: 50 },
        ],
        goal: { type: 'reach', cell: 'B2' },
        start_at: '2026-06-10T01:00:00.000Z',
        end_at: null,
        auto_promote: true,
        min_days: 14,
      },
    ])
    // The list is read again.
    await waitFor(() => expect(calls(requests, 'GET', EXPERIMENTS)).toHaveLength(2))
  })

  it('puts the server field errors on their fields, and shows a refusal without details in the dialog', async () => {
    const replies: MockReply[] = [
      {
        status: 400,
        body: {
          error: {
            code: 'error.validation',
            message: '入力内容を確認してください。',
            details: [
              {
                path: 'body.arms.1.version_id',
                code: 'version.releaseGone',
                message: 'この版の公開データは保存期間を過ぎています。',
              },
              { path: 'body.goal.seconds', code: 'validation.invalid', message: '値が正しくありません。' },
              {
                path: 'body.arms',
                code: 'experiment.sameVersion',
                message: '同じ版を2つのパターンに使うことはできません。',
              },
            ],
          },
        },
      },
      {
        status: 400,
        body: {
          error: {
            code: 'experiment.alreadyOpen',
            message: 'このサイトでは別のA/Bテストが実行中または予約中です。終了してから作成してください。',
          },
        },
      },
    ]
    const { user, requests, dialog } = await openForm({
      [`POST ${EXPERIMENTS}`]: () => replies.shift() as MockReply,
    })
    await user.type(within(dialog).getByLabelText('テスト名'), '滞在テスト')
    await choose(user, 'パターンBの版', 'テスト案（2026-06-02 10:00）')
    await choose(user, '目標', '一定時間の閲覧')
    await user.click(within(dialog).getByRole('button', { name: '作成する' }))

    const item = (label: string) =>
      within(dialog).getByLabelText(label).closest('.ant-form-item') as HTMLElement
    await waitFor(() =>
      expect(item('パターンBの版').querySelector('.ant-form-item-explain')?.textContent).toBe(
        'この版の公開データは保存期間を過ぎています。',
      ),
    )
    expect(item('閲覧秒数').querySelector('.ant-form-item-explain')?.textContent).toBe(
      '値が正しくありません。',
    )
    expect(within(dialog).getByTestId('arms-error').textContent).toBe(
      '同じ版を2つのパターンに使うことはできません。',
    )
    expect(calls(requests, 'POST', EXPERIMENTS).map((r) => r.body)).toEqual([
      {
        name: '滞在テスト',
        arms: [
          { version_id: 'v-live', weight: 50 },
          { version_id: 'v-var', weight: 50 },
        ],
        goal: { type: 'dwell', seconds: 30 },
        start_at: null,
        end_at: null,
        auto_promote: false,
        min_days: 7,
      },
    ])

    await user.click(within(dialog).getByRole('button', { name: '作成する' }))
    const refusal = await within(dialog).findByText(
      'このサイトでは別のA/Bテストが実行中または予約中です。終了してから作成してください。',
    )
    expect(refusal.closest('.ant-alert-error')).toBeTruthy()
  })
})

describe('stopping and promoting', () => {
  it('stops after a confirmation that the live version is shown again', async () => {
    const { user, requests } = renderPanel({
      [`GET ${EXPERIMENTS}`]: listReply([running()]),
      [`POST ${EXPERIMENTS}/x-2/stop`]: {
        body: keysToSnake({
          ...running({ state: 'ENDED', endReason: 'stopped' }),
          message: 'A/Bテストを終了しました。すべての訪問者に公開中の版を表示します。',
        }),
      },
    })
    await user.click(within(await card('ファーストビュー比較')).getByRole('button', { name: '終了' }))
    const dialog = await lastDialog()
    expect(dialog.textContent).toContain(
      '「ファーストビュー比較」を終了します。すべての訪問者に、公開中の版がふたたび表示されます。集計した結果は残ります。',
    )
    expect(calls(requests, 'POST', `${EXPERIMENTS}/x-2/stop`)).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: '終了する' }))
    expect(
      await screen.findByText('A/Bテストを終了しました。すべての訪問者に公開中の版を表示します。'),
    ).toBeTruthy()
    expect(calls(requests, 'POST', `${EXPERIMENTS}/x-2/stop`).map((r) => r.body)).toEqual([undefined])
    await waitFor(() => expect(calls(requests, 'GET', EXPERIMENTS)).toHaveLength(2))
  })

  it('promotes a pattern on the editor version after naming it, and the editor takes the new version', async () => {
    const { user, requests, onPromoted } = renderPanel({
      [`GET ${EXPERIMENTS}`]: listReply([running()]),
      [`POST ${EXPERIMENTS}/x-2/promote`]: {
        body: keysToSnake({
          ...running({ state: 'ENDED', endReason: 'promoted', winner: 1 }),
          version: 5,
          message: 'パターンBを公開中のページにしました。',
        }),
      },
    })
    await user.click(
      within(await card('ファーストビュー比較')).getByRole('button', {
        name: 'このパターンを反映: パターンB',
      }),
    )
    const dialog = await lastDialog()
    expect(dialog.querySelector('.ant-modal-confirm-title')?.textContent).toBe('パターンBを反映しますか？')
    expect(dialog.textContent).toContain(
      'パターンBの版が、すぐに公開中のページになります。A/Bテストは終了します。',
    )
    await user.click(within(dialog).getByRole('button', { name: '反映する' }))
    expect(await screen.findByText('パターンBを公開中のページにしました。')).toBeTruthy()
    expect(calls(requests, 'POST', `${EXPERIMENTS}/x-2/promote`).map((r) => r.body)).toEqual([
      { version: 3, arm: 1 },
    ])
    expect(onPromoted.mock.calls).toEqual([[5]])
  })

  it('shows the refusal of a promotion and keeps the editor as it is', async () => {
    const { user, onPromoted } = renderPanel({
      [`GET ${EXPERIMENTS}`]: listReply([running()]),
      [`POST ${EXPERIMENTS}/x-2/promote`]: {
        status: 403,
        body: { error: { code: 'approval.required', message: '公開には承認が必要です。' } },
      },
    })
    await user.click(
      within(await card('ファーストビュー比較')).getByRole('button', {
        name: 'このパターンを反映: パターンB',
      }),
    )
    await user.click(within(await lastDialog()).getByRole('button', { name: '反映する' }))
    expect(await screen.findByText('公開には承認が必要です。')).toBeTruthy()
    expect(onPromoted).not.toHaveBeenCalled()
  })
})

describe('the detail', () => {
  it('charts the interval of each variant per day around the zero line', async () => {
    const detail: ExperimentDetail = {
      ...running(),
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
            { visitors: 0, conversions: 0, lower: null, upper: null },
          ],
        },
      ],
    }
    const { user } = renderPanel({
      [`GET ${EXPERIMENTS}`]: listReply([running()]),
      [`GET ${EXPERIMENTS}/x-2`]: { body: keysToSnake(detail) },
    })
    await user.click(within(await card('ファーストビュー比較')).getByRole('button', { name: '詳細を見る' }))
    const chart = await screen.findByTestId('echart')
    expect(chart.getAttribute('aria-label')).toBe(
      'パターンごとの、Aとのコンバージョン率の差（ポイント）と95%区間の日ごとの推移',
    )
    const option = JSON.parse(chart.getAttribute('data-option') ?? '{}') as {
      xAxis: { data: string[] }
      series: { name: string; data: (number | null)[]; stack?: string }[]
    }
    expect(option.xAxis.data).toEqual(['2026-06-01', '2026-06-02'])
    expect(option.series.map((s) => [s.name, s.data, s.stack ?? null])).toEqual([
      ['差なし', [0, 0], null],
      ['Bの95%区間', [-5, null], 'band-1'],
      ['Bの95%区間', [14, null], 'band-1'],
      ['Bの差', [2, null], null],
    ])
    // The arms table is shown too; back to the list.
    expect(screen.getByRole('region', { name: 'ファーストビュー比較' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '一覧に戻る' }))
    expect(await screen.findByRole('list', { name: 'A/Bテスト一覧' })).toBeTruthy()
  })
})

describe('in the editor', () => {
  it('opens the drawer from the toolbar', async () => {
    const { user } = openEditor(testSite({ globalSetting: { status: 'PUBLISH' } }), {
      [`GET ${EXPERIMENTS}`]: listReply([running()]),
    })
    await editorReady()
    await user.click(screen.getByRole('button', { name: 'A/Bテスト' }))
    expect(await screen.findByRole('region', { name: 'ファーストビュー比較' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'テスト案として保存' }).hasAttribute('disabled')).toBe(false)
  })
})
