import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { storeSession, userInfoBody } from '../../../test/fixtures.ts'
import { type MockReply, type MockRequest, mockApi } from '../../../test/mockApi.ts'
import { renderWithProviders } from '../../../test/renderWithProviders.tsx'
import { siteTestRoutes } from '../list/testRoutes.tsx'

const limitsBody = ({ used = 1, multiLanguage = false, name = 'スタンダード' } = {}) => ({
  plan: {
    id: multiLanguage ? 'standard_multi' : 'standard',
    name,
    quantity_swipe: 30,
    quantity_site: 3,
    features: {
      private_domain: true,
      setting_popup_cta: true,
      setting_form_contact: true,
      analytics_effect: true,
      setting_tag_seo: true,
      multi_language: multiLanguage,
    },
  },
  sites_used: used,
})

const open = ({
  create = { status: 201, body: { global_setting: { id: 'new-site' }, version: 1, message: 'ok' } },
  limits = limitsBody(),
}: {
  create?: MockReply | ((request: MockRequest) => MockReply)
  limits?: unknown
} = {}) => {
  storeSession()
  const api = mockApi({
    'GET /auth/user-info': { body: userInfoBody() },
    'GET /site/limits': { body: limits },
    'GET /site': { body: { items: [], next_cursor: null } },
    'POST /site': create,
  })
  return { ...api, ...renderWithProviders({ at: '/master/create-site', routes: siteTestRoutes }) }
}

type User = ReturnType<typeof renderWithProviders>['user']

const created = (requests: MockRequest[]) => requests.filter((r) => r.method === 'POST' && r.path === '/site')

const setNumber = async (user: User, name: string, value: string) => {
  const input = screen.getByRole('spinbutton', { name })
  await user.clear(input)
  await user.type(input, value)
}

const fillName = async (user: User, name = '春のキャンペーン') =>
  user.type(await screen.findByRole('textbox', { name: 'サイト名' }), name)

/** The last dialog on screen (a closing one may still be in the DOM: jsdom ends no animation). */
const lastDialog = async () => {
  await screen.findAllByRole('dialog')
  return screen.getAllByRole('dialog').at(-1) as HTMLElement
}

