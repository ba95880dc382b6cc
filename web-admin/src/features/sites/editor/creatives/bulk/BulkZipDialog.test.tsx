import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { type MockReply, type MockRequest, mockApi } from '../../../../../test/mockApi.ts'
import { mockStorage } from '../../../../../test/mockUpload.ts'
import { type SiteDetail, siteKeys } from '../../../api.ts'
import { CreativeSettingsTab } from '../CreativeSettingsTab.tsx'
import { newCreative } from '../model.ts'
import { renderTab, SITE_ID, testDraft, testPlan } from '../tabHarness.tsx'

const calls = (requests: MockRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path === path)

/** A 10-byte ZIP, sent in parts of 4 bytes: 4 + 4 + 2. */
const zip = (name = 'creatives.zip') =>
  new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 5, 6, 7, 8, 9, 10])], name, { type: 'application/zip' })

const START = {
  body: {
    upload_id: 'up-1',
    key: `bulk/${SITE_ID}/creatives.zip`,
    part_size: 4,
    parts: [1, 2, 3].map((n) => ({
      part_number: n,
      upload_url: `https://storage.test/bulk?partNumber=${n}`,
    })),
  },
}

/** The site after the placement, as the status answers it (snake_case). */
const placedSite = {
  global_setting: { id: SITE_ID, name: '春のキャンペーン', number_horizontal: 2, number_vertical: 3 },
  version: 8,
  menus: [],
  creatives: [
    { ...newCreative('JP', 'A1'), mediaKey: 'sites/site-1/a.png', mediaType: 'image' },
    { ...newCreative('JP', 'B1'), mediaKey: 'sites/site-1/b.mp4', mediaType: 'video' },
  ],
  settings: [],
  plan: { id: 'standard', name: 'スタンダード', quantity_swipe: 30, quantity_site: 3, features: {} },
  media: [
    { key: 'sites/site-1/a.png', url: 'https://cdn.test/a.png' },
    { key: 'sites/site-1/b.mp4', url: 'https://cdn.test/b.mp4' },
  ],
}

const REPORT = [
  { name: 'a.png', status: 'placed', position: 'A1', media_type: 'image' },
  { name: 'b.mp4', status: 'placed', position: 'B1', media_type: 'video' },
  {
    name: 'D1.png',
    status: 'placed',
    position: 'C1',
    media_type: 'image',
    code: 'zip.cellOutside',
    message: '「D1.png」の名前のセルD1はこのグリッドにないため、C1に配置しました。',
  },
  { name: 'notes.txt', status: 'skipped', code: 'zip.unsupported', message: null },
]

const open = async (routes: Record<string, MockReply | ((r: MockRequest) => MockReply)>, hold = false) => {
  const storage = mockStorage({ hold })
  const api = mockApi({
    'POST /site/bulk-upload/start': START,
    'POST /site/bulk-upload/complete': { status: 202, body: { job_id: 'job-1' } },
    'POST /site/bulk-upload/abort': { body: { message: 'aborted' } },
    ...routes,
  })
  const tab = renderTab(CreativeSettingsTab, { version: 7 })
  await tab.user.click(screen.getByRole('button', { name: 'ZIPで一括アップロード' }))
  const dialog = await screen.findByRole('dialog', { name: 'ZIPで一括アップロード' })
  return { ...storage, ...api, ...tab, dialog }
}

