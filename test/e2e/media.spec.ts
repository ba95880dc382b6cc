import { createHash } from 'node:crypto'
import type { Page } from '@playwright/test'
import { cameraMov, mp4 } from '../support/zip.ts'
import { expect, test } from './fixtures.ts'
import { apiCall, apiSignIn, deleteSite, signIn } from './support.ts'

/**
 * Issue 22 in the browser: the editor says an upload is being optimised until its renditions
 * exist, then that it is ready, or why it failed; a MOV becomes an MP4 that Chromium plays on the
 * published page, with its poster first; a corrupt video is published as uploaded.
 */
// Callbacks of page.evaluate run in the browser; the test project's types have no DOM library.
// biome-ignore lint/suspicious/noExplicitAny: browser globals, typed by the browser at run time
declare const document: any

const cell = (page: Page, position: string) =>
  page.getByRole('grid').getByRole('gridcell', { name: new RegExp(`^${position}\\b`) })

test('the editor shows an upload processing, then ready or failed with its reason; Chromium plays the published MP4 from its poster', async ({
  page,
  urls,
}) => {
  test.setTimeout(180_000)
  const token = await apiSignIn(urls.api, 'creator@example.com', 'Creator#Local1')
  const name = `動画の最適化 ${Date.now() % 100000}`
  const created = (await apiCall(urls.api, token, 'POST', '/site', {
    name,
    number_horizontal: 1,
    number_vertical: 2,
    languages: ['JP'],
  })) as { global_setting: { id: string } }
  const siteId = created.global_setting.id

  // Every state the editor was told about an upload, in order.
  const states: string[] = []
  page.on('response', async (response) => {
    if (!/\/site\/[^/]+\/media\?/.test(response.url()) || response.status() !== 200) return
    const body = (await response.json().catch(() => undefined)) as { media?: { state: string }[] } | undefined
    for (const entry of body?.media ?? []) states.push(entry.state)
  })

  await signIn(page, 'creator@example.com', 'Creator#Local1')
  await expect(page).toHaveURL(/\/[a-z-]+\/summary$/)
  const segment = new URL(page.url()).pathname.split('/')[1]
  await page.goto(`/${segment}/site/${siteId}`)
  await page.getByRole('tab', { name: 'クリエイティブ設定' }).click()

  // A1: the MOV. Processing while the jobs function transcodes it, then ready.
  await cell(page, 'A1').click()
  await page.getByLabel('A1の画像・動画を選択').setInputFiles({
    name: 'clip.mov',
    mimeType: 'video/quicktime',
    buffer: cameraMov({ seconds: 4, rate: 30 }),
  })
  const ready = page.locator('[data-media-state=ready]')
  await expect(ready).toHaveText('Web用に最適化済みです。公開ページでは軽量なファイルを配信します。', {
    timeout: 90_000,
  })
  expect(states[0]).toBe('processing')
  expect(states.at(-1)).toBe('ready')

  // B1: a file with an MP4 header and nothing playable: failed, with the reason in Japanese.
  await cell(page, 'B1').click()
  await page.getByLabel('B1の画像・動画を選択').setInputFiles({
    name: 'broken.mp4',
    mimeType: 'video/mp4',
    buffer: Buffer.concat([mp4(), Buffer.from('not a video at all '.repeat(64))]),
  })
  const failed = page.locator('[data-media-state=failed]')
  await expect(failed).toContainText('Web用に最適化できませんでした', { timeout: 60_000 })
  await expect(failed).toContainText(
    '動画を変換できませんでした。ファイルが壊れているか、対応していない形式です。アップロードされたファイルをそのまま公開します。',
  )

  // Before publishing, the editor says the failed file goes out as uploaded.
  await expect(page.locator('[data-media-notice]')).toContainText(
    'Web用に最適化できなかったメディアが1件あります。今公開すると、これらはアップロードされたファイルのまま公開されます',
  )

  // Saved and published: the site publishes with the MP4 at A1 and the original at B1.
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname.endsWith(`/site/${siteId}`),
  )
  await page.getByRole('button', { name: '保存', exact: true }).click()
  const version = ((await (await saved).json()) as { version: number }).version
  const published = (await apiCall(urls.api, token, 'POST', `/site/${siteId}/status`, {
    action: 'publish',
    version,
  })) as { global_setting: { url: string } }

  const visitor = await page.context().browser()!.newPage()
  const response = await visitor.goto(published.global_setting.url)
  expect(response?.status()).toBe(200)
  const first = visitor.locator('#A1 video')
  // The web MP4 and its poster from the site's media store, each named by the SHA-256 of its bytes
  // (docs/decisions/0063-media-by-content.md).
  await expect(first).toHaveAttribute('src', /^\/_media\/[A-Za-z0-9_-]{22}\.mp4$/)
  await expect(first).toHaveAttribute('poster', /^\/_media\/[A-Za-z0-9_-]{22}\.jpg$/)
  for (const attribute of ['src', 'poster']) {
    const path = (await first.getAttribute(attribute))!
    // The bytes as the page loads them (same origin), hashed here.
    const bytes = await visitor.evaluate(
      async (url) => [...new Uint8Array(await (await fetch(url)).arrayBuffer())],
      path,
    )
    const digest = createHash('sha256')
      .update(Buffer.from(bytes))
      .digest()
      .subarray(0, 16)
      .toString('base64url')
    expect(path).toBe(`/_media/${digest}.${path.split('.').pop()}`)
  }
  // Chromium can play it: enough data for playback, and no media error.
  await expect
    .poll(
      () =>
        visitor.evaluate(() => {
          const video = document.querySelector('#A1 video')
          return { ready: video.readyState >= 3, error: video.error?.code ?? null, width: video.videoWidth }
        }),
      { timeout: 30_000 },
    )
    .toEqual({ ready: true, error: null, width: 720 })
  // The failed video is published as uploaded, from the store like every file its job stored.
  await expect(visitor.locator('#B1 video')).toHaveAttribute('src', /^\/_media\/[A-Za-z0-9_-]{22}\.mp4$/)
  await visitor.close()
  await deleteSite(urls.api, token, siteId)
})
