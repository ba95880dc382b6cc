import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { type MockRequest, mockApi } from '../../../../test/mockApi.ts'
import { mockStorage } from '../../../../test/mockUpload.ts'
import { CreativeSettingsTab } from './CreativeSettingsTab.tsx'
import { newCreative } from './model.ts'
import { renderTab, SITE_ID, testDraft } from './tabHarness.tsx'

const calls = (requests: MockRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path === path)

const cell = (position: string) => screen.getByRole('gridcell', { name: new RegExp(`^${position}、`) })

/** The storage and API of a working upload: every file gets a URL, a key and a confirmation. */
const uploadRoutes = (storage: { puts: { url: string }[] }) => {
  const putBeforeConfirm: Record<string, boolean> = {}
  const api = mockApi({
    'POST /site/generate-urls': (request) => {
      const body = request.body as { files: { file_name: string; content_type: string }[] }
      const file = body.files[0]!
      return {
        body: {
          uploads: [
            {
              upload_url: `https://storage.test/put/${file.file_name}`,
              key: `sites/${SITE_ID}/${file.file_name}`,
              file_name: file.file_name,
              headers: { 'content-type': file.content_type },
            },
          ],
        },
      }
    },
    'POST /site/confirm-upload': (request) => {
      const { key, file_name } = request.body as { key: string; file_name: string }
      putBeforeConfirm[file_name] = storage.puts.some(
        (p) => p.url === `https://storage.test/put/${file_name}`,
      )
      return {
        body: { key, media_type: key.endsWith('.mp4') ? 'video' : 'image', url: `https://cdn.test/${key}` },
      }
    },
  })
  return { ...api, putBeforeConfirm }
}

const file = (name: string, type: string, size?: number) => {
  const f = new File([new Uint8Array([1, 2, 3, 4])], name, { type })
  if (size !== undefined) Object.defineProperty(f, 'size', { value: size })
  return f
}

/** A new Japanese cell as the editor starts it (shared `newCreativeView`), without its place. */
const { position: _position, ...DEFAULTS } = newCreative('JP', 'A1')

/** Frame previews measure the pointer against their box; jsdom has no layout, so give them one. */
const layOutFrame = (name: string, box: { left: number; top: number; width: number; height: number }) => {
  const frame = screen.getByRole('region', { name })
  vi.spyOn(frame, 'getBoundingClientRect').mockReturnValue({
    ...box,
    x: box.left,
    y: box.top,
    right: box.left + box.width,
    bottom: box.top + box.height,
    toJSON: () => box,
  })
  return frame
}

