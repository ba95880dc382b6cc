import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { SaveSiteBody } from '../api.ts'
import {
  calls,
  editorReady,
  lastDialog,
  openEditor,
  SITE_ID,
  SITE_PATH,
  sentBody,
  siteReply,
  testCreative,
  testPlan,
  testSite,
} from './frame/testing.tsx'

const saved = (version: number, name = '春のキャンペーン') =>
  testSite({ version, globalSetting: { name, updatedAt: '2025-05-01T00:00:00.000Z' } })

/** The body the editor saves the unchanged fixture with (camelCase), version aside. */
const unchangedBody = () => {
  const site = testSite()
  const {
    status: _s,
    url: _u,
    siteUuid: _id,
    ownerId: _o,
    customDomain: _c,
    createdAt: _ca,
    updatedAt: _ua,
    publishedAt: _p,
    publishedVersion: _pv,
    unpublishedChanges: _uc,
    ...globalSetting
  } = site.globalSetting
  return { globalSetting, menus: site.menus, creatives: site.creatives, settings: site.settings }
}

describe('site editor frame', () => {
  it('loads the site and shows its name, status, content language and tabs', async () => {
    openEditor()
    expect(await editorReady()).toBeTruthy()
    expect(screen.getByText('下書き')).toBeTruthy()
    const languageTab = screen.getByRole('tab', { name: /日本語/ })
    expect(languageTab.getAttribute('aria-selected')).toBe('true')
    expect(within(languageTab).getByText('デフォルト')).toBeTruthy()
    for (const name of [
      'サイト設定',
      'ドメイン設定',
      'ポップアップCTA設定',
      'クリエイティブ設定',
      'グローバルメニュー',
      'その他設定',
    ])
      expect(screen.getByRole('tab', { name })).toBeTruthy()
    expect((screen.getByLabelText('サイト名') as HTMLInputElement).value).toBe('春のキャンペーン')
    for (const name of ['下書き保存', '保存', '保存して公開', '保存して限定公開', '削除'])
      expect(screen.getByRole('button', { name })).toBeTruthy()
  })

  it('saves the edited name with the version it loaded, then saves again with the new version', async () => {
    const { user, requests } = openEditor(testSite(), {
      [`PUT ${SITE_PATH}`]: (request) => {
        const version = sentBody<SaveSiteBody>(request).version
        return siteReply(saved(version + 1, '秋のキャンペーン'), 'サイトを保存しました。')
      },
    })
    await editorReady()
    const name = screen.getByLabelText('サイト名')
    await user.clear(name)
    await user.type(name, '秋のキャンペーン')
    await user.click(screen.getByRole('button', { name: '保存' }))

    expect(await screen.findByText('サイトを保存しました。')).toBeTruthy()
    const [first] = calls(requests, 'PUT', SITE_PATH)
    const expected = unchangedBody()
    expect(sentBody(first)).toEqual({
      version: 3,
      ...expected,
      globalSetting: { ...expected.globalSetting, name: '秋のキャンペーン' },
    })
    expect(await screen.findByRole('heading', { level: 2, name: '秋のキャンペーン' })).toBeTruthy()

    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(calls(requests, 'PUT', SITE_PATH)).toHaveLength(2))
    expect(sentBody<SaveSiteBody>(calls(requests, 'PUT', SITE_PATH)[1]).version).toBe(4)
  })

  it('does not save an empty name: the summary names the tab and the field shows the message', async () => {
    const { user, requests } = openEditor()
    await editorReady()
    await user.clear(screen.getByLabelText('サイト名'))
    await user.click(screen.getByRole('button', { name: '保存' }))

    const summary = await screen.findByRole('button', { name: 'サイト設定: この項目は必須です。' })
    expect(summary).toBeTruthy()
    expect(
      screen.getByText('入力内容に問題があるため保存できません。次の項目を確認してください。'),
    ).toBeTruthy()
    expect(screen.getByRole('tab', { name: /サイト設定.*エラー 1 件/ })).toBeTruthy()
    // The field itself says it too.
    expect(screen.getByText('この項目は必須です。')).toBeTruthy()
    expect(screen.getByLabelText('サイト名').getAttribute('aria-invalid')).toBe('true')
    expect(calls(requests, 'PUT', SITE_PATH)).toHaveLength(0)

    // The summary opens the tab of the problem.
    await user.click(screen.getByRole('tab', { name: 'ドメイン設定' }))
    await user.click(summary)
    expect(screen.getByRole('tab', { name: /サイト設定/ }).getAttribute('aria-selected')).toBe('true')
  })

  it('offers to reload after a conflict and replaces the draft with the latest site', async () => {
    let loads = 0
    const { user, requests } = openEditor(testSite(), {
      [`GET ${SITE_PATH}`]: () => {
        loads += 1
        return siteReply(loads === 1 ? testSite() : saved(5, '他の人が変えた名前'))
      },
      [`PUT ${SITE_PATH}`]: {
        status: 409,
        body: { error: { code: 'error.conflict', message: '他の変更が先に保存されました。' } },
      },
    })
    await editorReady()
    await user.type(screen.getByLabelText('サイト名'), '（改）')
    await user.click(screen.getByRole('button', { name: '保存' }))

    const dialog = await lastDialog()
    expect(dialog.textContent).toContain('別の変更が保存されました。最新の内容を読み込みますか？')
    expect(dialog.textContent).toContain('保存していない変更は失われます')
    await user.click(within(dialog).getByRole('button', { name: '最新の内容を読み込む' }))

    await waitFor(() => expect(calls(requests, 'GET', SITE_PATH)).toHaveLength(2))
    expect(await screen.findByRole('heading', { level: 2, name: '他の人が変えた名前' })).toBeTruthy()
    expect((screen.getByLabelText('サイト名') as HTMLInputElement).value).toBe('他の人が変えた名前')
  })

  it('keeps the edits when the conflict dialog is cancelled', async () => {
    const { user, requests } = openEditor(testSite(), {
      [`PUT ${SITE_PATH}`]: {
        status: 409,
        body: { error: { code: 'error.conflict', message: '他の変更が先に保存されました。' } },
      },
    })
    await editorReady()
    await user.type(screen.getByLabelText('サイト名'), '（改）')
    await user.click(screen.getByRole('button', { name: '保存' }))
    await user.click(within(await lastDialog()).getByRole('button', { name: '編集を続ける' }))
    expect((screen.getByLabelText('サイト名') as HTMLInputElement).value).toBe('春のキャンペーン（改）')
    expect(calls(requests, 'GET', SITE_PATH)).toHaveLength(1)
  })

  it('saves a draft: PUT, then the draft status with the new version', async () => {
    const { user, requests } = openEditor(testSite(), {
      [`PUT ${SITE_PATH}`]: siteReply(saved(4), 'サイトを保存しました。'),
      [`POST ${SITE_PATH}/status`]: siteReply(saved(5), 'サイトのステータスを更新しました。'),
    })
    await editorReady()
    await user.click(screen.getByRole('button', { name: '下書き保存' }))

    expect(await screen.findByText('下書きとして保存しました。サイトは公開されていません。')).toBeTruthy()
    const order = requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)
    expect(order).toEqual([`PUT ${SITE_PATH}`, `POST ${SITE_PATH}/status`])
    expect(sentBody<SaveSiteBody>(calls(requests, 'PUT', SITE_PATH)[0]).version).toBe(3)
    expect(sentBody(calls(requests, 'POST', `${SITE_PATH}/status`)[0])).toEqual({
      action: 'draft',
      version: 4,
    })
  })

  it('publishes after saving, and shows the status change', async () => {
    const published = testSite({
      version: 5,
      globalSetting: { status: 'PUBLISH', publishedAt: '2025-05-01T00:00:00.000Z' },
    })
    const { user, requests } = openEditor(testSite(), {
      [`PUT ${SITE_PATH}`]: siteReply(saved(4)),
      [`POST ${SITE_PATH}/status`]: siteReply(published, 'サイトのステータスを更新しました。'),
    })
    await editorReady()
    await user.click(screen.getByRole('button', { name: '保存して公開' }))

    expect(await screen.findByText('サイトを公開しました。')).toBeTruthy()
    expect(sentBody(calls(requests, 'POST', `${SITE_PATH}/status`)[0])).toEqual({
      action: 'publish',
      version: 4,
    })
    expect(await screen.findByText('公開')).toBeTruthy()
  })

  it('publishes privately with the private action', async () => {
    const { user, requests } = openEditor(testSite(), {
      [`PUT ${SITE_PATH}`]: siteReply(saved(4)),
      [`POST ${SITE_PATH}/status`]: siteReply(testSite({ version: 5, globalSetting: { status: 'PRIVATE' } })),
    })
    await editorReady()
    await user.click(screen.getByRole('button', { name: '保存して限定公開' }))
    await waitFor(() => expect(calls(requests, 'POST', `${SITE_PATH}/status`)).toHaveLength(1))
    expect(sentBody(calls(requests, 'POST', `${SITE_PATH}/status`)[0])).toEqual({
      action: 'private',
      version: 4,
    })
  })

  it('explains why publishing failed (creative images) after the save went through', async () => {
    const { user } = openEditor(testSite(), {
      [`PUT ${SITE_PATH}`]: siteReply(saved(4)),
      [`POST ${SITE_PATH}/status`]: {
        status: 400,
        body: {
          error: {
            code: 'error.validation',
            message: '入力内容に誤りがあります。',
            details: [
              {
                path: 'creatives.JP',
                code: 'validation.imagesConsecutive',
                message: 'クリエイティブ画像は間を空けずに連続してアップロードしてください。',
              },
            ],
          },
        },
      },
    })
    await editorReady()
    await user.click(screen.getByRole('button', { name: '保存して公開' }))

    expect(
      await screen.findByText('サイトは保存しましたが、公開できませんでした。次の項目を確認してください。'),
    ).toBeTruthy()
    expect(
      screen.getByRole('button', {
        name: 'クリエイティブ設定（日本語）: クリエイティブ画像は間を空けずに連続してアップロードしてください。',
      }),
    ).toBeTruthy()
    expect(screen.getByRole('tab', { name: /クリエイティブ設定.*エラー 1 件/ })).toBeTruthy()
  })

  it('shows the API field problems of a refused save', async () => {
    const { user } = openEditor(testSite(), {
      [`PUT ${SITE_PATH}`]: {
        status: 400,
        body: {
          error: {
            code: 'error.validation',
            message: '入力内容に誤りがあります。',
            details: [
              {
                path: 'body.menus.0.items.1.name',
                code: 'validation.menuDuplicate',
                message: 'メニュー項目が重複しています。',
              },
            ],
          },
        },
      },
    })
    await editorReady()
    await user.click(screen.getByRole('button', { name: '保存' }))
    await user.click(
      await screen.findByRole('button', {
        name: 'グローバルメニュー（日本語）: メニュー項目が重複しています。',
      }),
    )
    expect(screen.getByRole('tab', { name: /グローバルメニュー/ }).getAttribute('aria-selected')).toBe('true')
    // The item the API named shows the message.
    expect(await screen.findByText('メニュー項目が重複しています。')).toBeTruthy()
    expect(screen.getByLabelText('項目 2').getAttribute('aria-invalid')).toBe('true')
  })

  it('shows a plan refusal in place', async () => {
    const { user } = openEditor(testSite(), {
      [`PUT ${SITE_PATH}`]: {
        status: 403,
        body: {
          error: {
            code: 'plan.creativeLimit',
            message: 'ご契約のプランでは1サイトのクリエイティブは30枚（行数×列数）までです。',
          },
        },
      },
    })
    await editorReady()
    await user.click(screen.getByRole('button', { name: '保存' }))
    expect(
      await screen.findByText('ご契約のプランでは1サイトのクリエイティブは30枚（行数×列数）までです。'),
    ).toBeTruthy()
    expect(screen.getByRole('alert')).toBeTruthy()
  })

  it('deletes the site with its version after a confirmation naming it, then opens the site list', async () => {
    const { user, requests, router } = openEditor(testSite(), {
      [`DELETE ${SITE_PATH}`]: { body: { message: 'サイトを削除しました。' } },
    })
    await editorReady()
    await user.type(screen.getByLabelText('サイト名'), '（編集中）')
    await user.click(screen.getByRole('button', { name: '削除' }))
    const dialog = await lastDialog()
    expect(dialog.textContent).toContain('サイト「春のキャンペーン」を削除しますか？')
    await user.click(within(dialog).getByRole('button', { name: '削除する' }))

    expect(await screen.findByText('サイト一覧の画面')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/master/site-list')
    const [sent] = calls(requests, 'DELETE', SITE_PATH)
    expect(sent?.url.searchParams.get('version')).toBe('3')
    // No leftover request for the deleted site, and no unsaved-changes prompt on the way out.
    expect(calls(requests, 'GET', SITE_PATH)).toHaveLength(1)
    expect(screen.queryByText('変更が保存されていません')).toBeNull()
  })

  it('asks before leaving with unsaved changes', async () => {
    const { user, router } = openEditor()
    await editorReady()
    await user.type(screen.getByLabelText('サイト名'), '！')
    await user.click(screen.getByRole('link', { name: 'サイト一覧へ戻る' }))
    const dialog = await lastDialog()
    expect(dialog.textContent).toContain('変更が保存されていません')
    await user.click(within(dialog).getByRole('button', { name: 'このページに留まる' }))
    expect(router.state.location.pathname).toBe(`/master${SITE_PATH}`)
  })

  it('shows the site to a viewer with every control disabled and no actions', async () => {
    openEditor(testSite(), {}, { authority: 'VIEW' })
    await editorReady()
    expect(screen.getByText('閲覧のみの権限のため、このサイトは編集できません。')).toBeTruthy()
    expect((screen.getByLabelText('サイト名') as HTMLInputElement).disabled).toBe(true)
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull()
    expect(screen.queryByRole('button', { name: '削除' })).toBeNull()
    expect(screen.getByRole('button', { name: '+ 言語を追加' }).hasAttribute('disabled')).toBe(true)
    expect(screen.getByRole('switch', { name: 'グローバルメニューを表示' }).hasAttribute('disabled')).toBe(
      true,
    )
  })

  it('reports a site that does not exist', async () => {
    openEditor(testSite(), {
      [`GET ${SITE_PATH}`]: {
        status: 404,
        body: { error: { code: 'error.notFound', message: 'Not found' } },
      },
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'サイトが見つかりません' })).toBeTruthy()
  })
})

