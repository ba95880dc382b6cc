import { createHash, randomUUID } from 'node:crypto'
import { monthStart, nextMonth, planChangeInstant } from '@swipe/shared/billing/months'
import { DAY_MS, jstDay } from '@swipe/shared/time/jst'
import { PDFParse } from 'pdf-parse'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createAccount, seededMaster, type TestAccount, tokenFor } from '../support/accounts.ts'
import { api, mailsTo, waitForMail } from '../support/api.ts'
import { stackNow } from '../support/clock.ts'
import { edgeGet } from '../support/edge.ts'
import { useStackEnv, useStackPlatform } from '../support/env.ts'
import { publishVisitorSite } from '../support/visitor-site.ts'

const { urls } = useStackEnv()
useStackPlatform()
const http = api(urls.api)

const FEATURES = {
  private_domain: true,
  setting_popup_cta: true,
  setting_form_contact: true,
  analytics_effect: true,
  setting_tag_seo: true,
  multi_language: true,
}
const planBody = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `テスト ${id}`,
  price: 1_000,
  quantity_swipe: 4,
  quantity_site: 2,
  limit_access: 3,
  limit_access_price: 100,
  swipe: true,
  features: FEATURES,
  history_days: 30,
  ...extra,
})

let root: TestAccount
let master: string
let oem: TestAccount
let oemToken: string

const storedAccount = async (accountId: string) => {
  const { Accounts } = await import('../../functions/src/data/accounts.ts')
  return (await Accounts.get({ accountId }).go({ consistent: true })).data!
}
const invoicesOf = async (accountId: string) => {
  const { Invoices } = await import('../../functions/src/data/billing.ts')
  return (await Invoices.query.byAccount({ accountId }).go({ pages: 'all' })).data
}
// The stack's clock: beacons are counted on its day, and other test files may have moved it on.
const currentMonth = () => jstDay(stackNow()).slice(0, 7)
/** The last day of a month (Japan), YYYY-MM-DD. */
const lastDay = (month: string) => jstDay(monthStart(nextMonth(month)) - DAY_MS)
/** YYYY-MM-DD as the invoice prints it. */
const japanese = (day: string) =>
  day.replace(/^(\d{4})-(\d{2})-(\d{2})$/, (_, y, m, d) => `${y}年${Number(m)}月${Number(d)}日`)

beforeAll(async () => {
  root = await seededMaster(http)
  master = await tokenFor(http, 'master@example.com', 'Master#Local1')
  oem = await createAccount({ type: 'OEM_MASTER', parent: root })
  oemToken = await tokenFor(http, oem.email, oem.password)
})

