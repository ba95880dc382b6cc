import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockApi } from '../../../../test/mockApi.ts'
import { mockStorage } from '../../../../test/mockUpload.ts'
import { CreativeSettingsTab } from './CreativeSettingsTab.tsx'
import { newCreative } from './model.ts'
import { renderTab, SITE_ID, testDraft, testGlobalSetting } from './tabHarness.tsx'

/** Storage and API of a working upload: each file gets a key named after it. */
const uploadRoutes = () => {
  mockStorage()
  return mockApi({
    'POST /site/generate-urls': (request) => {
      const file = (request.body as { files: { file_name: string; content_type: string }[] }).files[0]!
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
      const { key } = request.body as { key: string }
      return { body: { key, media_type: 'image', url: `https://cdn.test/${key}` } }
    },
  })
}

const png = (name: string) => new File([new Uint8Array([1, 2, 3, 4])], name, { type: 'image/png' })

const twoByTwo = (creatives = testDraft().creatives) =>
  testDraft({ globalSetting: testGlobalSetting({ numberHorizontal: 2, numberVertical: 2 }), creatives })

const progressTargets = () =>
  within(screen.getByRole('region', { name: 'アップロード状況' }))
    .getAllByRole('listitem')
    .map((item) => [
      item.querySelector('strong')?.textContent,
      within(item).getByText(/^→ |送信しません/).textContent,
    ])

describe('multi-file upload into cells named by the files', () => {
  it('puts A1.png … B2.png dropped in shuffled order each into its own cell', async () => {
    uploadRoutes()
    const { latest } = renderTab(CreativeSettingsTab, { draft: twoByTwo() })
    const files = ['B1.png', 'a2.png', 'B2.png', 'A1_春.png'].map(png)
    fireEvent.drop(screen.getByRole('grid'), { dataTransfer: { files } })

    expect(progressTargets()).toEqual([
      ['A1_春.png', '→ A1'],
      ['a2.png', '→ A2'],
      ['B1.png', '→ B1'],
      ['B2.png', '→ B2'],
    ])
    await waitFor(() => expect(latest().creatives.filter((c) => c.mediaKey)).toHaveLength(4))
    expect(Object.fromEntries(latest().creatives.map((c) => [c.position, c.mediaKey]))).toEqual({
      A1: `sites/${SITE_ID}/A1_春.png`,
      A2: `sites/${SITE_ID}/a2.png`,
      B1: `sites/${SITE_ID}/B1.png`,
      B2: `sites/${SITE_ID}/B2.png`,
    })
  })

  it('fills free cells with other files, says where an outside cell name went, and refuses a second file for one cell (the first in name order wins)', async () => {
    uploadRoutes()
    const { latest } = renderTab(CreativeSettingsTab, {
      draft: twoByTwo([{ ...newCreative('JP', 'A1'), mediaKey: 'k/old.png', mediaType: 'image' }]),
    })
    const user = userEvent.setup({ delay: null })
    await user.upload(screen.getByLabelText('追加する画像・動画を選択'), [
      png('photo.png'),
      png('C3.png'),
      png('b1.png'),
      png('B1 (2).png'),
    ])

    expect(progressTargets()).toEqual([
      ['B1 (2).png', '→ B1'],
      ['C3.png', '→ A2'],
      ['photo.png', '→ B2'],
      ['b1.png', '送信しません'],
    ])
    expect(
      screen.getByText('「C3.png」の名前のセルC3はこのグリッドにないため、A2に配置しました。'),
    ).toBeTruthy()
    expect(
      screen.getByText(
        '「b1.png」が指すセルB1は、ほかのファイルも指しています。どちらかの名前を変えてください。',
      ),
    ).toBeTruthy()
    await waitFor(() => expect(latest().creatives.filter((c) => c.mediaKey)).toHaveLength(4))
    expect(Object.fromEntries(latest().creatives.map((c) => [c.position, c.mediaKey]))).toEqual({
      A1: 'k/old.png',
      B1: `sites/${SITE_ID}/B1 (2).png`,
      A2: `sites/${SITE_ID}/C3.png`,
      B2: `sites/${SITE_ID}/photo.png`,
    })
  })
})
