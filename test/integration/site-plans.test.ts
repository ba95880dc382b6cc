import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { createAccount, type TestAccount } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { useStackEnv } from '../support/env.ts'

/**
 * Plan limits (SPEC §3 Plan, §9) enforced by the API: sites per account, creatives per site and
 * the feature switches, each refused with 403 and a message naming the limit, nothing written.
 */

const { urls } = useStackEnv()
const http = api(urls.api)

const NO_FEATURES = {
  privateDomain: false,
  settingPopupCta: false,
  settingFormContact: false,
  analyticsEffect: false,
  settingTagSeo: false,
  multiLanguage: false,
}

let root: TestAccount

const signIn = async (account: TestAccount) => {
  const response = await http.post('/auth/login', { login_id: account.email, password: account.password })
  expect(response.status).toBe(200)
  return response.body.access_token as string
}

const userOn = async (planId?: string) => {
  const user = await createAccount({ type: 'USER', parent: root, ...(planId ? { planId } : {}) })
  return { user, token: await signIn(user) }
}

const createSite = (token: string, body: Record<string, unknown> = {}) =>
  http.post('/site', { name: 'プラン確認', number_horizontal: 2, number_vertical: 2, ...body }, { token })

const saveBody = (site: { global_setting: Record<string, unknown>; version: number }, changes = {}) => ({
  version: site.version,
  global_setting: {
    id: site.global_setting.id,
    name: site.global_setting.name,
    number_horizontal: site.global_setting.number_horizontal,
    number_vertical: site.global_setting.number_vertical,
    languages: site.global_setting.languages,
    default_language: site.global_setting.default_language,
    popup_ctas: [],
    ...changes,
  },
})

const setPlan = async (accountId: string, planId: string) => {
  const { Accounts } = await import('../../functions/src/data/accounts.ts')
  await Accounts.patch({ accountId }).set({ planId }).go()
}

/** A plan stored in the table (plan management's way), with its own limits. */
const storePlan = async (features: Partial<typeof NO_FEATURES>, limits = { sites: 5, creatives: 20 }) => {
  const { Plans } = await import('../../functions/src/data/plans.ts')
  const planId = `test-${randomUUID().slice(0, 8)}`
  await Plans.create({
    planId,
    name: 'テストプラン',
    price: 1000,
    quantitySite: limits.sites,
    quantitySwipe: limits.creatives,
    limitAccess: 1000,
    limitAccessPrice: 100,
    swipe: true,
    features: { ...NO_FEATURES, ...features },
  }).go()
  return planId
}

beforeAll(async () => {
  const master = await http.post('/auth/login', { login_id: 'master@example.com', password: 'Master#Local1' })
  root = {
    accountId: master.body.user_info.id,
    email: 'master@example.com',
    password: 'Master#Local1',
    type: 'MASTER',
    ancestorIds: [],
  }
})

