import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { editorReady, openEditor, SITE_PATH, siteReply, testSite } from './testing.tsx'

/**
 * Saved is not live (docs/decisions/0015-site-editor.md): the editor's banner, link, button help and toasts.
 */

const LIVE_URL = 'https://sites.example.test/0b6f3c1e-2d4a-4f5b-8c6d-7e8f9a0b1c2d'
const UNPUBLISHED = '未公開の変更があります'
const CURRENT = '公開中のサイトは、保存した内容と同じです。'

const published = (version: number, unpublishedChanges: boolean, publishedVersion = 3) =>
  testSite({
    version,
    globalSetting: {
      status: 'PUBLISH',
      url: LIVE_URL,
      publishedAt: '2025-05-01T00:00:00.000Z',
      publishedVersion,
      unpublishedChanges,
    },
  })
const draft = (version: number) => testSite({ version })

/** The live-site link: its address and that it opens a new tab, without the opener. */
const expectLiveLink = (link: HTMLElement) => {
  expect(link.getAttribute('href')).toBe(LIVE_URL)
  expect(link.getAttribute('target')).toBe('_blank')
  expect(link.getAttribute('rel')).toBe('noopener noreferrer')
}

/** A button's accessible description: the text its aria-describedby names. */
const descriptionOf = (name: string) => {
  const id = screen.getByRole('button', { name }).getAttribute('aria-describedby')
  return id ? document.getElementById(id)?.textContent : undefined
}

describe('the editor shows what the live site shows', () => {
  it('says a published site has unpublished changes, how to publish them, and links to the live site', async () => {
    openEditor(published(4, true))
    await editorReady()
    const banner = screen.getByRole('alert')
    expect(within(banner).getByText(UNPUBLISHED)).toBeTruthy()
    expect(
      within(banner).getByText(
        '保存した変更は、公開中のサイトにはまだ反映されていません。反映するには「保存して公開」を押してください。',
      ),
    ).toBeTruthy()
    expectLiveLink(within(banner).getByRole('link', { name: /公開中のサイトを開く.*新しいタブで開きます/ }))
    expect(screen.queryByText(CURRENT)).toBeNull()
  })

  it('says a published site is current, with the link', async () => {
    openEditor(published(3, false))
    await editorReady()
    expect(screen.getByText(CURRENT)).toBeTruthy()
    expect(screen.queryByText(UNPUBLISHED)).toBeNull()
    expectLiveLink(screen.getByRole('link', { name: /公開中のサイトを開く/ }))
  })

  it('shows neither banner nor link for a site that is not served', async () => {
    openEditor(draft(3))
    await editorReady()
    expect(screen.queryByText(UNPUBLISHED)).toBeNull()
    expect(screen.queryByText(CURRENT)).toBeNull()
    expect(screen.queryByRole('link', { name: /公開中のサイトを開く/ })).toBeNull()
  })

  it('explains each save action where it is offered: as the description and as a tooltip on keyboard focus', async () => {
    const { user } = openEditor(published(3, false))
    await editorReady()
    expect(descriptionOf('保存')).toBe(
      '変更を保存します。公開中のサイトには反映されません。反映するには「保存して公開」を押してください。',
    )
    expect(descriptionOf('下書き保存')).toBe(
      '変更を保存し、サイトを下書きに戻します。公開中のサイトは公開を停止し、訪問者には表示されなくなります。',
    )
    expect(descriptionOf('保存して公開')).toBe(
      '変更を保存して公開します。公開URLで誰でも見られるようになり、公開中のサイトは保存した内容に更新されます。',
    )
    expect(descriptionOf('保存して限定公開')).toBe(
      '変更を保存して限定公開にします。公開URLでは表示されず、一般の訪問者は見られません。公開中のサイトは公開を停止します。',
    )
    const help = descriptionOf('保存して公開')
    const publish = screen.getByRole('button', { name: '保存して公開' })
    while (document.activeElement !== publish) await user.tab()
    // A tooltip is rendered when it first opens (jsdom ends no closing animation, so earlier ones stay).
    const tooltips = () => screen.queryAllByRole('tooltip', { hidden: true }).map((tip) => tip.textContent)
    await waitFor(() => expect(tooltips()).toContain(help))
  })

  it('says a plain save of a draft site only saves', async () => {
    openEditor(draft(3))
    await editorReady()
    expect(descriptionOf('保存')).toBe('変更を保存します。サイトのステータスは変わりません。')
  })
})

