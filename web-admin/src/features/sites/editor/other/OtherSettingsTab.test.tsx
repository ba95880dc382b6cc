import { defaultForms } from '@swipe/shared'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderTab, testDraft, testPlan } from '../creatives/tabHarness.tsx'
import { OtherSettingsTab } from './OtherSettingsTab.tsx'

const section = (name: string) => screen.getByRole('region', { name })

describe('other settings tab', () => {
  it('explains and disables SEO and tags when the plan lacks them', () => {
    renderTab(OtherSettingsTab, { plan: testPlan({ settingTagSeo: false }) })
    expect(screen.getByText('ご契約のプランではSEO・タグ設定を利用できません。')).toBeTruthy()
    for (const label of ['タイトル', '見出し（h1）', 'ディスクリプション', 'headタグ', 'bodyタグ'])
      expect((screen.getByLabelText(label) as HTMLInputElement).disabled).toBe(true)
    // The rest of the tab stays editable.
    expect((screen.getByRole('textbox', { name: 'YouTube' }) as HTMLInputElement).disabled).toBe(false)
  })

  it('creates the language entry on the first edit and checks SEO text and body tags', async () => {
    const { user, latest } = renderTab(OtherSettingsTab)
    expect(latest().settings).toEqual([])

    await user.type(screen.getByLabelText('タイトル'), '春_セール')
    expect(
      screen.getByText('絵文字、改行・タブなどの制御文字、アンダースコア（_）は使えません。'),
    ).toBeTruthy()

    await user.click(screen.getByLabelText('bodyタグ'))
    await user.paste('<script src="https://cdn.example.com/t.js" defer>eval("x")</script>')
    expect(screen.getByText('eval、setTimeout、setIntervalは使用できません。')).toBeTruthy()

    expect(latest().settings).toEqual([
      {
        lang: 'JP',
        seo: {
          title: '春_セール',
          h1: '',
          description: '',
          head: '',
          body: '<script src="https://cdn.example.com/t.js" defer>eval("x")</script>',
        },
        sns: [],
        company: null,
        forms: defaultForms('JP'),
        showSnsByDefault: true,
        showCompanyByDefault: true,
      },
    ])

    await user.clear(screen.getByLabelText('bodyタグ'))
    await user.paste('<p>hello</p>')
    expect(
      screen.getByText('正しい形式で入力してください: <script src="https://…" defer></script>'),
    ).toBeTruthy()
  })

  it('keeps only the filled SNS links, in their order, and checks them', async () => {
    const { user, latest } = renderTab(OtherSettingsTab)
    await user.click(screen.getByRole('textbox', { name: '電話番号' }))
    await user.paste('03-1234-5678')
    await user.click(screen.getByRole('textbox', { name: 'YouTube' }))
    await user.paste('https://www.youtube.com/@swipe')
    await user.click(screen.getByRole('textbox', { name: 'X（旧Twitter）' }))
    await user.paste('x.com/swipe')
    await user.tab()
    expect(screen.getByText('URLの形式が正しくありません。')).toBeTruthy()
    expect(latest().settings[0]?.sns).toEqual([
      { snsType: 'youtube', snsUrl: 'https://www.youtube.com/@swipe' },
      { snsType: 'x', snsUrl: 'x.com/swipe' },
      { snsType: 'phone_number', snsUrl: '03-1234-5678' },
    ])

    await user.clear(screen.getByRole('textbox', { name: 'X（旧Twitter）' }))
    await user.click(screen.getByRole('textbox', { name: '電話番号' }))
    await user.paste('abc')
    await user.tab()
    expect(
      screen.getByText('電話番号は数字・ハイフン・括弧で入力してください（先頭に+も使えます）。'),
    ).toBeTruthy()
    expect(latest().settings[0]?.sns.map((s) => s.snsType)).toEqual(['youtube', 'phone_number'])
  })

  it('shows the default language’s SNS links in another language until it has its own', async () => {
    const draft = testDraft({
      settings: [
        {
          lang: 'JP',
          seo: null,
          sns: [{ snsType: 'instagram', snsUrl: 'https://instagram.com/swipe' }],
          company: null,
          forms: null,
          showSnsByDefault: true,
          showCompanyByDefault: true,
        },
      ],
    })
    const { user, latest } = renderTab(OtherSettingsTab, { draft, lang: 'EN' })
    expect(screen.getByTestId('sns-inherited').textContent).toBe(
      'この言語のSNSリンクは未入力のため、日本語のSNSリンクを表示します（入力欄の薄い文字）。この言語だけ別のリンクにする場合は入力してください。',
    )
    const instagram = screen.getByRole('textbox', { name: 'Instagram' }) as HTMLInputElement
    expect(instagram.placeholder).toBe('https://instagram.com/swipe')
    expect(instagram.value).toBe('')
    await user.click(screen.getByRole('textbox', { name: 'YouTube' }))
    await user.paste('https://www.youtube.com/@swipe-en')
    expect(screen.getByTestId('sns-inherited').textContent).toBe(
      'この言語だけのSNSリンクを表示します。すべて空にすると日本語のSNSリンクを表示します。',
    )
    expect(latest().settings.find((s) => s.lang === 'EN')?.sns).toEqual([
      { snsType: 'youtube', snsUrl: 'https://www.youtube.com/@swipe-en' },
    ])
  })

  it('builds a form: adds a dropdown with options and one default; fixed fields stay', async () => {
    const { user, latest } = renderTab(OtherSettingsTab)
    const forms = section('フォーム')
    const email = within(forms).getByRole('group', { name: '項目1: メールアドレス' })
    expect(within(email).queryByRole('button', { name: '「メールアドレス」を削除' })).toBeNull()
    expect(within(email).getByRole('combobox', { name: '種類' }).hasAttribute('disabled')).toBe(true)
    expect(within(email).getByRole('switch', { name: '必須' }).hasAttribute('disabled')).toBe(true)

    await user.click(within(forms).getByRole('combobox', { name: '追加する項目の種類' }))
    await user.click(await screen.findByRole('option', { name: 'プルダウン' }))
    await user.click(within(forms).getByRole('button', { name: '項目を追加' }))
    const added = within(forms).getByRole('group', { name: '項目4: 無題の項目4' })
    expect(within(added).getByText('選択肢を1つ以上追加してください。')).toBeTruthy()

    await user.click(within(added).getByLabelText('項目名'))
    await user.paste('プラン')
    const field = within(forms).getByRole('group', { name: '項目4: プラン' })
    await user.click(within(field).getByRole('button', { name: '選択肢を追加' }))
    await user.click(within(field).getByRole('button', { name: '選択肢を追加' }))
    await user.click(within(field).getByLabelText('選択肢1'))
    await user.paste('ライト')
    await user.click(within(field).getByLabelText('選択肢2'))
    await user.paste('プロ')
    await user.click(within(field).getByRole('checkbox', { name: '選択肢1を初期値にする' }))
    await user.click(within(field).getByRole('checkbox', { name: '選択肢2を初期値にする' }))

    expect(latest().settings[0]?.forms?.contact.fields[3]).toEqual({
      typeInput: 'SELECT',
      title: 'プラン',
      placeholder: '',
      isRequired: false,
      options: [
        { value: 'ライト', isDefault: false },
        { value: 'プロ', isDefault: true },
      ],
    })
    // The fixed fields are still there, first, then the default message field.
    expect(latest().settings[0]?.forms?.contact.fields.map((f) => f.key ?? f.id ?? null)).toEqual([
      'email',
      'company',
      'message',
      null,
    ])

    await user.click(within(field).getByRole('button', { name: '「プラン」を上へ移動' }))
    expect(latest().settings[0]?.forms?.contact.fields.map((f) => f.title)).toEqual([
      'メールアドレス',
      '会社名',
      'プラン',
      'お問い合わせ内容',
    ])
    await user.click(within(forms).getByRole('button', { name: '「プラン」を削除' }))
    await user.click(await screen.findByRole('button', { name: '削除する' }))
    await waitFor(() => expect(latest().settings[0]?.forms?.contact.fields).toHaveLength(3))
  })

  it('requires a recipient for an enabled contact form and locks it without the plan feature', async () => {
    const { user } = renderTab(OtherSettingsTab)
    await user.click(screen.getByRole('switch', { name: '「お問い合わせ」を有効にする' }))
    expect(screen.getByText('この項目は必須です。')).toBeTruthy()
    await user.click(screen.getByLabelText('送信先メールアドレス'))
    await user.paste('info@example.com')
    expect(screen.queryByText('この項目は必須です。')).toBeNull()
  })

  it('disables the contact form switch with the plan reason', () => {
    renderTab(OtherSettingsTab, { plan: testPlan({ settingFormContact: false }) })
    expect(screen.getByText('ご契約のプランではお問い合わせフォームを利用できません。')).toBeTruthy()
    expect(
      screen.getByRole('switch', { name: '「お問い合わせ」を有効にする' }).hasAttribute('disabled'),
    ).toBe(true)
  })

  it('requires terms and privacy policy once agreement is required', async () => {
    const { user, latest } = renderTab(OtherSettingsTab)
    const company = section('会社情報・規約')
    await user.click(within(company).getByRole('switch', { name: '契約同意必須' }))
    expect(within(company).getAllByText('この項目は必須です。')).toHaveLength(2)
    await user.type(within(company).getByRole('textbox', { name: '利用規約' }), '第1条')
    expect(within(company).getAllByText('この項目は必須です。')).toHaveLength(1)
    expect(latest().settings[0]?.company).toEqual({
      companyWebsite: null,
      companyProfile: '',
      companyClause: '',
      termsOfService: '第1条',
      privacyPolicy: '',
      contractAgreementRequired: true,
      showInForm: false,
      showInMemberShip: false,
      showInContact: false,
    })
  })

  it('shows legal texts as plain text, never as markup', async () => {
    const hostile = '<script>window.__pwned = true</script><img src=x onerror="window.__pwned = true">'
    const { user } = renderTab(OtherSettingsTab, {
      draft: testDraft({
        settings: [
          {
            lang: 'JP',
            seo: null,
            sns: [],
            company: {
              companyWebsite: null,
              companyProfile: hostile,
              companyClause: '',
              termsOfService: '',
              privacyPolicy: '',
              contractAgreementRequired: false,
              showInForm: false,
              showInMemberShip: false,
              showInContact: false,
            },
            forms: null,
          },
        ],
      }),
    })
    // The preview is the site's company modal, inside its shadow root.
    const preview = () =>
      screen.getByRole('region', { name: '表示プレビュー' }).querySelector('[data-preview="company"]')!
        .shadowRoot! as unknown as HTMLElement
    expect(within(preview()).getByText(hostile)).toBeTruthy()
    expect(preview().querySelector('script')).toBeNull()
    expect(preview().querySelector('img')).toBeNull()

    await user.click(screen.getByRole('textbox', { name: '利用規約' }))
    await user.paste('<script>alert(1)</script>')
    await user.click(within(preview()).getByRole('tab', { name: '利用規約' }))
    expect(preview().querySelector('[role=tabpanel]:not([hidden])')!.textContent).toBe(
      '<script>alert(1)</script>',
    )
    expect(preview().querySelector('script')).toBeNull()
    expect(document.querySelector('script')).toBeNull()
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined()
  })

  it('shows the last save problems of this language at their fields', () => {
    renderTab(OtherSettingsTab, {
      lang: 'EN',
      draft: testDraft({
        settings: [
          { lang: 'JP', seo: null, sns: [], company: null, forms: null },
          {
            lang: 'EN',
            seo: null,
            sns: [{ snsType: 'line', snsUrl: 'https://line.me/x' }],
            company: null,
            forms: null,
          },
        ],
      }),
      problems: [
        { path: 'settings.1.sns.0.snsUrl', message: 'Server says no.' },
        { path: 'settings.0.sns.0.snsUrl', message: 'Japanese problem.' },
      ],
    })
    expect(screen.getByText('Server says no.')).toBeTruthy()
    expect(screen.queryByText('Japanese problem.')).toBeNull()
    expect(screen.getByRole('button', { name: /SNS（要修正 1件）/ })).toBeTruthy()
  })
})