describe('plan limits', () => {
  it('shows a direct user without a plan the trial limits and what is used', async () => {
    const { token } = await userOn()
    const limits = await http.get('/site/limits', { token })
    expect(limits.status).toBe(200)
    expect(limits.body).toEqual({
      plan: {
        id: 'trial',
        name: 'トライアル',
        quantity_swipe: 9,
        quantity_site: 1,
        features: {
          // No more than the Light plan has (issue 30).
          private_domain: false,
          setting_popup_cta: false,
          setting_form_contact: true,
          analytics_effect: false,
          setting_tag_seo: false,
          multi_language: false,
        },
      },
      sites_used: 0,
    })
    expect((await createSite(token)).status).toBe(201)
    expect((await http.get('/site/limits', { token })).body.sites_used).toBe(1)
  })

  it('refuses a site beyond the plan’s number of sites', async () => {
    const { user, token } = await userOn('light')
    expect((await createSite(token)).status).toBe(201)
    const refused = await createSite(token, { name: '二つ目' })
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({
      error: {
        code: 'plan.siteLimit',
        message:
          'ご契約のプランで作成できるサイトは1件までです。サイトを削除するかプランを変更してください。',
      },
    })
    const list = await http.get(`/site?owner_id=${user.accountId}`, { token })
    expect(list.body.items.map((s: { name: string }) => s.name)).toEqual(['プラン確認'])
  })

  it('refuses more creatives than the plan allows, on create and on save', async () => {
    const { token } = await userOn('light')
    const tooBig = await createSite(token, { number_horizontal: 4, number_vertical: 3 })
    expect(tooBig.status).toBe(403)
    expect(tooBig.body.error).toEqual({
      code: 'plan.creativeLimit',
      message: 'ご契約のプランでは1サイトのクリエイティブは10枚（行数×列数）までです。',
    })
    const site = (await createSite(token, { number_horizontal: 5, number_vertical: 2 })).body
    const grown = await http.call('PUT', `/site/${site.global_setting.id}`, {
      token,
      lang: 'en',
      body: saveBody(site, { number_horizontal: 6 }),
    })
    expect(grown.status).toBe(403)
    expect(grown.body.error).toEqual({
      code: 'plan.creativeLimit',
      message: 'Your plan allows up to 10 creatives per site (rows × columns).',
    })
    const after = await http.get(`/site/${site.global_setting.id}`, { token })
    expect(after.body.version).toBe(site.version)
    expect(after.body.global_setting.number_horizontal).toBe(5)
  })

  it('refuses a second language without the multilingual plan, on create and on save', async () => {
    const { token } = await userOn('standard')
    const created = await createSite(token, { languages: ['JP', 'EN'] })
    expect(created.status).toBe(403)
    expect(created.body.error.code).toBe('plan.noMultiLanguage')
    const site = (await createSite(token)).body
    const added = await http.call('PUT', `/site/${site.global_setting.id}`, {
      token,
      body: saveBody(site, { languages: ['JP', 'EN'] }),
    })
    expect(added.status).toBe(403)
    expect(added.body.error).toEqual({
      code: 'plan.noMultiLanguage',
      message: 'ご契約のプランでは多言語設定を利用できません。',
    })
    expect(
      (await http.get(`/site/${site.global_setting.id}`, { token })).body.global_setting.languages,
    ).toEqual(['JP'])
  })

  it('refuses popup CTAs, SEO and tags, and the contact form the plan lacks', async () => {
    const planId = await storePlan({})
    const { token } = await userOn(planId)
    const site = (await createSite(token)).body
    const id = site.global_setting.id
    const put = (body: unknown) => http.call('PUT', `/site/${id}`, { token, body })

    const cta = await put(
      saveBody(site, {
        popup_ctas: [{ kind: 'APPLICANT_LIMIT', link_url: 'https://example.com', limit: '10' }],
      }),
    )
    expect(cta.status).toBe(403)
    expect(cta.body.error.code).toBe('plan.noPopupCta')

    const seo = await put({
      ...saveBody(site),
      settings: [{ lang: 'JP', seo: { title: 'タイトル', h1: '', description: '', head: '', body: '' } }],
    })
    expect(seo.status).toBe(403)
    expect(seo.body.error).toEqual({
      code: 'plan.noSeoTags',
      message: 'ご契約のプランではSEO・タグ設定を利用できません。',
    })

    // Ad tags by ID are tags too (issue 32).
    const adTags = await put(
      saveBody(site, { ad_tags: { vendors: { gtm: { container_id: 'GTM-ABC1234' } }, consent: 'opt-in' } }),
    )
    expect(adTags.status).toBe(403)
    expect(adTags.body.error.code).toBe('plan.noSeoTags')
    // Server-side conversions follow the analytics flag, and the refusal names it.
    const destinations = await put(
      saveBody(site, {
        ad_tags: { conversions: { meta: { pixel_id: '123456789012345' } }, consent: 'opt-in' },
      }),
    )
    expect(destinations.status).toBe(403)
    expect(destinations.body.error.code).toBe('plan.noAnalytics')

    const fixed = (key: string) => ({ key, type_input: 'TEXT_BOX', title: key, is_required: true })
    const contact = await put({
      ...saveBody(site),
      settings: [
        {
          lang: 'JP',
          forms: {
            contact: {
              enabled: true,
              recipient_email: 'inbox@example.com',
              fields: [fixed('email'), fixed('company')],
            },
            membership: { fields: [fixed('email'), fixed('password'), fixed('confirm_password')] },
            homepage: { fields: [fixed('email'), fixed('company')] },
          },
        },
      ],
    })
    expect(contact.status).toBe(403)
    expect(contact.body.error.code).toBe('plan.noContactForm')

    const after = await http.get(`/site/${id}`, { token })
    expect(after.body.version).toBe(site.version)
    expect(after.body.settings).toEqual([])
    expect(after.body.global_setting.popup_ctas).toEqual([])
    expect(after.body.global_setting.ad_tags).toBeNull()
    // The editor reads the same switches to disable the controls with the reason.
    expect(after.body.plan).toEqual({
      id: planId,
      name: 'テストプラン',
      quantity_swipe: 20,
      quantity_site: 5,
      features: {
        private_domain: false,
        setting_popup_cta: false,
        setting_form_contact: false,
        analytics_effect: false,
        setting_tag_seo: false,
        multi_language: false,
      },
    })
  })

  it('lets a site made under a larger plan be edited and reduced after a downgrade', async () => {
    const { user, token } = await userOn('pro_multi')
    const site = (
      await createSite(token, { number_horizontal: 5, number_vertical: 4, languages: ['JP', 'EN'] })
    ).body
    const id = site.global_setting.id
    await setPlan(user.accountId, 'light')

    const rename = await http.call('PUT', `/site/${id}`, { token, body: saveBody(site, { name: '改名' }) })
    expect(rename.status, JSON.stringify(rename.body)).toBe(200)
    expect(rename.body.plan.id).toBe('light')

    const grow = await http.call('PUT', `/site/${id}`, {
      token,
      body: saveBody(rename.body, { number_horizontal: 6 }),
    })
    expect(grow.status).toBe(403)
    expect(grow.body.error.code).toBe('plan.creativeLimit')

    const reduce = await http.call('PUT', `/site/${id}`, {
      token,
      body: saveBody(rename.body, { number_horizontal: 2, number_vertical: 5, languages: ['JP'] }),
    })
    expect(reduce.status).toBe(200)
    expect(reduce.body.global_setting).toMatchObject({
      number_horizontal: 2,
      number_vertical: 5,
      languages: ['JP'],
    })
  })

  it('applies the owner’s plan to a sub-admin working for it', async () => {
    const planId = await storePlan({}, { sites: 1, creatives: 4 })
    const { user } = await userOn(planId)
    const subAdmin = await createAccount({ type: 'SUB_ADMIN', parent: user, adminRole: 'EDITOR' })
    const token = await signIn(subAdmin)
    const limits = await http.get('/site/limits', { token })
    expect(limits.body.plan.id).toBe(planId)
    const refused = await createSite(token, { number_horizontal: 3, number_vertical: 2 })
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe('plan.creativeLimit')
    const created = await createSite(token)
    expect(created.status).toBe(201)
    expect(created.body.global_setting.owner_id).toBe(user.accountId)
    expect((await createSite(token)).body.error.code).toBe('plan.siteLimit')
  })
})