describe('creative settings tab', () => {
  it('shows the grid with thumbnails, moves with the arrow keys and selects with Enter', async () => {
    const { user } = renderTab(CreativeSettingsTab, {
      draft: testDraft({
        creatives: [
          { ...newCreative('JP', 'A1'), mediaKey: 'k/a1.png', mediaType: 'image' },
          { ...newCreative('JP', 'B1'), mediaKey: 'k/b1.mp4', mediaType: 'video' },
          { ...newCreative('EN', 'C1'), mediaKey: 'k/en.png', mediaType: 'image' },
        ],
      }),
      media: { 'k/a1.png': 'https://cdn.test/a1.png', 'k/b1.mp4': 'https://cdn.test/b1.mp4' },
    })
    const grid = screen.getByRole('grid', { name: 'クリエイティブの配置（2行 × 3列）' })
    expect(within(grid).getAllByRole('row')).toHaveLength(2)
    expect(
      within(grid)
        .getAllByRole('gridcell')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual(['A1、画像あり', 'B1、動画あり', 'C1、未設定', 'A2、未設定', 'B2、未設定', 'C2、未設定'])
    expect(cell('A1').querySelector('img')?.getAttribute('src')).toBe('https://cdn.test/a1.png')
    expect(cell('B1').querySelector('video')?.getAttribute('src')).toBe('https://cdn.test/b1.mp4')
    // The English creative is another language's: C1 stays empty here.
    expect(cell('C1').querySelector('img')).toBeNull()
    expect(screen.getByText('セルを選択すると、ここで詳細を設定できます。')).toBeTruthy()

    cell('A1').focus()
    await user.keyboard('{ArrowRight}{ArrowDown}')
    expect(document.activeElement).toBe(cell('B2'))
    await user.keyboard('{Enter}')
    expect(cell('B2').getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('heading', { name: 'B2の詳細設定' })).toBeTruthy()
  })

  it('creates a cell with the SPEC defaults on its first edit', async () => {
    const { user, latest } = renderTab(CreativeSettingsTab)
    await user.click(cell('B1'))
    // Looking is no edit.
    expect(latest().creatives).toEqual([])
    expect((screen.getByLabelText('リンクボタンの色') as HTMLInputElement).value).toBe('#99D52A')
    expect(screen.getByText('初期値: #99D52A')).toBeTruthy()

    await user.type(screen.getByLabelText('代替テキスト'), '春の新作')
    expect(latest().creatives).toEqual([{ ...DEFAULTS, position: 'B1', imageAlt: '春の新作' }])
  })

  it('stores an internal link as its target and checks an external one', async () => {
    const { user, latest } = renderTab(CreativeSettingsTab)
    await user.click(cell('A1'))
    await user.click(screen.getByRole('radio', { name: 'サイト内フォーム' }))
    await user.click(screen.getByRole('combobox', { name: 'リンク先' }))
    await user.click(await screen.findByRole('option', { name: 'お問い合わせ' }))
    expect(latest().creatives).toEqual([
      { ...DEFAULTS, position: 'A1', isInternalLink: true, linkDestinationUrl: 'contact' },
    ])

    await user.click(screen.getByRole('radio', { name: '外部URL' }))
    expect(latest().creatives[0]).toMatchObject({ isInternalLink: false, linkDestinationUrl: null })
    await user.click(screen.getByLabelText('リンク先'))
    await user.paste('not a url')
    await user.tab()
    expect(await screen.findByText('URLの形式が正しくありません。')).toBeTruthy()
    await user.clear(screen.getByLabelText('リンク先'))
    await user.paste('https://example.com/spring')
    await user.click(screen.getByLabelText('リンクボタンのテキスト'))
    await user.paste('詳しく見る')
    expect(latest().creatives[0]).toMatchObject({
      isInternalLink: false,
      linkDestinationUrl: 'https://example.com/spring',
      linkButtonText: '詳しく見る',
    })
  })

  it('takes only valid colours, and edits the price and the switches', async () => {
    const { user, latest } = renderTab(CreativeSettingsTab)
    await user.click(cell('A1'))
    const color = screen.getByLabelText('リンクボタンの色')
    await user.clear(color)
    await user.type(color, '#12345')
    expect(screen.getByText('色は16進数(#RGB / #RRGGBB)、rgb(a)、hsl(a)で入力してください。')).toBeTruthy()
    await user.type(color, '6')
    await user.click(screen.getByLabelText('メインテキストの文字色'))
    await user.paste('rgb(0, 0, 0)')
    await user.type(screen.getByLabelText('価格（税込）'), '1980')
    await user.click(screen.getByRole('switch', { name: '会員限定にする（ロック）' }))

    expect(latest().creatives).toEqual([
      {
        ...DEFAULTS,
        position: 'A1',
        linkButtonColor: '#123456',
        mainTextColor: 'rgb(0, 0, 0)',
        price: 1980,
        membersOnlyLock: true,
      },
    ])
  })

  it('uploads dropped files in name order into consecutive cells from the first empty one', async () => {
    const storage = mockStorage()
    const { requests, putBeforeConfirm } = uploadRoutes(storage)
    const { latest } = renderTab(CreativeSettingsTab, {
      draft: testDraft({
        creatives: [{ ...newCreative('JP', 'A1'), mediaKey: 'k/a1.png', mediaType: 'image' }],
      }),
    })
    expect(
      screen.getByText(
        '「A1.png」「b2_春.jpg」のようにセル名で始まるファイルはそのセルに、ほかのファイルはファイル名順にB1から空いているセルに配置します。',
      ),
    ).toBeTruthy()

    const files = [file('c.png', 'image/png'), file('a.jpg', 'image/jpeg'), file('b.mp4', 'video/mp4')]
    fireEvent.drop(screen.getByRole('grid'), { dataTransfer: { files } })

    const list = screen.getByRole('region', { name: 'アップロード状況' })
    for (const name of ['a.jpg', 'b.mp4', 'c.png'])
      expect(within(list).getByRole('progressbar', { name: `${name}のアップロード進捗` })).toBeTruthy()
    expect(
      within(list)
        .getAllByText(/^→ /)
        .map((e) => e.textContent),
    ).toEqual(['→ B1', '→ C1', '→ A2'])

    await waitFor(() => expect(within(list).getAllByText('完了')).toHaveLength(3))
    for (const name of ['a.jpg', 'b.mp4', 'c.png']) {
      const bar = within(list).getByRole('progressbar', { name: `${name}のアップロード進捗` })
      expect(bar.getAttribute('aria-valuenow')).toBe('100')
    }

    // Each file: an upload URL, the bytes to storage (no bearer token), then the server's confirmation.
    expect(calls(requests, 'POST', '/site/generate-urls').map((r) => r.body)).toEqual([
      { site_id: SITE_ID, files: [{ file_name: 'a.jpg', content_type: 'image/jpeg', size: 4 }] },
      { site_id: SITE_ID, files: [{ file_name: 'b.mp4', content_type: 'video/mp4', size: 4 }] },
      { site_id: SITE_ID, files: [{ file_name: 'c.png', content_type: 'image/png', size: 4 }] },
    ])
    expect(storage.puts.map((p) => p.url).sort()).toEqual([
      'https://storage.test/put/a.jpg',
      'https://storage.test/put/b.mp4',
      'https://storage.test/put/c.png',
    ])
    expect(storage.puts.every((p) => p.headers.authorization === undefined)).toBe(true)
    expect(putBeforeConfirm).toEqual({ 'a.jpg': true, 'b.mp4': true, 'c.png': true })
    expect(
      calls(requests, 'POST', '/site/confirm-upload')
        .map((r) => r.body)
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    ).toEqual([
      { site_id: SITE_ID, key: `sites/${SITE_ID}/a.jpg`, file_name: 'a.jpg' },
      { site_id: SITE_ID, key: `sites/${SITE_ID}/b.mp4`, file_name: 'b.mp4' },
      { site_id: SITE_ID, key: `sites/${SITE_ID}/c.png`, file_name: 'c.png' },
    ])

    const placed = Object.fromEntries(latest().creatives.map((c) => [c.position, [c.mediaKey, c.mediaType]]))
    expect(placed).toEqual({
      A1: ['k/a1.png', 'image'],
      B1: [`sites/${SITE_ID}/a.jpg`, 'image'],
      C1: [`sites/${SITE_ID}/b.mp4`, 'video'],
      A2: [`sites/${SITE_ID}/c.png`, 'image'],
    })
    expect(latest().creatives.find((c) => c.position === 'B1')).toEqual({
      ...DEFAULTS,
      position: 'B1',
      mediaKey: `sites/${SITE_ID}/a.jpg`,
      mediaType: 'image',
    })
    expect(cell('B1').querySelector('img')?.getAttribute('src')).toBe(
      `https://cdn.test/sites/${SITE_ID}/a.jpg`,
    )
  })

  it('starts at the selected cell and refuses files of another type or over 30 MB by name, unsent', async () => {
    const storage = mockStorage()
    const { requests } = uploadRoutes(storage)
    const { latest } = renderTab(CreativeSettingsTab)
    const user = userEvent.setup({ delay: null, applyAccept: false })
    await user.click(cell('C1'))

    await user.upload(screen.getByLabelText('追加する画像・動画を選択'), [
      file('anim.gif', 'image/gif'),
      file('big.png', 'image/png', 31 * 1024 * 1024 + 1),
      file('ok.png', 'image/png'),
    ])

    expect(await screen.findByText('ファイル「anim.gif」は対応していない形式です。')).toBeTruthy()
    expect(screen.getByText('ファイル「big.png」が上限の30MBを超えています。')).toBeTruthy()
    await waitFor(() =>
      expect(latest().creatives.map((c) => [c.position, c.mediaKey])).toEqual([
        ['C1', `sites/${SITE_ID}/ok.png`],
      ]),
    )
    expect(
      calls(requests, 'POST', '/site/generate-urls').map(
        (r) => (r.body as { files: { file_name: string }[] }).files[0]?.file_name,
      ),
    ).toEqual(['ok.png'])
    expect(storage.puts.map((p) => p.url)).toEqual(['https://storage.test/put/ok.png'])
  })

  it('replaces and removes the media of the selected cell', async () => {
    const storage = mockStorage()
    uploadRoutes(storage)
    const { user, latest } = renderTab(CreativeSettingsTab, {
      draft: testDraft({
        creatives: [{ ...newCreative('JP', 'A1'), mediaKey: 'k/old.png', mediaType: 'image' }],
      }),
      media: { 'k/old.png': 'https://cdn.test/old.png' },
    })
    await user.click(cell('A1'))
    await user.upload(screen.getByLabelText('A1の画像・動画を選択'), file('new.mp4', 'video/mp4'))
    await waitFor(() =>
      expect(latest().creatives[0]).toMatchObject({
        mediaKey: `sites/${SITE_ID}/new.mp4`,
        mediaType: 'video',
      }),
    )

    await user.click(screen.getByRole('button', { name: '画像・動画を削除' }))
    await user.click(await screen.findByRole('button', { name: '削除する' }))
    expect(latest().creatives[0]).toMatchObject({ mediaKey: null, mediaType: null })
    expect(cell('A1').getAttribute('aria-label')).toBe('A1、未設定')
  })

  it('marks cells with problems and shows each problem at its field', async () => {
    const { user } = renderTab(CreativeSettingsTab, {
      draft: testDraft({
        creatives: [
          { ...newCreative('EN', 'A1') },
          { ...newCreative('JP', 'B2'), linkDestinationUrl: 'ftp://x', products: [] },
        ],
      }),
      problems: [
        { path: 'creatives.1.linkDestinationUrl', message: 'URLの形式が正しくありません。' },
        { path: 'creatives.1.mainTextColor', message: '色は16進数で入力してください。' },
      ],
    })
    expect(cell('B2').getAttribute('aria-label')).toBe('B2、未設定、要修正')
    expect(cell('A1').getAttribute('aria-label')).toBe('A1、未設定')
    await user.click(cell('B2'))
    expect(screen.getByText('B2に修正が必要な項目が2件あります。')).toBeTruthy()
    expect(screen.getAllByText('URLの形式が正しくありません。').length).toBeGreaterThan(0)
    expect(screen.getByText('色は16進数で入力してください。')).toBeTruthy()
  })

  it('adds a product with its defaults and places it by dragging or nudging its marker', async () => {
    const { user, latest } = renderTab(CreativeSettingsTab)
    await user.click(cell('A1'))
    await user.click(screen.getByRole('button', { name: '商品を追加' }))
    expect(latest().creatives[0]?.products).toEqual([
      {
        productName: '',
        imagePath: null,
        price: null,
        description: null,
        linkButtonUrl: null,
        linkButtonText: null,
        linkButtonColor: '#2BAA50',
        linkTextColor: '#FFFFFF',
        coordinateX: 65,
        coordinateY: 260,
        textColor: null,
        backgroundColor: null,
        isInternalLink: false,
        order: 0,
      },
    ])
    // Drawn at half size: a pointer 50 px right of the frame's edge is 100 frame pixels.
    layOutFrame('商品の配置プレビュー', { left: 10, top: 20, width: 175.5, height: 267.5 })
    const marker = screen.getByRole('button', { name: '商品1の位置（X: 65, Y: 260）' })
    fireEvent.pointerDown(marker, { pointerId: 1, clientX: 42, clientY: 150 })
    fireEvent.pointerMove(marker, { pointerId: 1, clientX: 60, clientY: 120 })
    fireEvent.pointerUp(marker, { pointerId: 1, clientX: 60, clientY: 120 })
    expect(latest().creatives[0]?.products[0]).toMatchObject({ coordinateX: 100, coordinateY: 200 })

    // Dragged past the frame, it stops at the edge.
    fireEvent.pointerDown(marker, { pointerId: 1, clientX: 60, clientY: 120 })
    fireEvent.pointerMove(marker, { pointerId: 1, clientX: 900, clientY: -40 })
    fireEvent.pointerUp(marker, { pointerId: 1, clientX: 900, clientY: -40 })
    expect(latest().creatives[0]?.products[0]).toMatchObject({ coordinateX: 351, coordinateY: 0 })

    const moved = screen.getByRole('button', { name: '商品1の位置（X: 351, Y: 0）' })
    moved.focus()
    await user.keyboard('{ArrowRight}{ArrowLeft}{Shift>}{ArrowDown}{ArrowDown}{/Shift}{ArrowUp}')
    expect(latest().creatives[0]?.products[0]).toMatchObject({ coordinateX: 350, coordinateY: 19 })
  })

  it('edits a product and links its button to a form of the site', async () => {
    const { user, latest } = renderTab(CreativeSettingsTab)
    await user.click(cell('A1'))
    await user.click(screen.getByRole('button', { name: '商品を追加' }))
    const product = screen.getByRole('group', { name: '商品1' })
    await user.type(within(product).getByLabelText('商品名'), 'ジャケット')
    await user.type(within(product).getByLabelText('価格（税込）'), '12800')
    await user.click(within(product).getByRole('radio', { name: 'サイト内フォーム' }))
    await user.click(within(product).getByRole('combobox', { name: 'リンクボタンのリンク先' }))
    await user.click(await screen.findByRole('option', { name: '会員登録' }))
    expect(latest().creatives[0]?.products[0]).toMatchObject({
      productName: 'ジャケット',
      price: 12800,
      isInternalLink: true,
      linkButtonUrl: 'membership',
    })
    await user.click(within(product).getByRole('button', { name: '削除' }))
    await user.click(await screen.findByRole('button', { name: '削除する' }))
    expect(latest().creatives[0]?.products).toEqual([])
  })

  it('adds an image-link point where the preview is clicked, links it and removes it', async () => {
    const { user, latest } = renderTab(CreativeSettingsTab)
    await user.click(cell('A1'))
    layOutFrame('画像リンクポイントのプレビュー', { left: 0, top: 100, width: 351, height: 535 })
    fireEvent.click(screen.getByRole('button', { name: 'クリックした位置に画像リンクポイントを追加' }), {
      detail: 1,
      clientX: 120,
      clientY: 400,
    })
    expect(latest().creatives[0]?.imageLinkPoints).toEqual([
      { x: 120, y: 300, linkUrl: null, isInternalLink: false },
    ])

    // From the keyboard the point starts in the middle of the frame.
    screen.getByRole('button', { name: 'クリックした位置に画像リンクポイントを追加' }).focus()
    await user.keyboard('{Enter}')
    expect(latest().creatives[0]?.imageLinkPoints[1]).toMatchObject({ x: 176, y: 268 })

    await user.click(screen.getByLabelText('ポイント1のリンク先'))
    await user.paste('https://example.com/a')
    expect(latest().creatives[0]?.imageLinkPoints[0]).toEqual({
      x: 120,
      y: 300,
      linkUrl: 'https://example.com/a',
      isInternalLink: false,
    })
    await user.click(screen.getByRole('button', { name: 'ポイント2を削除' }))
    expect(latest().creatives[0]?.imageLinkPoints).toHaveLength(1)
  })

  it('keeps everything read-only for a viewer', async () => {
    const { user, latest } = renderTab(CreativeSettingsTab, { readOnly: true })
    expect(screen.getByRole('button', { name: '画像・動画を追加' }).hasAttribute('disabled')).toBe(true)
    expect(screen.getByRole('button', { name: 'ZIPで一括アップロード' }).hasAttribute('disabled')).toBe(true)
    await user.click(cell('A1'))
    expect((screen.getByLabelText('代替テキスト') as HTMLInputElement).disabled).toBe(true)
    fireEvent.drop(screen.getByRole('grid'), { dataTransfer: { files: [file('a.png', 'image/png')] } })
    expect(screen.queryByRole('region', { name: 'アップロード状況' })).toBeNull()
    expect(latest().creatives).toEqual([])
  })
})
