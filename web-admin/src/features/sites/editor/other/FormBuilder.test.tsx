import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderTab } from '../creatives/tabHarness.tsx'
import { OtherSettingsTab } from './OtherSettingsTab.tsx'

/** The form preview's textareas: the site's form field block inside the preview's shadow root. */
const previewAreas = () =>
  [...document.querySelectorAll('[data-preview]')].flatMap((host) => [
    ...(host.shadowRoot?.querySelectorAll<HTMLTextAreaElement>('textarea') ?? []),
  ])

describe('form builder: multi-line text', () => {
  it('starts a new contact form with a required multi-line message field the creator may remove', async () => {
    const { user, latest } = renderTab(OtherSettingsTab)
    const forms = screen.getByRole('region', { name: 'フォーム' })
    const message = within(forms).getByRole('group', { name: '項目3: お問い合わせ内容' })
    expect(within(message).getByRole('combobox', { name: '種類' }).closest('.ant-select')?.textContent).toBe(
      '複数行テキスト',
    )
    expect(within(message).getByRole('switch', { name: '必須' }).getAttribute('aria-checked')).toBe('true')
    expect((within(message).getByLabelText('プレースホルダー') as HTMLInputElement).value).toBe(
      'ご用件をご記入ください',
    )
    expect(previewAreas().map((a) => [a.name, a.required, a.placeholder])).toEqual([
      ['message', true, 'ご用件をご記入ください'],
    ])
    // Not a fixed field: it can go.
    await user.click(within(forms).getByRole('button', { name: '「お問い合わせ内容」を削除' }))
    await user.click(await screen.findByRole('button', { name: '削除する' }))
    await expect
      .poll(() => latest().settings[0]?.forms?.contact.fields.map((f) => f.key))
      .toEqual(['email', 'company'])
  })

  it('offers 複数行テキスト among the types and adds such a field, previewed as a textarea', async () => {
    const { user, latest } = renderTab(OtherSettingsTab)
    const forms = screen.getByRole('region', { name: 'フォーム' })
    await user.click(within(forms).getByRole('combobox', { name: '追加する項目の種類' }))
    const offered = (await screen.findAllByRole('option')).map((o) => o.textContent)
    expect(offered).toEqual(['テキスト', '複数行テキスト', '数値', 'プルダウン', 'チェックボックス'])
    await user.click(screen.getByRole('option', { name: '複数行テキスト' }))
    await user.click(within(forms).getByRole('button', { name: '項目を追加' }))
    const added = within(forms).getByRole('group', { name: '項目4: 無題の項目4' })
    await user.click(within(added).getByLabelText('項目名'))
    await user.paste('ご要望')
    expect(latest().settings[0]?.forms?.contact.fields[3]).toEqual({
      typeInput: 'TEXT_AREA',
      title: 'ご要望',
      placeholder: '',
      isRequired: false,
      options: [],
    })
    expect(previewAreas().map((a) => a.name)).toEqual(['message', 'field_4'])
  })
})

describe('form builder: what the form sends back', () => {
  it('sets the sent page’s words and an automatic reply on the contact form, and not on membership', async () => {
    const { user, latest } = renderTab(OtherSettingsTab)
    const forms = screen.getByRole('region', { name: 'フォーム' })
    await user.click(within(forms).getByLabelText('送信完了ページの文言'))
    await user.paste('ありがとうございました。')
    expect(within(forms).queryByLabelText('自動返信の本文')).toBeNull()
    await user.click(within(forms).getByRole('switch', { name: '送信者に自動返信メールを送る' }))
    await user.click(within(forms).getByLabelText('自動返信の件名'))
    await user.paste('受け付けました')
    await user.click(within(forms).getByLabelText('自動返信の本文'))
    await user.paste('担当よりご連絡します。')
    await expect
      .poll(() => {
        const contact = latest().settings[0]?.forms?.contact
        return [contact?.successText, contact?.autoReply]
      })
      .toEqual([
        'ありがとうございました。',
        { enabled: true, subject: '受け付けました', body: '担当よりご連絡します。' },
      ])
    await user.click(within(forms).getByRole('tab', { name: '会員登録' }))
    const membership = within(forms).getByRole('tabpanel', { name: '会員登録' })
    expect(within(membership).getByRole('switch', { name: '「会員登録」を有効にする' })).toBeTruthy()
    expect(within(membership).queryByLabelText('送信完了ページの文言')).toBeNull()
  })
})
