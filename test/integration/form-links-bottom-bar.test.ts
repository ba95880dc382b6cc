import { defaultForms } from '@swipe/shared'
import { beforeAll, describe, expect, it } from 'vitest'
import { creatorToken } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { livePage } from '../support/edge.ts'
import { useStackEnv } from '../support/env.ts'
import { confirmedKeys, storeMedia } from '../support/uploads.ts'

/**
 * Links to disabled forms and the bottom bar's site default
 * (docs/decisions/0020-form-links-and-bottom-bar-defaults.md), through the gateway and the local edge: a
 * publish with a link to a form that is off succeeds and answers the link as a warning; a draft answers none;
 * the published page shows the bottom bar when only the language's default asks for it.
 */
const { urls } = useStackEnv()
const http = api(urls.api)

const snake = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(snake)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value).map(([k, v]) => [
            k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
            snake(v),
          ]),
        )
      : value

describe('links to disabled forms and the bottom bar default', () => {
  let token: string

  beforeAll(async () => {
    token = await creatorToken(http, 'pro_multi')
  })

  it('publishes with warnings for links to disabled forms, and shows the bottom bar from the site default', async () => {
    const created = await http.post(
      '/site',
      { name: 'フォームリンク', number_horizontal: 1, number_vertical: 1, languages: ['JP'] },
      { token },
    )
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.global_setting.id as string
    const [media] = await confirmedKeys(id, ['jpg'])
    await storeMedia([media!])
    let version = created.body.version as number

    const save = async (contactEnabled: boolean, settings: Record<string, unknown> = {}) => {
      const forms = defaultForms('JP')
      forms.contact = { ...forms.contact, enabled: contactEnabled, recipientEmail: 'owner@example.com' }
      const response = await http.call('PUT', `/site/${id}`, {
        token,
        body: {
          version,
          global_setting: {
            id,
            name: 'フォームリンク',
            number_horizontal: 1,
            number_vertical: 1,
            view_mode: 'MOBILE',
            default_language: 'JP',
            languages: ['JP'],
            display_language_icon: false,
            display_global_menu: false,
            popup_ctas: [],
          },
          creatives: [
            {
              lang: 'JP',
              position: 'A1',
              media_key: media,
              media_type: 'image',
              link_button_text: 'お問い合わせ',
              link_destination_url: 'contact',
              is_internal_link: true,
              products: [
                { id: 'p1', product_name: '商品', link_button_url: 'membership', is_internal_link: true },
              ],
            },
          ],
          settings: [
            {
              lang: 'JP',
              sns: [{ sns_type: 'x', sns_url: 'https://x.com/example' }],
              company: { company_profile: '株式会社サンプルの会社概要' },
              forms: snake(forms),
              ...settings,
            },
          ],
        },
      })
      expect(response.status, JSON.stringify(response.body)).toBe(200)
      version = response.body.version
      return response.body
    }
    const setStatus = async (action: 'publish' | 'private' | 'draft') => {
      const response = await http.post(`/site/${id}/status`, { action, version }, { token })
      expect(response.status, JSON.stringify(response.body)).toBe(200)
      version = response.body.version
      return response.body
    }

    // The creative never chose: it follows the language's default, which is on.
    const saved = await save(false)
    expect([saved.creatives[0].sns_config, saved.creatives[0].show_company]).toEqual([null, null])
    expect(saved.settings[0]).toMatchObject({ show_sns_by_default: true, show_company_by_default: true })

    const published = await setStatus('publish')
    expect(published.global_setting.status).toBe('PUBLISH')
    expect(published.warnings).toEqual([
      {
        code: 'site.linkToDisabledForm',
        lang: 'JP',
        place: 'creative',
        position: 'A1',
        target: 'contact',
        form: 'contact',
      },
      {
        code: 'site.linkToDisabledForm',
        lang: 'JP',
        place: 'product',
        position: 'A1',
        index: 0,
        target: 'membership',
        form: 'membership',
      },
    ])
    const url = published.global_setting.url as string
    const live = await livePage(urls.edge, url)
    expect(live.status).toBe(200)
    // The bottom bar, shown on A1 only because of the site default: SNS link and company tab.
    expect(live.text).toMatch(/<footer class="bb" id="bb">/)
    expect(live.text).toContain('href="https://x.com/example"')
    expect(live.text).toContain('data-tab="0"')
    expect(live.text).toMatch(/id="A1"[^>]* data-sns="" data-co=""/)

    // A draft never warns; enabling the contact form leaves the membership link alone.
    expect((await setStatus('draft')).warnings).toEqual([])
    await save(true, { show_sns_by_default: false, show_company_by_default: false })
    const again = await setStatus('private')
    expect(again.warnings.map((w: { form: string }) => w.form)).toEqual(['membership'])
    await setStatus('publish')
    const off = await livePage(urls.edge, url)
    expect(off.status).toBe(200)
    expect(off.text).not.toContain('id="bb"')
  })
})
