import { randomUUID } from 'node:crypto'

/**
 * Billing demo data (issue 18), run by the seed after the accounts: the platform's issuer and the
 * demo OEM's (which bills its own users: white label), and the demo creator's invoices of the six
 * months before this one, closed by the same closing run the schedule uses, so the payment list
 * shows each payment state: paid (bank), completed (forced by MASTER), failed (a declined test
 * card through the Stripe stand-in), processing (a card charge the provider has not settled), void
 * with its correction, and unpaid — the last one MASTER can force-complete. Each step looks for
 * what it would create first.
 */
export const seedBilling = async (
  ids: Record<string, { accountId: string }>,
  log: (line: string) => void,
): Promise<void> => {
  const { BillingAudit, BillingIssuers, BillingProfiles, Invoices } = await import(
    '../../functions/src/data/billing.ts'
  )
  const { Accounts } = await import('../../functions/src/data/accounts.ts')
  const { closeAccount, correctInvoice, PLATFORM_ISSUER } = await import(
    '../../functions/src/billing/close.ts'
  )
  const { platform } = await import('../../functions/src/platform/index.ts')
  const { jstMonth, monthStart, nextMonth, previousMonth } = await import('@swipe/shared/billing/months')

  const bank = {
    bankAccountType: '普通',
    bankAccountHolder: '',
  }
  if (!(await BillingIssuers.get({ issuerId: PLATFORM_ISSUER }).go()).data) {
    await BillingIssuers.create({
      issuerId: PLATFORM_ISSUER,
      name: 'Swipe LP Studio 株式会社',
      registrationNumber: 'T4010001234567',
      address: '〒100-0005 東京都千代田区丸の内1-1-1',
      phone: '03-0000-0000',
      bankName: 'デモ銀行',
      bankBranch: '本店営業部',
      ...bank,
      bankAccountNumber: '1234567',
      bankAccountHolder: 'スワイプエルピースタジオ（カ）',
    }).go()
    log('seed: billing issuer (platform)')
  }
  const oem = ids.oem
  if (oem && !(await BillingIssuers.get({ issuerId: oem.accountId }).go()).data) {
    await BillingIssuers.create({
      issuerId: oem.accountId,
      name: 'デモOEMパートナー株式会社',
      registrationNumber: 'T1011001098765',
      address: '〒530-0001 大阪府大阪市北区梅田1-1-1',
      phone: '06-0000-0000',
      bankName: 'デモ信用金庫',
      bankBranch: '梅田支店',
      ...bank,
      bankAccountNumber: '7654321',
      bankAccountHolder: 'デモオーイーエムパートナー（カ）',
      billsOwnUsers: true,
    }).go()
    log('seed: billing issuer (demo OEM, white label)')
  }

  const creatorId = ids.creator?.accountId
  const creator = creatorId ? (await Accounts.get({ accountId: creatorId }).go()).data : null
  if (!creator) return
  const master = ids.master?.accountId ?? 'seed'
  const months: string[] = []
  let month = jstMonth(Date.now())
  for (let i = 0; i < 6; i++) {
    month = previousMonth(month)
    months.unshift(month)
  }
  // A card on the creator's billing profile, through the provider (the stand-in locally).
  const useCard = async (number: string) => {
    const provider = platform().payments
    const customerId = await provider.createCustomer({
      accountId: creator.accountId,
      email: creator.email,
      name: creator.companyName ?? creator.email,
    })
    const card = await provider.saveCard(customerId, { number, expMonth: 12, expYear: 2034, cvc: '123' })
    await BillingProfiles.put({
      accountId: creator.accountId,
      method: 'CARD',
      customerId,
      paymentMethodId: card.paymentMethodId,
      cardLast4: card.last4,
    }).go()
  }
  const useBank = () => BillingProfiles.put({ accountId: creator.accountId, method: 'BANK_TRANSFER' }).go()
  const close = async (m: string) => {
    // Issued at 00:00 JST on the 1st of the next month, as the schedule would.
    const issued = await closeAccount(creator, m, monthStart(nextMonth(m)))
    return issued === 'existing' || issued === 'notBillable' ? undefined : issued
  }
  const setStatus = async (invoiceId: string, from: string, to: 'paid' | 'completed', actorId: string) => {
    const at = Date.now()
    await Invoices.patch({ invoiceId })
      .set({
        status: to,
        // A force-complete shows who, when and why with the payment (issue 30).
        ...(to === 'completed'
          ? { forcedAt: at, forcedBy: 'master@example.com', forcedReason: '振込を確認（デモ）' }
          : {}),
      })
      .add({ version: 1 })
      .go()
    await BillingAudit.create({
      invoiceId,
      at,
      entryId: randomUUID(),
      action: to === 'completed' ? 'FORCE_COMPLETE' : 'CHARGE_SUCCEEDED',
      actorId,
      from,
      to,
      detail: to === 'paid' ? 'bank transfer received (demo)' : 'demo',
    }).go()
  }
  const [paidBank, forced, declined, processing, corrected, unpaid] = months as [
    string,
    string,
    string,
    string,
    string,
    string,
  ]
  await useBank()
  const first = await close(paidBank)
  if (first) await setStatus(first, 'unpaid', 'paid', 'bank')
  const second = await close(forced)
  if (second) await setStatus(second, 'unpaid', 'completed', master)
  await useCard('4000000000000002')
  await close(declined)
  // A card invoice still `processing`: its card was deleted in the provider's dashboard, so the
  // provider refuses the charge request itself (no such payment method) and no outcome exists yet;
  // the invoice waits for the provider's webhook (or MASTER's follow-up), as on AWS.
  await useCard('4242424242424242')
  await BillingProfiles.patch({ accountId: creator.accountId })
    .set({ paymentMethodId: 'pm_deleted_at_provider' })
    .go()
  if (await close(processing)) log(`seed: a card invoice left processing (${processing})`)
  await useBank()
  const toCorrect = await close(corrected)
  if (toCorrect) await correctInvoice(toCorrect, master)
  if (await close(unpaid)) log(`seed: billing demo invoices ${months[0]}…${unpaid}`)
}