describe('create site', () => {
  it('needs a name', async () => {
    const { user, requests } = open()
    await user.click(await screen.findByRole('button', { name: '作成する' }))
    expect(await screen.findByText('この項目は必須です。')).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'サイト名' }).getAttribute('aria-invalid')).toBe('true')
    expect(created(requests)).toEqual([])
  })

  it("refuses rows × columns over the plan's creatives with the shared message", async () => {
    const { user, requests } = open()
    await fillName(user)
    await setNumber(user, '行数', '6')
    await setNumber(user, '列数', '6')

    expect(await screen.findByText('行数×列数がプランのクリエイティブ上限を超えています。')).toBeTruthy()
    expect(screen.getByText(/行数×列数：36（ご契約のプラン「スタンダード」の上限は30です）/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: '作成する' }))
    await waitFor(() =>
      expect(screen.getByRole('spinbutton', { name: '行数' }).getAttribute('aria-invalid')).toBe('true'),
    )
    expect(created(requests)).toEqual([])

    // Within the limit again: the message goes, and the site can be created.
    await setNumber(user, '列数', '5')
    await waitFor(() =>
      expect(screen.queryByText('行数×列数がプランのクリエイティブ上限を超えています。')).toBeNull(),
    )
    await user.click(screen.getByRole('button', { name: '作成する' }))
    await waitFor(() =>
      expect(created(requests)[0]?.body).toMatchObject({ number_horizontal: 6, number_vertical: 5 }),
    )
  })

  it('offers one language only on a plan without multiple languages, and says why', async () => {
    open()
    const japanese = await screen.findByRole('checkbox', { name: '日本語' })
    expect((japanese as HTMLInputElement).checked).toBe(true)
    for (const name of ['英語', '中国語', '韓国語']) {
      expect(screen.getByRole('checkbox', { name }).hasAttribute('disabled')).toBe(true)
    }
    expect(screen.getByText(/ご契約のプラン「スタンダード」では、言語を1つだけ設定できます。/)).toBeTruthy()
  })

  it('switches the one language by unticking it first', async () => {
    const { user, requests } = open()
    await fillName(user)
    await user.click(screen.getByRole('checkbox', { name: '日本語' }))
    expect(screen.getByRole('checkbox', { name: '英語' }).hasAttribute('disabled')).toBe(false)
    await user.click(screen.getByRole('checkbox', { name: '英語' }))
    expect(screen.getByRole('checkbox', { name: '日本語' }).hasAttribute('disabled')).toBe(true)
    // The default language follows the one chosen.
    expect((screen.getByRole('radio', { name: '英語' }) as HTMLInputElement).checked).toBe(true)
    expect(screen.queryByRole('radio', { name: '日本語' })).toBeNull()
    await user.click(screen.getByRole('button', { name: '作成する' }))
    await waitFor(() =>
      expect(created(requests)[0]?.body).toMatchObject({ languages: ['EN'], default_language: 'EN' }),
    )
  })

  it('creates the site, toasts the server message and opens it in the editor', async () => {
    const { user, requests, router } = open({
      limits: limitsBody({ multiLanguage: true, name: 'スタンダード 多言語' }),
      create: {
        status: 201,
        body: { global_setting: { id: 'new-site' }, version: 1, message: 'サイトを作成しました。(server)' },
      },
    })
    await fillName(user, '  春のキャンペーン ')
    await setNumber(user, '行数', '2')
    await setNumber(user, '列数', '3')
    await user.click(screen.getByRole('radio', { name: 'PC' }))
    await user.click(screen.getByRole('checkbox', { name: '韓国語' }))
    await user.click(screen.getByRole('checkbox', { name: '英語' }))
    expect(screen.queryByText(/言語を1つだけ設定できます/)).toBeNull()
    expect(
      screen
        .getAllByRole('radio')
        .filter((radio) => !['モバイル', 'PC'].includes(radio.closest('label')?.textContent ?? ''))
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['日本語', '英語', '韓国語'])
    await user.click(screen.getByRole('radio', { name: '英語' }))
    await user.click(screen.getByRole('button', { name: '作成する' }))

    expect(await screen.findByText('サイトを作成しました。(server)')).toBeTruthy()
    await waitFor(() => expect(router.state.location.pathname).toBe('/master/site/new-site'))
    expect(await screen.findByRole('heading', { name: 'editor stand-in' })).toBeTruthy()
    expect(created(requests).map((r) => r.body)).toEqual([
      {
        name: '春のキャンペーン',
        number_horizontal: 2,
        number_vertical: 3,
        view_mode: 'PC',
        languages: ['JP', 'EN', 'KR'],
        default_language: 'EN',
      },
    ])
  })

  it('shows a plan refusal (403 plan.*) in place instead of the forbidden page', async () => {
    const { user, requests, router } = open({
      create: {
        status: 403,
        body: {
          error: {
            code: 'plan.siteLimit',
            message: 'ご契約のプランで作成できるサイトは3件までです。(server)',
          },
        },
      },
    })
    await fillName(user)
    await user.click(screen.getByRole('button', { name: '作成する' }))

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('ご契約のプランで作成できるサイトは3件までです。(server)')
    expect(router.state.location.pathname).toBe('/master/create-site')
    // The forbidden path would refetch the user info first; a plan refusal does not.
    expect(requests.filter((r) => r.path === '/auth/user-info')).toHaveLength(1)
    expect(screen.getByRole('textbox', { name: 'サイト名' })).toBeTruthy()
  })

  it("puts the server's field errors on the fields", async () => {
    const { user } = open({
      create: {
        status: 400,
        body: {
          error: {
            code: 'error.validation',
            message: '入力内容に誤りがあります。',
            details: [
              {
                path: 'body.name',
                code: 'validation.tooLong',
                message: '50文字以内で入力してください。(server)',
              },
              {
                path: 'body.numberHorizontal',
                code: 'validation.tooManyCreatives',
                message: '行数×列数が上限を超えています。(server)',
              },
            ],
          },
        },
      },
    })
    await fillName(user)
    await user.click(screen.getByRole('button', { name: '作成する' }))

    expect(await screen.findByText('50文字以内で入力してください。(server)')).toBeTruthy()
    expect(screen.getByText('行数×列数が上限を超えています。(server)')).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'サイト名' }).getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('spinbutton', { name: '行数' }).getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('spinbutton', { name: '列数' }).getAttribute('aria-invalid')).not.toBe('true')
    // Field errors are shown on the fields, not repeated in a banner.
    expect(screen.queryByText('入力内容に誤りがあります。')).toBeNull()
  })

  it("says the plan's site limit is reached and does not offer to create", async () => {
    const { user, requests } = open({ limits: limitsBody({ used: 3 }) })
    expect(
      await screen.findByText(
        'ご契約のプラン「スタンダード」で作成できるサイトは3件までです（作成済み：3件）。新しく作成するには、不要なサイトを削除するかプランを変更してください。',
      ),
    ).toBeTruthy()
    await fillName(user)
    expect(screen.getByRole('button', { name: '作成する' }).hasAttribute('disabled')).toBe(true)
    expect(created(requests)).toEqual([])
  })

  it('asks before leaving with unsaved changes; cancel goes back to the list', async () => {
    const { user, router } = open()
    await fillName(user)
    await user.click(screen.getByRole('button', { name: 'キャンセル' }))

    const dialog = await lastDialog()
    expect(within(dialog).getByText(/入力中の内容は失われます/)).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'このページに留まる' }))
    expect(router.state.location.pathname).toBe('/master/create-site')

    await user.click(screen.getByRole('button', { name: 'キャンセル' }))
    await user.click(within(await lastDialog()).getByRole('button', { name: '移動する' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/master/site-list'))
  })

  it('leaves an untouched form without a question', async () => {
    const { user, router } = open()
    await user.click(await screen.findByRole('link', { name: 'サイト一覧へ戻る' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/master/site-list'))
  })
})