describe('ZIP bulk upload', () => {
  it('uploads the parts, completes, polls the job and shows where each file went', async () => {
    let polls = 0
    const { user, dialog, requests, puts, latest, onServerSite } = await open({
      'GET /site/bulk-upload/job-1': () => {
        polls += 1
        if (polls === 1)
          return { body: { job_id: 'job-1', status: 'processing', processed: 1, total: 3, report: [] } }
        // A passing outage while the job runs is asked again.
        return polls === 2
          ? { status: 503, body: { error: { code: 'error.unavailable', message: 'unavailable' } } }
          : {
              body: {
                job_id: 'job-1',
                status: 'done',
                processed: 3,
                total: 3,
                report: REPORT,
                site: placedSite,
                message: '2件のファイルをクリエイティブに配置しました。',
              },
            }
      },
    })
    expect(within(dialog).getByText('未保存の変更があります')).toBeTruthy()

    await user.upload(within(dialog).getByLabelText('ZIPファイルを選択'), zip())

    expect(await within(dialog).findByText('処理中 1/3')).toBeTruthy()
    expect(
      await within(dialog).findByText('2件のファイルをクリエイティブに配置しました。', {}, { timeout: 6000 }),
    ).toBeTruthy()

    expect(calls(requests, 'POST', '/site/bulk-upload/start')[0]?.body).toEqual({
      site_id: SITE_ID,
      file_name: 'creatives.zip',
      size: 10,
    })
    // Each part is its slice of the ZIP, PUT without the bearer token to its own URL.
    expect(puts.map((p) => [p.url, (p.body as Blob).size])).toEqual([
      ['https://storage.test/bulk?partNumber=1', 4],
      ['https://storage.test/bulk?partNumber=2', 4],
      ['https://storage.test/bulk?partNumber=3', 2],
    ])
    expect(puts.every((p) => p.headers.authorization === undefined)).toBe(true)
    expect(calls(requests, 'POST', '/site/bulk-upload/complete')[0]?.body).toEqual({
      site_id: SITE_ID,
      upload_id: 'up-1',
      key: `bulk/${SITE_ID}/creatives.zip`,
      parts: [
        { part_number: 1, etag: '"etag-1"' },
        { part_number: 2, etag: '"etag-2"' },
        { part_number: 3, etag: '"etag-3"' },
      ],
      lang: 'JP',
      version: 7,
    })
    expect(calls(requests, 'GET', '/site/bulk-upload/job-1')).toHaveLength(3)

    const report = within(dialog).getByRole('region', { name: 'ファイルごとの結果' })
    const rows = within(report)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      )
    expect(rows).toEqual([
      ['a.png', '配置済み', 'A1', ''],
      ['b.mp4', '配置済み', 'B1', ''],
      ['D1.png', '配置済み', 'C1', '「D1.png」の名前のセルD1はこのグリッドにないため、C1に配置しました。'],
      ['notes.txt', 'スキップ', '-', '「notes.txt」はアップロードできる画像・動画ではありません。'],
    ])

    expect(onServerSite).toHaveBeenCalledTimes(1)
    expect(onServerSite.mock.calls[0]?.[1]).toBe('JP')
    expect(onServerSite.mock.calls[0]?.[0]).toMatchObject({ version: 8, media: placedSite.media })
    expect(latest().creatives.map((c) => [c.position, c.mediaKey])).toEqual([
      ['A1', 'sites/site-1/a.png'],
      ['B1', 'sites/site-1/b.mp4'],
    ])
    await user.click(within(dialog).getByRole('button', { name: '閉じる' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(
      screen.getByRole('gridcell', { name: 'A1、画像あり' }).querySelector('img')?.getAttribute('src'),
    ).toBe('https://cdn.test/a.png')
  })

  it('shows the report of a refused ZIP and that nothing was uploaded', async () => {
    const { user, dialog, onServerSite } = await open({
      'GET /site/bulk-upload/job-1': {
        body: {
          job_id: 'job-1',
          status: 'refused',
          processed: 2,
          total: 2,
          report: [
            {
              name: '../evil.png',
              status: 'refused',
              code: 'zip.traversal',
              message: '「../evil.png」はZIPのフォルダ外を指すパスです。',
            },
            { name: 'ok.png', status: 'skipped', code: null, message: null },
          ],
        },
      },
    })
    await user.upload(within(dialog).getByLabelText('ZIPファイルを選択'), zip())

    expect(
      await within(dialog).findByText(
        'ZIPは受け付けられず、何もアップロードされませんでした。ファイルごとの結果を確認してください。',
      ),
    ).toBeTruthy()
    const report = within(dialog).getByRole('region', { name: 'ファイルごとの結果' })
    expect(within(report).getByText('「../evil.png」はZIPのフォルダ外を指すパスです。')).toBeTruthy()
    expect(within(report).getByText('受け付けできません')).toBeTruthy()
    expect(onServerSite).not.toHaveBeenCalled()
  })

  it('says another change was saved when the placement meets a newer version', async () => {
    const { user, dialog, onServerSite, requests } = await open({
      'POST /site/bulk-upload/complete': {
        status: 409,
        body: { error: { code: 'error.conflict', message: '他の変更が先に保存されました。' } },
      },
    })
    await user.upload(within(dialog).getByLabelText('ZIPファイルを選択'), zip())
    expect(await within(dialog).findByText('ほかの変更が先に保存されました')).toBeTruthy()
    // The parts the refused completion left behind are dropped.
    await waitFor(() => expect(calls(requests, 'POST', '/site/bulk-upload/abort')).toHaveLength(1))
    expect(
      within(dialog).getByText(
        '配置は行われていません。ページを再読み込みして最新の状態を確認してから、もう一度お試しください。',
      ),
    ).toBeTruthy()
    expect(onServerSite).not.toHaveBeenCalled()
  })

  it('treats a job that failed on the version as the same conflict', async () => {
    const { user, dialog } = await open({
      'GET /site/bulk-upload/job-1': {
        body: {
          job_id: 'job-1',
          status: 'failed',
          processed: 0,
          total: 2,
          report: [],
          code: 'error.conflict',
        },
      },
    })
    await user.upload(within(dialog).getByLabelText('ZIPファイルを選択'), zip())
    expect(await within(dialog).findByText('ほかの変更が先に保存されました')).toBeTruthy()
  })

  it('aborts the multipart upload when cancelled while the parts go up', async () => {
    const { user, dialog, requests, puts } = await open({}, true)
    await user.upload(within(dialog).getByLabelText('ZIPファイルを選択'), zip())
    const bar = await within(dialog).findByRole('progressbar', { name: 'ZIPのアップロード進捗' })
    await waitFor(() => expect(puts).toHaveLength(3))
    // Half of each part is up: 5 of 10 bytes.
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'))

    await user.click(within(dialog).getByRole('button', { name: 'アップロードを中止' }))
    expect(
      await within(dialog).findByText('アップロードを中止しました。何も配置されていません。'),
    ).toBeTruthy()
    await waitFor(() =>
      expect(calls(requests, 'POST', '/site/bulk-upload/abort').map((r) => r.body)).toEqual([
        { site_id: SITE_ID, upload_id: 'up-1', key: `bulk/${SITE_ID}/creatives.zip` },
      ]),
    )
    expect(calls(requests, 'POST', '/site/bulk-upload/complete')).toHaveLength(0)
  })

  it('refuses another type or a ZIP over 1 GB before sending anything', async () => {
    const { dialog, requests, puts } = await open({})
    const user = userEvent.setup({ delay: null, applyAccept: false })
    await user.upload(within(dialog).getByLabelText('ZIPファイルを選択'), zip('photos.rar'))
    expect(await within(dialog).findByText('「photos.rar」はZIPファイルではありません。')).toBeTruthy()

    const big = zip('big.zip')
    Object.defineProperty(big, 'size', { value: 1024 * 1024 * 1024 + 1 })
    await user.upload(within(dialog).getByLabelText('ZIPファイルを選択'), big)
    expect(
      await within(dialog).findByText('ZIPファイル「big.zip」が上限の1024MBを超えています。'),
    ).toBeTruthy()
    expect(calls(requests, 'POST', '/site/bulk-upload/start')).toHaveLength(0)
    expect(puts).toHaveLength(0)
  })

  it('warns about unsaved changes only when the draft differs from the loaded site', async () => {
    mockApi({})
    const draft = testDraft({
      creatives: [{ ...newCreative('JP', 'A1'), mediaKey: 'k/a.png', mediaType: 'image' }],
    })
    const loaded: SiteDetail = { ...draft, version: 7, plan: testPlan(), media: [] }
    const { user, queryClient } = renderTab(CreativeSettingsTab, { draft, version: 7 })
    queryClient.setQueryData(siteKeys.detail(SITE_ID), loaded)

    await user.click(screen.getByRole('button', { name: 'ZIPで一括アップロード' }))
    const dialog = await screen.findByRole('dialog', { name: 'ZIPで一括アップロード' })
    expect(within(dialog).queryByText('未保存の変更があります')).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: '閉じる' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    await user.click(screen.getByRole('gridcell', { name: /^A1、/ }))
    await user.type(screen.getByLabelText('代替テキスト'), '春')
    await user.click(screen.getByRole('button', { name: 'ZIPで一括アップロード' }))
    const again = await screen.findByRole('dialog', { name: 'ZIPで一括アップロード' })
    expect(within(again).getByText('未保存の変更があります')).toBeTruthy()
  })
})
