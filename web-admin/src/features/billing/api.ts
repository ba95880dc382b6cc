import type { Contract, RouteInput, RouteOutput } from '@swipe/shared/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../../lib/api.ts'
import { saveBlob } from '../../lib/files.ts'
import type { UserInfo } from '../../lib/session.ts'

/** A plan of the catalogue (SPEC §3 Plan); money in integer yen, excluding tax. */
export type Plan = RouteOutput<Contract['billing.listPlans']>['items'][number]
export type CreatePlanBody = RouteInput<Contract['billing.createPlan']>['body']
export type UpdatePlanBody = RouteInput<Contract['billing.updatePlan']>['body']
/** The プラン確認 screen's data. */
export type UserPlan = RouteOutput<Contract['billing.userPlan']>
/** One payment row (SPEC §2 payment list). */
export type Bill = RouteOutput<Contract['billing.listBills']>['items'][number]
export type BillsQuery = NonNullable<RouteInput<Contract['billing.listBills']>['query']>
/** The paying account's card on file (a summary: never the number). */
export type PaymentCard = RouteOutput<Contract['billing.paymentCard']>

export const billingApi = {
  plans: (signal?: AbortSignal) => call('billing.listPlans', {}, { signal }),
  createPlan: (body: CreatePlanBody) => call('billing.createPlan', { body }),
  updatePlan: (id: string, body: UpdatePlanBody) => call('billing.updatePlan', { params: { id }, body }),
  userPlan: (accountId: string | undefined, signal?: AbortSignal) =>
    call('billing.userPlan', { query: accountId ? { accountId } : {} }, { signal }),
  changePlan: (id: string, planId: string) =>
    call('billing.changePlan', { params: { id }, body: { planId } }),
  bills: (query: BillsQuery, signal?: AbortSignal) => call('billing.listBills', { query }, { signal }),
  billPdf: (id: string) => call('billing.billPdf', { params: { id } }),
  forceComplete: ({ id, reason }: { id: string; reason: string }) =>
    call('billing.forceComplete', { params: { id }, body: { confirm: true, reason } }),
  paymentCard: (signal?: AbortSignal) => call('billing.paymentCard', {}, { signal }),
  cardSetup: (returnPath: string) => call('billing.cardSetup', { body: { returnPath } }),
  removeCard: () => call('billing.removeCard', {}),
}

export const billingKeys = {
  all: ['billing'] as const,
  plans: () => [...billingKeys.all, 'plans'] as const,
  userPlan: (accountId?: string) => [...billingKeys.all, 'userPlan', accountId ?? 'me'] as const,
  bills: (query: BillsQuery) => [...billingKeys.all, 'bills', query] as const,
  card: () => [...billingKeys.all, 'card'] as const,
}

export const paymentCardQuery = () =>
  queryOptions({ queryKey: billingKeys.card(), queryFn: ({ signal }) => billingApi.paymentCard(signal) })

/** Opens the provider's hosted page to save or replace the card; the caller goes there. */
export const useCardSetup = () => useMutation({ mutationFn: billingApi.cardSetup })

export const useRemoveCard = () => {
  const onSuccess = useInvalidateBilling()
  return useMutation({ mutationFn: billingApi.removeCard, onSuccess })
}

export const plansQuery = () =>
  queryOptions({ queryKey: billingKeys.plans(), queryFn: ({ signal }) => billingApi.plans(signal) })

export const userPlanQuery = (accountId?: string) =>
  queryOptions({
    queryKey: billingKeys.userPlan(accountId),
    queryFn: ({ signal }) => billingApi.userPlan(accountId, signal),
  })

export const billsQuery = (query: BillsQuery) =>
  queryOptions({
    queryKey: billingKeys.bills(query),
    queryFn: ({ signal }) => billingApi.bills(query, signal),
  })

const useInvalidateBilling = () => {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: billingKeys.all })
}

export const useCreatePlan = () => {
  const onSuccess = useInvalidateBilling()
  return useMutation({ mutationFn: billingApi.createPlan, onSuccess })
}

export const useUpdatePlan = () => {
  const onSuccess = useInvalidateBilling()
  return useMutation({
    mutationFn: ({ id, ...body }: UpdatePlanBody & { id: string }) => billingApi.updatePlan(id, body),
    onSuccess,
  })
}

export const useChangePlan = () => {
  const onSuccess = useInvalidateBilling()
  return useMutation({
    mutationFn: ({ accountId, planId }: { accountId: string; planId: string }) =>
      billingApi.changePlan(accountId, planId),
    onSuccess,
  })
}

export const useForceComplete = () => {
  const onSuccess = useInvalidateBilling()
  return useMutation({ mutationFn: billingApi.forceComplete, onSuccess })
}

/** Platform staff (and their sub-admins) edit the catalogue; everyone else reads it. */
export const isPlatformStaff = (info: Pick<UserInfo, 'accountType' | 'parentType'>): boolean => {
  const type = info.accountType === 'SUB_ADMIN' ? info.parentType : info.accountType
  return type === 'MASTER' || type === 'MASTER_USER'
}

/** Downloads an invoice PDF as issued (the stored file, through a short-lived link). */
export const downloadBillPdf = async (id: string) => {
  const { url, fileName } = await billingApi.billPdf(id)
  const response = await fetch(url)
  if (!response.ok) throw new Error(`PDF download failed: ${response.status}`)
  saveBlob(await response.blob(), fileName)
}

/** Yen as the console shows it: `¥1,234`. */
export const yen = (value: number) => `¥${value.toLocaleString('ja-JP')}`