describe('content languages', () => {
  it('cannot add a language on a plan without multiple languages, and says why', async () => {
    openEditor()
    await editorReady()
    const add = screen.getByRole('button', { name: '+ 言語を追加' })
    expect(add.hasAttribute('disabled')).toBe(true)
    const reason = document.getElementById(add.getAttribute('aria-describedby') ?? '')
    expect(reason?.textContent).toBe('ご契約のプランでは多言語設定を利用できません。')
  })

  it('adds a language with an empty menu and default settings, and saves it', async () => {
    const site = testSite({ plan: testPlan({ multiLanguage: true }) })
    const { user, requests } = openEditor(site, { [`PUT ${SITE_PATH}`]: siteReply(saved(4)) })
    await editorReady()
    await user.click(screen.getByRole('button', { name: '+ 言語を追加' }))
    await user.click(await screen.findByRole('menuitem', { name: 'English' }))
    expect(screen.getByRole('tab', { name: 'English' }).getAttribute('aria-selected')).toBe('true')

    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(calls(requests, 'PUT', SITE_PATH)).toHaveLength(1))
    const body = sentBody<SaveSiteBody>(calls(requests, 'PUT', SITE_PATH)[0])
    expect(body.globalSetting.languages).toEqual(['JP', 'EN'])
    expect(body.menus?.find((m) => m.lang === 'EN')).toEqual({ lang: 'EN', items: [], textColor: null })
    const english = body.settings?.find((s) => s.lang === 'EN')
    // A new language's contact form asks for the message too (a required multi-line field).
    expect(english?.forms?.contact.fields.map((f) => [f.title, f.typeInput])).toEqual([
      ['Email address', 'TEXT_BOX'],
      ['Company name', 'TEXT_BOX'],
      ['Message', 'TEXT_AREA'],
    ])
  })

  it('removes a language after a confirmation naming what goes with it', async () => {
    const site = testSite({
      plan: testPlan({ multiLanguage: true }),
      globalSetting: { languages: ['JP', 'EN'] },
      menus: [
        { lang: 'JP', items: [{ id: 'm-1', name: 'ホーム' }], textColor: null },
        { lang: 'EN', items: [{ id: 'm-2', name: 'Home' }], textColor: null },
      ],
      creatives: [testCreative('JP', 'A1'), testCreative('EN', 'A1')],
    })
    const { user, requests } = openEditor(site, { [`PUT ${SITE_PATH}`]: siteReply(saved(4)) })
    await editorReady()
    await user.click(screen.getByRole('tab', { name: 'English' }))
    // The default language cannot be removed.
    await user.click(screen.getByRole('button', { name: 'Englishを削除' }))
    const dialog = await lastDialog()
    expect(dialog.textContent).toContain('「English」を削除しますか？')
    expect(dialog.textContent).toContain(
      'Englishのグローバルメニュー、クリエイティブ、その他設定がすべて削除されます。',
    )
    await user.click(within(dialog).getByRole('button', { name: '削除する' }))

    await waitFor(() => expect(screen.queryByRole('tab', { name: 'English' })).toBeNull())
    expect(screen.queryByRole('button', { name: /を削除$/ })).toBeNull()
    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(calls(requests, 'PUT', SITE_PATH)).toHaveLength(1))
    const body = sentBody<SaveSiteBody>(calls(requests, 'PUT', SITE_PATH)[0])
    expect(body.globalSetting.languages).toEqual(['JP'])
    expect(body.menus?.map((m) => m.lang)).toEqual(['JP'])
    expect(body.creatives?.map((c) => `${c.lang}:${c.position}`)).toEqual(['JP:A1'])
    expect(body.settings?.map((s) => s.lang)).toEqual(['JP'])
  })

  it('moves between languages with the arrow keys', async () => {
    const site = testSite({
      plan: testPlan({ multiLanguage: true }),
      globalSetting: { languages: ['JP', 'EN', 'KR'] },
    })
    const { user } = openEditor(site)
    await editorReady()
    screen.getByRole('tab', { name: /日本語/ }).focus()
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'English' }))
    await user.keyboard('{End}')
    expect(screen.getByRole('tab', { name: '한국어' }).getAttribute('aria-selected')).toBe('true')
  })
})