describe('the toast of each save action', () => {
  it('a save of a published site says the live site is unchanged until published, and the banner says so', async () => {
    const { user } = openEditor(published(3, false), {
      [`PUT ${SITE_PATH}`]: siteReply(published(4, true), 'サイトを保存しました。'),
    })
    await editorReady()
    expect(screen.getByText(CURRENT)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '保存' }))
    expect(
      await screen.findByText(
        '保存しました。公開中のサイトはまだ変わっていません。反映するには「保存して公開」を押してください。',
      ),
    ).toBeTruthy()
    expect(await screen.findByText(UNPUBLISHED)).toBeTruthy()
    expect(screen.queryByText(CURRENT)).toBeNull()
  })

  it('a publish says so and links to the live site; the banner turns current', async () => {
    const { user } = openEditor(published(3, true, 2), {
      [`PUT ${SITE_PATH}`]: siteReply(published(4, true, 2)),
      [`POST ${SITE_PATH}/status`]: siteReply(published(5, false, 5), 'サイトのステータスを更新しました。'),
    })
    await editorReady()
    await user.click(screen.getByRole('button', { name: '保存して公開' }))
    const toast = (await screen.findByText('サイトを公開しました。')).closest('.ant-notification-notice')
    expectLiveLink(within(toast as HTMLElement).getByRole('link', { name: /公開中のサイトを開く/ }))
    await waitFor(() => expect(screen.queryByText(UNPUBLISHED)).toBeNull())
    expect(screen.getByText(CURRENT)).toBeTruthy()
  })

  it('a draft save of a published site says it was taken offline; of a draft, that it is not published', async () => {
    const first = openEditor(published(3, false), {
      [`PUT ${SITE_PATH}`]: siteReply(published(4, true)),
      [`POST ${SITE_PATH}/status`]: siteReply(draft(5)),
    })
    await editorReady()
    await first.user.click(screen.getByRole('button', { name: '下書き保存' }))
    expect(
      await screen.findByText('下書きとして保存し、公開を停止しました。訪問者にはサイトが表示されません。'),
    ).toBeTruthy()
    await waitFor(() => expect(screen.queryByText(CURRENT)).toBeNull())
    expect(screen.queryByRole('link', { name: /公開中のサイトを開く/ })).toBeNull()
    first.unmount()

    const second = openEditor(draft(3), {
      [`PUT ${SITE_PATH}`]: siteReply(draft(4)),
      [`POST ${SITE_PATH}/status`]: siteReply(draft(5)),
    })
    await editorReady()
    await second.user.click(screen.getByRole('button', { name: '下書き保存' }))
    expect(await screen.findByText('下書きとして保存しました。サイトは公開されていません。')).toBeTruthy()
  })

  it('a private publish says the public URL does not show the site', async () => {
    const { user } = openEditor(draft(3), {
      [`PUT ${SITE_PATH}`]: siteReply(draft(4)),
      [`POST ${SITE_PATH}/status`]: siteReply(testSite({ version: 5, globalSetting: { status: 'PRIVATE' } })),
    })
    await editorReady()
    await user.click(screen.getByRole('button', { name: '保存して限定公開' }))
    expect(
      await screen.findByText(
        '限定公開として保存しました。公開URLでは表示されず、一般の訪問者は見られません。',
      ),
    ).toBeTruthy()
  })
})
