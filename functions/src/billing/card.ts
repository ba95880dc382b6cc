import { randomUUID } from 'node:crypto'
import { mayTake } from '@swipe/shared'
import { jstMonth } from '@swipe/shared/billing/months'
import { billingRoutes, type CardState } from '@swipe/shared/contract/billing'
import { type Account, Accounts } from '#data/accounts'
import { BillingProfiles, Invoices } from '#data/billing'
import { AppError, ConflictError, ForbiddenError, NotFoundError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { headerOf } from '#edge/request-state'
import { adminOf, policyActorOf } from '#edge/tenancy'
import { platform } from '#platform'
import { now } from '#platform/services/clock'
import { logger } from '#platform/services/logger'
import { adminUrl } from '#platform/services/urls'
import { cardPaymentsAvailable } from './payments.ts'

/**
 * The paying account's card (issue 18): saved on the provider's hosted page (Stripe Checkout in
 * setup mode), so no card number and no third-party script ever reach the console or this API.
 * The API opens a setup session and answers its URL; the cardholder enters the card there and comes
 * back to プラン確認; the provider's signed `checkout.session.completed` webhook (./webhook.ts)
 * makes the card the customer's default and stores its summary (`applySetupSession`).
 * docs/decisions/0035-billing-saving-a-card.md.
 */

/** Accounts that are invoiced themselves (functions/src/billing/close.ts closes these). */
const PAYING_TYPES = new Set<Account['accountType']>(['USER', 'OEM_MASTER'])

/** The account whose card the caller sees: its own, or a sub-admin's parent's (as プラン確認). */
const payingAccountOf = async (me: Account): Promise<Account> => {
  if (me.accountType !== 'SUB_ADMIN') return me
  const parent = (await Accounts.get({ accountId: me.parentId }).go()).data
  if (!parent) throw new NotFoundError()
  return parent
}

/** Months as numbers (year × 12 + month − 1), to compare a card's expiry with today in Japan. */
const monthIndex = (year: number, month: number) => year * 12 + month - 1

/**
 * How the card stands: `failed` when the latest card payment charged to this very card failed (and
 * is still failed), else `expired` after its expiry month, `expiringSoon` in its expiry month and
 * the one before, `saved` otherwise; `none` without a card.
 */
const cardView = async (me: Account, account: Account) => {
  const [profile, available] = await Promise.all([
    BillingProfiles.get({ accountId: account.accountId }).go({ consistent: true }),
    cardPaymentsAvailable(),
  ])
  const saved = profile.data
  const hasCard = Boolean(saved?.paymentMethodId && saved.method === 'CARD')
  const { data: invoices } = await Invoices.query
    .byAccount({ accountId: account.accountId })
    .go({ order: 'desc', limit: 12 })
  const lastCard = invoices.find((i) => i.billingMethod === 'CARD' && i.status !== 'void')
  const failed = lastCard?.status === 'failed' ? lastCard : undefined
  let state: CardState = 'none'
  if (hasCard && saved) {
    const [year, month] = jstMonth(now()).split('-').map(Number) as [number, number]
    const today = monthIndex(year, month)
    const expiry = monthIndex(saved.cardExpYear ?? 0, saved.cardExpMonth ?? 1)
    // A failure counts against this card unless the card was saved after that invoice was charged.
    const failedOnThisCard = failed && (saved.cardSavedAt ?? 0) < failed.issuedAt
    state = failedOnThisCard
      ? 'failed'
      : expiry < today
        ? 'expired'
        : expiry <= today + 1
          ? 'expiringSoon'
          : 'saved'
  }
  return {
    accountId: account.accountId,
    available,
    payer: PAYING_TYPES.has(account.accountType),
    canManage:
      available && PAYING_TYPES.has(account.accountType) && mayTake(policyActorOf(me), 'billing:card'),
    method: hasCard ? ('CARD' as const) : ('BANK_TRANSFER' as const),
    state,
    card:
      hasCard && saved
        ? {
            brand: saved.cardBrand ?? 'unknown',
            last4: saved.cardLast4 ?? '',
            expMonth: saved.cardExpMonth ?? 0,
            expYear: saved.cardExpYear ?? 0,
            savedAt: saved.cardSavedAt ? new Date(saved.cardSavedAt).toISOString() : null,
          }
        : null,
    lastFailure: failed ? { invoiceId: failed.invoiceId, number: failed.number, month: failed.month } : null,
  }
}

/** The paying account the caller manages the card of: refused for accounts that are not invoiced. */
const managedAccount = async (me: Account): Promise<Account> => {
  const account = await payingAccountOf(me)
  if (!PAYING_TYPES.has(account.accountType)) throw new ForbiddenError('billing.notPayer')
  if (!(await cardPaymentsAvailable())) throw new AppError(503, 'billing.cardUnavailable')
  return account
}

export const get = endpoint(billingRoutes['billing.paymentCard'], async ({ actor }) => {
  const me = adminOf(actor)
  return ok(await cardView(me, await payingAccountOf(me)))
})

/**
 * Opens a setup session for the paying account (creating its provider customer the first time)
 * and answers the hosted page's URL. The session create carries an idempotency key: the console's
 * own `Idempotency-Key` for this action, so a resent request opens the same session.
 */
export const setup = endpoint(billingRoutes['billing.cardSetup'], async ({ actor, body, event, locale }) => {
  const me = adminOf(actor)
  const account = await managedAccount(me)
  const provider = platform().payments
  const profile = (await BillingProfiles.get({ accountId: account.accountId }).go({ consistent: true })).data
  let customerId = profile?.customerId
  if (!customerId) {
    customerId = await provider.createCustomer({
      accountId: account.accountId,
      email: account.email,
      name: account.companyName ?? account.email,
    })
    await BillingProfiles.upsert({
      accountId: account.accountId,
      method: profile?.method ?? 'BANK_TRANSFER',
      customerId,
    }).go()
  }
  const key = headerOf(event, 'idempotency-key') ?? randomUUID()
  const session = await provider.createSetupSession({
    accountId: account.accountId,
    customerId,
    successUrl: adminUrl(`${body.returnPath}?card=saved`),
    cancelUrl: adminUrl(`${body.returnPath}?card=cancelled`),
    locale,
    idempotencyKey: `card-setup-${account.accountId}-${key}`,
  })
  logger.info('card setup session opened', { accountId: account.accountId, actorId: me.accountId })
  return ok({ url: session.url }, 201)
})

/** Removes the card: detached at the provider, later invoices are paid by bank transfer. */
export const remove = endpoint(billingRoutes['billing.removeCard'], async ({ actor, t }) => {
  const me = adminOf(actor)
  const account = await managedAccount(me)
  const profile = (await BillingProfiles.get({ accountId: account.accountId }).go({ consistent: true })).data
  if (!profile?.paymentMethodId) throw new ConflictError('billing.noCard')
  await platform().payments.detachCard(profile.paymentMethodId)
  await BillingProfiles.patch({ accountId: account.accountId })
    .set({ method: 'BANK_TRANSFER' })
    .remove(['paymentMethodId', 'cardLast4', 'cardBrand', 'cardExpMonth', 'cardExpYear', 'cardSavedAt'])
    .where(({ paymentMethodId }, { eq }) => eq(paymentMethodId, profile.paymentMethodId as string))
    .go()
  logger.info('card removed', { accountId: account.accountId, actorId: me.accountId })
  return ok({ ...(await cardView(me, account)), message: t('billing.cardRemoved') })
})

/**
 * A completed setup session, as the webhook reports it: the session is read back from the provider
 * (the event only names it), must belong to the account's own customer, and is applied once — the
 * card becomes the customer's default, its summary is stored, and the card it replaces is detached.
 * Answers whether anything changed.
 */
export const applySetupSession = async (sessionId: string): Promise<boolean> => {
  const provider = platform().payments
  const result = await provider.setupSessionCard(sessionId)
  if (!result?.accountId) return false
  const profile = (await BillingProfiles.get({ accountId: result.accountId }).go({ consistent: true })).data
  if (!profile || profile.customerId !== result.customerId) {
    logger.warn('setup session refused: not the account’s customer', { accountId: result.accountId })
    return false
  }
  if (profile.setupSessionId === sessionId) return false
  const { card } = result
  await provider.setDefaultCard(result.customerId, card.paymentMethodId)
  await BillingProfiles.patch({ accountId: result.accountId })
    .set({
      method: 'CARD',
      paymentMethodId: card.paymentMethodId,
      cardLast4: card.last4,
      cardBrand: card.brand,
      cardExpMonth: card.expMonth,
      cardExpYear: card.expYear,
      cardSavedAt: now(),
      setupSessionId: sessionId,
    })
    .where(({ customerId }, { eq }) => eq(customerId, result.customerId))
    .go()
  const replaced = profile.paymentMethodId
  if (replaced && replaced !== card.paymentMethodId)
    await provider.detachCard(replaced).catch((error: unknown) =>
      logger.warn('replaced card not detached', {
        accountId: result.accountId,
        reason: error instanceof Error ? error.message : String(error),
      }),
    )
  logger.info('card saved', { accountId: result.accountId, brand: card.brand })
  return true
}