describe('logo upload', () => {
  it('asks for a logo URL, uploads to storage, confirms, previews it, and saves the key', async () => {
    const key = `sites/${SITE_ID}/logo/l-1.png`
    const { user, requests, puts } = openEditor(testSite(), {
      'POST /site/generate-logo-url': {
        body: {
          upload_url: 'https://storage.test/media/l-1.png?X-Amz-Signature=sig',
          key,
          file_name: 'logo.png',
          headers: { 'content-type': 'image/png' },
        },
      },
      'POST /site/confirm-upload': {
        body: { key, media_type: 'image', url: 'https://storage.test/media/l-1.png?X-Amz-Signature=get' },
      },
      [`PUT ${SITE_PATH}`]: siteReply(saved(4)),
    })
    await editorReady()
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' })
    await user.upload(screen.getByLabelText('ロゴ画像を選択'), file)

    const preview = await screen.findByRole('img', { name: 'ロゴのプレビュー' })
    expect(preview.getAttribute('src')).toBe('https://storage.test/media/l-1.png?X-Amz-Signature=get')
    expect(sentBody(calls(requests, 'POST', '/site/generate-logo-url')[0])).toEqual({
      siteId: SITE_ID,
      purpose: 'logo',
      fileName: 'logo.png',
      contentType: 'image/png',
      size: 4,
    })
    expect(puts).toHaveLength(1)
    expect(puts[0]?.url).toBe('https://storage.test/media/l-1.png?X-Amz-Signature=sig')
    expect(puts[0]?.body).toBe(file)
    expect(sentBody(calls(requests, 'POST', '/site/confirm-upload')[0])).toEqual({
      siteId: SITE_ID,
      key,
      fileName: 'logo.png',
    })

    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(calls(requests, 'PUT', SITE_PATH)).toHaveLength(1))
    expect(sentBody<SaveSiteBody>(calls(requests, 'PUT', SITE_PATH)[0]).globalSetting.logoKey).toBe(key)
  })
})