describe('plan catalogue', () => {
  it('lists the built-in plans and lets MASTER create, edit and retire a plan', async () => {
    const listed = await http.get('/plan', { token: oemToken })
    expect(listed.status).toBe(200)
    expect(listed.body.items.map((p: { id: string }) => p.id)).toEqual(
      expect.arrayContaining([
        'trial',
        'light',
        'light_multi',
        'standard',
        'standard_multi',
        'premium',
        'premium_multi',
        'pro',
        'pro_multi',
        'ep_oem',
      ]),
    )
    const id = `t-${randomUUID().slice(0, 8)}`
    const created = await http.post('/plan', planBody(id), { token: master })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toEqual({
      id,
      name: `テスト ${id}`,
      price: 1_000,
      quantity_swipe: 4,
      quantity_site: 2,
      limit_access: 3,
      limit_access_price: 100,
      swipe: true,
      features: FEATURES,
      history_days: 30,
      retired: false,
      version: 1,
      message: 'プランを登録しました。',
    })
    expect((await http.post('/plan', planBody(id), { token: master })).status).toBe(409)

    const { id: _id, ...fields } = planBody(id)
    const edited = await http.call('PUT', `/plan/${id}`, {
      token: master,
      body: { ...fields, price: 2_000, retired: true, version: 1 },
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body).toMatchObject({ price: 2_000, retired: true, version: 2 })
    const stale = await http.call('PUT', `/plan/${id}`, {
      token: master,
      body: { ...fields, retired: false, version: 1 },
    })
    expect(stale.status).toBe(409)
    // A retired plan is offered to nobody.
    const user = await createAccount({ type: 'USER', parent: oem })
    const refused = await http.call('PUT', `/user/${user.accountId}/user-plan`, {
      token: master,
      body: { plan_id: id },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.error.details).toEqual([
      {
        path: 'body.planId',
        code: 'billing.planRetired',
        message: '提供終了したプランは割り当てられません。',
      },
    ])
    expect((await storedAccount(user.accountId)).planId).toBeUndefined()
  })

  it('keeps the catalogue to platform staff and refuses bad plans field by field', async () => {
    const id = `t-${randomUUID().slice(0, 8)}`
    const byOem = await http.post('/plan', planBody(id), { token: oemToken, lang: 'en' })
    expect(byOem.status).toBe(403)
    expect(byOem.body.error).toMatchObject({
      code: 'billing.staffOnly',
      message: 'Only the platform operator can create or edit plans.',
    })
    const edit = await http.call('PUT', '/plan/light', { token: oemToken, body: {} })
    expect(edit.status).toBe(403)
    const bad = await http.post('/plan', planBody('X', { price: 1.5, quantity_swipe: 0, name: '' }), {
      token: master,
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(
      ['body.id', 'body.name', 'body.price', 'body.quantitySwipe'].sort(),
    )
    const ids = (await http.get('/plan', { token: master })).body.items.map((p: { id: string }) => p.id)
    expect(ids).not.toContain(id)
    expect(ids).not.toContain('X')
  })

  it('keeps how long published versions can be returned to per plan: 0 is unlimited, 0 to 3650 days (issue 33)', async () => {
    const id = `t-${randomUUID().slice(0, 8)}`
    const listed = async () =>
      (await http.get('/plan', { token: master })).body.items.find((p: { id: string }) => p.id === id)
    const created = await http.post('/plan', planBody(id, { history_days: 0 }), { token: master })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.history_days).toBe(0)
    expect(await listed()).toMatchObject({ history_days: 0, version: 1 })

    const { id: _id, ...fields } = planBody(id)
    const edited = await http.call('PUT', `/plan/${id}`, {
      token: master,
      body: { ...fields, history_days: 45, retired: false, version: 1 },
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body).toMatchObject({ history_days: 45, version: 2 })
    expect(await listed()).toMatchObject({ history_days: 45, version: 2 })

    // Below 0 or above ten years is refused on create and on edit, and changes nothing.
    for (const days of [-1, 3651, 1.5]) {
      const other = `t-${randomUUID().slice(0, 8)}`
      const refused = await http.post('/plan', planBody(other, { history_days: days }), { token: master })
      expect(refused.status, `${days}`).toBe(400)
      expect(refused.body.error.details.map((d: { path: string }) => d.path)).toEqual(['body.historyDays'])
      const bad = await http.call('PUT', `/plan/${id}`, {
        token: master,
        body: { ...fields, history_days: days, retired: false, version: 2 },
      })
      expect(bad.status, `${days}`).toBe(400)
      expect(bad.body.error.details.map((d: { path: string }) => d.path)).toEqual(['body.historyDays'])
      const ids = (await http.get('/plan', { token: master })).body.items.map((p: { id: string }) => p.id)
      expect(ids).not.toContain(other)
    }
    expect(await listed()).toMatchObject({ history_days: 45, version: 2 })

    // A plan stored before the field existed reads as 30 days, in the catalogue and for its accounts.
    const { Plans } = await import('../../functions/src/data/plans.ts')
    const legacy = `t-${randomUUID().slice(0, 8)}`
    await Plans.create({
      planId: legacy,
      name: `旧 ${legacy}`,
      price: 1_000,
      quantitySwipe: 4,
      quantitySite: 2,
      limitAccess: 3,
      limitAccessPrice: 100,
      swipe: true,
      features: {
        privateDomain: false,
        settingPopupCta: false,
        settingFormContact: true,
        analyticsEffect: false,
        settingTagSeo: false,
        multiLanguage: false,
      },
    }).go()
    const items = (await http.get('/plan', { token: master })).body.items
    expect(items.find((p: { id: string }) => p.id === legacy)).toMatchObject({ history_days: 30 })
    const { planOf } = await import('../../functions/src/domain/plans.ts')
    expect((await planOf({ accountType: 'USER', planId: legacy })).historyDays).toBe(30)
  })
})

describe('plan change', () => {
  it('applies a change requested mid-month at 00:00 JST on the 1st of next month', async () => {
    const user = await createAccount({ type: 'USER', parent: oem, planId: 'standard' })
    const requestedAt = stackNow()
    const changed = await http.call('PUT', `/user/${user.accountId}/user-plan`, {
      token: oemToken,
      body: { plan_id: 'premium' },
    })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    const from = planChangeInstant(requestedAt)
    expect(changed.body).toEqual({
      current: { id: 'standard', name: 'スタンダード', price: 29_800 },
      pending: {
        plan: { id: 'premium', name: 'プレミアム', price: 49_800 },
        from: new Date(from).toISOString(),
        from_day: jstDay(from),
      },
      message: `${jstDay(from)}からプレミアムプランに変更します。`,
    })
    expect(jstDay(from).endsWith('-01')).toBe(true)
    expect(new Date(from).toISOString().endsWith('T15:00:00.000Z')).toBe(true)

    // Before the instant the user builds under Standard (the stack's clock)…
    const token = await tokenFor(http, user.email, user.password)
    const limits = await http.get('/site/limits', { token })
    expect(limits.body.plan).toMatchObject({ id: 'standard', quantity_site: 3 })
    const check = await http.get('/user/user-plan', { token })
    expect(check.status).toBe(200)
    expect(check.body.plan.id).toBe('standard')
    expect(check.body.plan.history_days).toBe(90)
    expect(check.body.pending).toMatchObject({ plan: { id: 'premium' }, from_day: jstDay(from) })

    // …and the stored account resolves by time on both sides of the instant (an injected clock).
    const { planOf } = await import('../../functions/src/domain/plans.ts')
    const stored = await storedAccount(user.accountId)
    expect(stored).toMatchObject({ planId: 'standard', pendingPlanId: 'premium', pendingPlanFrom: from })
    expect((await planOf(stored, from - 1)).planId).toBe('standard')
    expect((await planOf(stored, from)).planId).toBe('premium')

    // Choosing the current plan again withdraws the change; nothing pending is 409.
    const back = await http.call('PUT', `/user/${user.accountId}/user-plan`, {
      token: oemToken,
      body: { plan_id: 'standard' },
    })
    expect(back.status).toBe(200)
    expect(back.body).toMatchObject({ pending: null, message: '予定していたプラン変更を取り消しました。' })
    expect(await storedAccount(user.accountId)).not.toHaveProperty('pendingPlanId')
    const again = await http.call('PUT', `/user/${user.accountId}/user-plan`, {
      token: oemToken,
      body: { plan_id: 'standard' },
    })
    expect(again.status).toBe(409)
  })

  it('stores the pending plan as the plan once its instant has come (bookkeeping of the closing run)', async () => {
    const { foldPendingPlans } = await import('../../functions/src/billing/close.ts')
    const user = await createAccount({ type: 'USER', parent: oem, planId: 'light' })
    const changed = await http.call('PUT', `/user/${user.accountId}/user-plan`, {
      token: oemToken,
      body: { plan_id: 'pro' },
    })
    expect(changed.status).toBe(200)
    const stored = await storedAccount(user.accountId)
    const from = stored.pendingPlanFrom!
    expect(await foldPendingPlans([stored], from - 1)).toBe(0)
    expect(await storedAccount(user.accountId)).toMatchObject({ planId: 'light', pendingPlanId: 'pro' })
    expect(await foldPendingPlans([stored], from)).toBe(1)
    const folded = await storedAccount(user.accountId)
    expect(folded.planId).toBe('pro')
    expect(folded).not.toHaveProperty('pendingPlanId')
    expect(folded).not.toHaveProperty('pendingPlanFrom')
  })

  it('starts a user without a paid plan at once, and keeps the partner plan to staff', async () => {
    const user = await createAccount({ type: 'USER', parent: oem })
    const started = await http.call('PUT', `/user/${user.accountId}/user-plan`, {
      token: oemToken,
      body: { plan_id: 'light' },
    })
    expect(started.status).toBe(200)
    expect(started.body).toMatchObject({ current: { id: 'light' }, pending: null })
    expect((await storedAccount(user.accountId)).planId).toBe('light')
    const partner = await http.call('PUT', `/user/${user.accountId}/user-plan`, {
      token: oemToken,
      body: { plan_id: 'ep_oem' },
    })
    expect(partner.status).toBe(403)
    expect((await storedAccount(user.accountId)).pendingPlanId).toBeUndefined()
    // Another OEM's user does not exist for this OEM.
    const other = await createAccount({ type: 'USER', parent: root })
    const foreign = await http.call('PUT', `/user/${other.accountId}/user-plan`, {
      token: oemToken,
      body: { plan_id: 'light' },
    })
    expect(foreign.status).toBe(404)
  })
})

describe('monthly closing, invoices and payments', () => {
  let planId: string
  let user: TestAccount
  let userToken: string
  let quiet: TestAccount

  beforeAll(async () => {
    planId = `t-${randomUUID().slice(0, 8)}`
    expect((await http.post('/plan', planBody(planId), { token: master })).status).toBe(201)
    user = await createAccount({ type: 'USER', parent: oem, planId })
    quiet = await createAccount({ type: 'USER', parent: oem, planId })
    userToken = await tokenFor(http, user.email, user.password)
    const site = await publishVisitorSite(http, userToken)
    // Five page views, over the plan's 3: pages the edge served (billable views come from its
    // access log, not from beacons), loaded by a browser.
    for (let i = 0; i < 5; i++) {
      const page = await edgeGet(urls.edge, `${site.siteUuid}.sites.localhost`, '/', {
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      })
      expect(page.status).toBe(200)
    }
    // The edge writes its log after answering: the usage reads 5 once it has been counted.
    await vi.waitFor(
      async () =>
        expect((await http.get('/user/user-plan', { token: userToken })).body.usage?.page_views).toBe(5),
      { timeout: 10_000, interval: 50 },
    )
  })

  it('closes a month once per account, with totals from the recorded usage', async () => {
    const { closeMonth } = await import('../../functions/src/billing/close.ts')
    const month = currentMonth()
    // The OEM master is on the free partner plan: not billed (no initial fee either).
    const accountIds = [user.accountId, quiet.accountId, oem.accountId]
    const first = await closeMonth(month, { accountIds })
    expect(first).toMatchObject({ month, existing: 0, notBillable: 1, failed: [] })
    expect(first.issued).toHaveLength(2)
    const second = await closeMonth(month, { accountIds })
    expect(second).toEqual({ month, issued: [], existing: 2, notBillable: 1, failed: [] })
    expect(await invoicesOf(oem.accountId)).toEqual([])
    const [invoice, ...more] = await invoicesOf(user.accountId)
    expect(more).toEqual([])
    expect(await invoicesOf(quiet.accountId)).toHaveLength(1)
    // 5 views over a limit of 3: one started block of 1,000 at ¥100; the first invoice has the
    // initial fee; tax once on the 10 % sum.
    expect(invoice).toMatchObject({
      month,
      planId,
      pageViews: 5,
      blocksUsed: 2,
      planFee: 1_000,
      pageViewFee: 100,
      licenceFee: 0,
      subtotal: 101_100,
      tax: 10_110,
      total: 111_210,
      billingMethod: 'BANK_TRANSFER',
      status: 'unpaid',
      issuerId: 'PLATFORM',
    })
    const listed = await http.get('/user/bill', { token: userToken })
    expect(listed.status).toBe(200)
    // The row carries every amount the invoice adds up: the initial fee, the tax per rate.
    expect(listed.body.items).toEqual([
      expect.objectContaining({
        id: invoice!.invoiceId,
        total: 111_210,
        status: 'unpaid',
        month,
        initial_fee: 100_000,
        tax_by_rate: [{ tax_rate: 10, taxable: 101_100, tax: 10_110 }],
        transaction_day: lastDay(month),
        issued_day: jstDay(invoice!.issuedAt),
        force_completed: null,
      }),
    ])
    const row = listed.body.items[0]
    expect(row.plan_fee + row.page_view_fee + row.licence_fee + row.initial_fee).toBe(row.subtotal)
    expect(row.subtotal + row.tax).toBe(row.total)

    // One mail per issued invoice, though the month was closed twice: the number, the amount and
    // the console's プラン確認, never the PDF's signed link.
    const mails = await mailsTo(urls.mail, user.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe(
      `【Swipe LP Studio】${Number(month.slice(0, 4))}年${Number(month.slice(5, 7))}月分の請求書を発行しました`,
    )
    const text = mails[0]!.body.text ?? ''
    for (const expected of [
      invoice!.number,
      '¥111,210',
      '/adminuser/check-plan',
      'Invoice number:',
      '账单编号',
      '청구서 번호',
    ])
      expect(text).toContain(expected)
    expect(text).not.toMatch(/X-Amz|Signature=|\.pdf/)
    expect(await mailsTo(urls.mail, quiet.email)).toHaveLength(1)
    expect((await invoicesOf(user.accountId))[0]).toMatchObject({ mailState: 'SENT' })
  })

  it('serves the PDF as issued, with every qualified-invoice item', async () => {
    const [invoice] = await invoicesOf(user.accountId)
    const link = await http.get(`/user/bill/${invoice!.invoiceId}/export-pdf`, { token: userToken })
    expect(link.status).toBe(200)
    // A bearer link valid for minutes (5), not an hour: the console asks for one on each click.
    expect(new URL(link.body.url).searchParams.get('X-Amz-Expires')).toBe('300')
    const pdf = Buffer.from(await (await fetch(link.body.url)).arrayBuffer())
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(link.body.sha256)
    expect(link.body.file_name).toBe(`${invoice!.number}.pdf`)
    const { text } = await new PDFParse({ data: pdf }).getText()
    const flat = text.replace(/\s+/g, '')
    for (const expected of [
      '登録番号:T4010001234567',
      '10%対象（税抜）¥101,100',
      '消費税（10%）¥10,110',
      '小計（税抜）¥101,100',
      '合計（税込）¥111,210',
      'TestUSER御中',
      'PV従量料金',
      '初期費用',
      'お振込先',
      // 発行日 is the closing's day, 取引年月日 the billed month's last day, due the next month's end.
      `発行日（請求日）:${japanese(jstDay(invoice!.issuedAt))}`,
      `取引年月日:${japanese(lastDay(invoice!.month))}`,
      `お支払期限:${japanese(invoice!.dueDate)}`,
      '上記「お振込先」の口座へ',
    ])
      expect(flat).toContain(expected)
    expect(invoice!.dueDate).toBe(lastDay(nextMonth(invoice!.month)))
    expect(flat).not.toContain('無効')
    expect(flat).not.toContain('下記口座')
    // Another tenant's invoice does not exist.
    const stranger = await createAccount({ type: 'USER', parent: root, planId: 'light' })
    const theirs = await http.get(`/user/bill/${invoice!.invoiceId}/export-pdf`, {
      token: await tokenFor(http, stranger.email, stranger.password),
    })
    expect(theirs.status).toBe(404)
  })

  it('lets only MASTER force-complete an unpaid payment, once, with an audit record', async () => {
    const [invoice] = await invoicesOf(quiet.accountId)
    const path = `/user/bill/${invoice!.invoiceId}/force-complete`
    expect((await http.post(path, { confirm: true }, { token: oemToken })).status).toBe(403)
    const unconfirmed = await http.post(path, {}, { token: master })
    expect(unconfirmed.status).toBe(400)
    expect(unconfirmed.body.error.details[0].path).toBe('body.confirm')
    const done = await http.post(path, { confirm: true, reason: '11月28日に振込を確認' }, { token: master })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body).toMatchObject({
      status: 'completed',
      message: '支払いを完了にしました。',
      force_completed: {
        at: expect.any(String),
        by: 'master@example.com',
        reason: '11月28日に振込を確認',
      },
    })
    // Staff see who did it in the payment list; the billed account sees when and why only.
    const staffRow = (await http.get(`/user/bill?account_id=${quiet.accountId}`, { token: master })).body
      .items[0]
    expect(staffRow.force_completed).toEqual(done.body.force_completed)
    const ownRow = (
      await http.get('/user/bill', { token: await tokenFor(http, quiet.email, quiet.password) })
    ).body.items[0]
    expect(ownRow.force_completed).toEqual({ ...done.body.force_completed, by: null })
    const twice = await http.post(path, { confirm: true }, { token: master })
    expect(twice.status).toBe(409)
    expect(twice.body.error.code).toBe('billing.notUnpaid')
    const { BillingAudit } = await import('../../functions/src/data/billing.ts')
    const audit = (await BillingAudit.query.byInvoice({ invoiceId: invoice!.invoiceId }).go()).data
    expect(audit.map((a) => [a.action, a.actorId, a.from ?? null, a.to, a.detail ?? null])).toEqual([
      ['ISSUED', 'closing', null, 'unpaid', null],
      ['FORCE_COMPLETE', root.accountId, 'unpaid', 'completed', 'master@example.com: 11月28日に振込を確認'],
    ])
  })

  it('charges cards at closing: a declined test card fails the payment and mails the account', async () => {
    const { platform } = await import('../../functions/src/platform/index.ts')
    const { BillingProfiles } = await import('../../functions/src/data/billing.ts')
    const { closeMonth } = await import('../../functions/src/billing/close.ts')
    const onCard = async (number: string) => {
      const account = await createAccount({ type: 'USER', parent: oem, planId: 'light' })
      const customerId = await platform().payments.createCustomer({
        accountId: account.accountId,
        email: account.email,
        name: 'x',
      })
      const card = await platform().payments.saveCard(customerId, {
        number,
        expMonth: 12,
        expYear: 2034,
        cvc: '123',
      })
      await BillingProfiles.put({
        accountId: account.accountId,
        method: 'CARD',
        customerId,
        paymentMethodId: card.paymentMethodId,
        cardLast4: card.last4,
      }).go()
      return account
    }
    const declined = await onCard('4000000000000002')
    const paid = await onCard('4242424242424242')
    const result = await closeMonth(currentMonth(), { accountIds: [declined.accountId, paid.accountId] })
    expect(result.issued).toHaveLength(2)
    const [failed] = await invoicesOf(declined.accountId)
    expect(failed).toMatchObject({ billingMethod: 'CARD', status: 'failed' })
    expect(failed!.chargeId).toMatch(/^pi_/)
    const [ok] = await invoicesOf(paid.accountId)
    expect(ok).toMatchObject({ billingMethod: 'CARD', status: 'paid' })
    // The invoice's issue mail first, then the decline.
    const mail = await waitForMail(urls.mail, declined.email, 2)
    expect(mail.subject).toBe(`【Swipe LP Studio】カード決済ができませんでした（${currentMonth()}分）`)
    expect(mail.body.text).toContain(failed!.number)
  })
})

describe('dashboard', () => {
  it("reports an OEM's MRR as the sum of its paying accounts' plan fees, and its adoption by plan", async () => {
    const partner = await createAccount({ type: 'OEM_MASTER', parent: root })
    const token = await tokenFor(http, partner.email, partner.password)
    await createAccount({ type: 'USER', parent: partner, planId: 'standard' })
    await createAccount({ type: 'USER', parent: partner, planId: 'premium' })
    await createAccount({ type: 'USER', parent: partner })
    await createAccount({ type: 'USER', parent: partner, planId: 'light', status: 'TERMINATED' })
    const revenue = await http.get('/dashboard/revenue', { token })
    expect(revenue.status).toBe(200)
    // Standard 29,800 + Premium 49,800; the trial and the terminated account pay nothing.
    expect(revenue.body).toEqual({
      month: currentMonth(),
      mrr: 79_600,
      arr: 955_200,
      paying_accounts: 2,
      movement: { new: 79_600, expansion: 0, contraction: 0, churn: 0 },
    })
    const adoption = await http.get('/dashboard/adoption-by-plan', { token })
    const byPlan = Object.fromEntries(
      adoption.body.plans.map((p: { plan_id: string; accounts: number }) => [p.plan_id, p.accounts]),
    )
    expect(byPlan).toMatchObject({ standard: 1, premium: 1, trial: 1, light: 0 })
    const registrations = await http.get('/dashboard/registration-data', { token })
    expect(registrations.body.months).toHaveLength(12)
    expect(registrations.body.months.at(-1)).toEqual({
      month: currentMonth(),
      by_type: [
        { account_type: 'OEM_MASTER', count: 0 },
        { account_type: 'OEM_ADMIN', count: 0 },
        { account_type: 'USER', count: 4 },
        { account_type: 'MASTER_USER', count: 0 },
      ],
    })
    const sites = await http.get('/dashboard/user-site', { token })
    expect(sites.body).toEqual({ accounts: 4, sites: { created: 0, published: 0 } })
    // A direct user has no dashboard.
    const user = await createAccount({ type: 'USER', parent: partner, planId: 'light' })
    const refused = await http.get('/dashboard/revenue', {
      token: await tokenFor(http, user.email, user.password),
    })
    expect(refused.status).toBe(403)
  })
})

describe('issuers and corrections', () => {
  const pdfText = async (invoiceId: string, token: string) => {
    const link = await http.get(`/user/bill/${invoiceId}/export-pdf`, { token })
    expect(link.status).toBe(200)
    const pdf = Buffer.from(await (await fetch(link.body.url)).arrayBuffer())
    return (await new PDFParse({ data: pdf }).getText()).text.replace(/\s+/g, '')
  }

  it("issues an OEM's users' invoices under the OEM when it bills them (white label), and refuses a bad number", async () => {
    const { BillingIssuers } = await import('../../functions/src/data/billing.ts')
    const { closeMonth } = await import('../../functions/src/billing/close.ts')
    const partner = await createAccount({ type: 'OEM_MASTER', parent: root })
    const issuer = {
      issuerId: partner.accountId,
      name: 'ホワイトラベル株式会社',
      registrationNumber: 'T1011001098765',
      address: '大阪府大阪市北区1-1',
      bankName: 'テスト銀行',
      bankBranch: '北支店',
      bankAccountType: '普通',
      bankAccountNumber: '1111111',
      bankAccountHolder: 'ホワイトラベルカブシキガイシャオオサカホンシャエイギョウブキタシテン（カ）',
      billsOwnUsers: true,
    }
    await BillingIssuers.put(issuer).go()
    const user = await createAccount({ type: 'USER', parent: partner, planId: 'light' })
    const result = await closeMonth(currentMonth(), { accountIds: [user.accountId] })
    expect(result.issued).toHaveLength(1)
    const [invoice] = await invoicesOf(user.accountId)
    expect(invoice).toMatchObject({ issuerId: partner.accountId, planFee: 9_800, status: 'unpaid' })
    const text = await pdfText(invoice!.invoiceId, await tokenFor(http, user.email, user.password))
    expect(text).toContain('ホワイトラベル株式会社')
    expect(text).toContain('登録番号:T1011001098765')
    expect(text).toContain('テスト銀行')
    // The whole holder name, however long: it wraps, never cut off.
    expect(text).toContain(
      '口座名義ホワイトラベルカブシキガイシャオオサカホンシャエイギョウブキタシテン（カ）',
    )
    expect(text).not.toContain('T4010001234567')

    // A mutated registration number issues nothing for that OEM's users.
    await BillingIssuers.put({ ...issuer, registrationNumber: 'T1011001098766' }).go()
    const other = await createAccount({ type: 'USER', parent: partner, planId: 'light' })
    const refused = await closeMonth(currentMonth(), { accountIds: [other.accountId] })
    expect(refused).toMatchObject({ issued: [], failed: [{ accountId: other.accountId }] })
    expect(await invoicesOf(other.accountId)).toEqual([])
  })

  it('corrects an issued invoice by voiding it and issuing a new one that names it', async () => {
    const { closeMonth, correctInvoice } = await import('../../functions/src/billing/close.ts')
    const { InvoiceClaims } = await import('../../functions/src/data/billing.ts')
    const user = await createAccount({ type: 'USER', parent: oem, planId: 'pro_multi' })
    const month = currentMonth()
    await closeMonth(month, { accountIds: [user.accountId] })
    const [old] = await invoicesOf(user.accountId)
    // Reissued late: on the 29th of the month after the due month, as the report found it.
    const at = monthStart(nextMonth(nextMonth(month))) + 28 * DAY_MS
    const reissued = jstDay(at)
    const replacement = await correctInvoice(old!.invoiceId, root.accountId, at)
    const after = await invoicesOf(user.accountId)
    const voided = after.find((i) => i.invoiceId === old!.invoiceId)
    const issued = after.find((i) => i.invoiceId === replacement)
    expect(voided).toMatchObject({
      status: 'void',
      replacedBy: replacement,
      total: old!.total,
      pdfSha256: old!.pdfSha256,
    })
    // A correction keeps the month and its 取引年月日, has its own issue day and is due after it.
    const due = jstDay(at + 30 * DAY_MS)
    expect(issued).toMatchObject({
      status: 'unpaid',
      replaces: old!.invoiceId,
      month: old!.month,
      dueDate: due,
    })
    expect(due > old!.dueDate).toBe(true)
    expect(
      (await InvoiceClaims.get({ accountId: user.accountId, month: old!.month }).go({ consistent: true }))
        .data?.invoiceId,
    ).toBe(replacement)
    const corrected = await pdfText(replacement, master)
    for (const expected of [
      `訂正元請求書番号:${old!.number}`,
      `発行日（請求日）:${japanese(reissued)}`,
      `取引年月日:${japanese(lastDay(month))}`,
      `お支払期限:${japanese(due)}`,
    ])
      expect(corrected).toContain(expected)
    expect(corrected).not.toContain('【無効】')

    // The void invoice downloads stamped 無効 on every page, with the number that replaces it.
    const token = await tokenFor(http, user.email, user.password)
    const link = await http.get(`/user/bill/${old!.invoiceId}/export-pdf`, { token })
    expect(link.body.file_name).toBe(`${old!.number}-void.pdf`)
    const pdf = Buffer.from(await (await fetch(link.body.url)).arrayBuffer())
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(link.body.sha256)
    const { pages } = await new PDFParse({ data: pdf }).getText()
    expect(pages.length).toBeGreaterThan(0)
    for (const page of pages) {
      const flat = page.text.replace(/\s+/g, '')
      expect(flat).toContain(
        `無効—この請求書は${japanese(reissued)}に請求書番号${issued!.number}により訂正されました。`,
      )
    }
    const voidText = pages
      .map((p) => p.text)
      .join('')
      .replace(/\s+/g, '')
    expect(voidText).toContain('【無効】請求書（適格請求書）')
    // Still the invoice as issued: its own number, dates and total.
    expect(voidText).toContain(`請求書番号:${old!.number}`)
    expect(voidText).toContain(`取引年月日:${japanese(lastDay(month))}`)

    // The plan's name in the reader's language, not the stored Japanese one.
    const names = async (lang: string) =>
      (await http.get('/user/bill', { token, lang })).body.items.map(
        (b: { plan_name: string }) => b.plan_name,
      )
    expect(await names('ja')).toEqual(['プロ（多言語）', 'プロ（多言語）'])
    expect(await names('en')).toEqual(['Pro (multilingual)', 'Pro (multilingual)'])
    expect(await names('ko')).toEqual(['프로(다국어)', '프로(다국어)'])

    // The void one cannot be corrected again; closing again issues nothing and mails nothing more:
    // one mail for the invoice, one for its correction.
    await expect(correctInvoice(old!.invoiceId, root.accountId)).rejects.toThrow()
    const again = await closeMonth(month, { accountIds: [user.accountId] })
    expect(again).toMatchObject({ issued: [], existing: 1 })
    const mails = await mailsTo(urls.mail, user.email)
    expect(mails.map((m) => m.subject)).toEqual([
      `【Swipe LP Studio】${japanese(`${month}-01`).replace(/1日$/, '')}分の請求書を発行しました`,
      `【Swipe LP Studio】${japanese(`${month}-01`).replace(/1日$/, '')}分の請求書を訂正しました`,
    ])
    expect(mails[1]!.body.text).toContain(`以前の請求書（請求書番号 ${old!.number}）は無効です。`)
    expect(mails[1]!.body.text).toContain(issued!.number)
  })
})

describe('the card provider webhook', () => {
  const post = (payload: string, signature?: string) =>
    fetch(`${urls.api}/billing/stripe/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      body: payload,
    })
  const sign = async (payload: string, secret = 'whsec_local_stand_in') => {
    const { default: Stripe } = await import('stripe')
    return Stripe.webhooks.generateTestHeaderString({ payload, secret })
  }
  /** A card invoice the provider has not answered for yet (its card is unknown to the stand-in). */
  const processingInvoice = async () => {
    const { BillingProfiles } = await import('../../functions/src/data/billing.ts')
    const { closeMonth } = await import('../../functions/src/billing/close.ts')
    const account = await createAccount({ type: 'USER', parent: oem, planId: 'light' })
    await BillingProfiles.put({
      accountId: account.accountId,
      method: 'CARD',
      customerId: 'cus_unknown',
      paymentMethodId: 'pm_unknown',
      cardLast4: '4242',
    }).go()
    await closeMonth(currentMonth(), { accountIds: [account.accountId] })
    const [invoice] = await invoicesOf(account.accountId)
    expect(invoice).toMatchObject({ billingMethod: 'CARD', status: 'processing' })
    return { account, invoice: invoice! }
  }
  /** A payment intent's event for the invoice: its total in yen, as Stripe reports a JPY charge. */
  const intentEvent = (type: string, { invoiceId, total }: { invoiceId: string; total: number }) =>
    JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type,
      data: {
        object: {
          id: `pi_${randomUUID().slice(0, 8)}`,
          object: 'payment_intent',
          amount: total,
          amount_received: type.endsWith('succeeded') ? total : 0,
          currency: 'jpy',
          metadata: { invoiceId },
          last_payment_error: type.endsWith('failed') ? { code: 'card_declined' } : null,
        },
      },
    })

  it('pays or fails an invoice only on a verified event, once', async () => {
    const { invoice } = await processingInvoice()
    const payload = intentEvent('payment_intent.succeeded', invoice)
    expect((await post(payload)).status).toBe(400)
    expect((await post(payload, await sign(payload, 'whsec_someone_else'))).status).toBe(400)
    expect((await invoicesOf(invoice.accountId))[0]!.status).toBe('processing')
    const accepted = await post(payload, await sign(payload))
    expect(accepted.status).toBe(200)
    expect(await accepted.json()).toEqual({ received: true })
    expect((await invoicesOf(invoice.accountId))[0]!.status).toBe('paid')
    // A late failure report of the same invoice changes nothing.
    const late = intentEvent('payment_intent.payment_failed', invoice)
    expect((await post(late, await sign(late))).status).toBe(200)
    expect((await invoicesOf(invoice.accountId))[0]!.status).toBe('paid')

    const { account, invoice: other } = await processingInvoice()
    const failed = intentEvent('payment_intent.payment_failed', other)
    expect((await post(failed, await sign(failed))).status).toBe(200)
    expect((await invoicesOf(account.accountId))[0]!.status).toBe('failed')
    const mail = await waitForMail(urls.mail, account.email)
    expect(mail.body.text).toContain(other.number)
  })
})
