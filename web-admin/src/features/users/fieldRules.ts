import {
  ACCOUNT_FIELD_ACTIONS,
  type AccountType,
  DEFAULT_PLANS,
  defaultPlan,
  type FieldActor,
  type FieldRefusal,
  fieldRefusal,
  GUARDED_FIELDS,
  type GuardedField,
  mayAssignPlan,
  type ParentType,
} from '@swipe/shared'
import { planNameIn } from '@swipe/shared/plan-names'
import type { TFunction } from 'i18next'
import { currentLocale } from '../../i18n/index.ts'
import { creatorTypeOf, ownParentTypeOf } from '../../lib/accountTypes.ts'
import type { UserInfo } from '../../lib/session.ts'

type Info = Pick<UserInfo, 'id' | 'accountType' | 'parentType' | 'allowedActions'>

/** The field rules' view of the signed-in account: the actions user info lists, the type it acts as. */
export const fieldActorOfInfo = (info: Info): FieldActor => ({
  allowedActions: info.allowedActions,
  type: (creatorTypeOf(info) ?? undefined) as ParentType | undefined,
})

/**
 * Whether an account is the signed-in account's own, or the one it acts for (shared `ownAccountIds`).
 * User info carries no parent id, but the only account of the parent's type in an OEM admin's,
 * master user's or sub-admin's scope is that parent (no account type has children of its own type).
 */
export const isOwnAccount = (info: Info, target: { id: string; accountType: AccountType }): boolean => {
  if (target.id === info.id) return true
  const actsForParent = ['SUB_ADMIN', 'OEM_ADMIN', 'MASTER_USER'].includes(info.accountType)
  return actsForParent && target.accountType === ownParentTypeOf(info)
}

/** Guarded fields the signed-in account may not set here, each with why (the API's own rules). */
export type FieldLocks = Partial<Record<GuardedField, FieldRefusal>>

export const fieldLocksFor = (info: Info, target?: { id: string; accountType: AccountType }): FieldLocks => {
  const actor = fieldActorOfInfo(info)
  const own = target ? isOwnAccount(info, target) : false
  const locks: FieldLocks = {}
  for (const field of GUARDED_FIELDS) {
    const refusal = fieldRefusal(actor, field, own)
    if (refusal) locks[field] = refusal
  }
  return locks
}

/** The sentence a locked field shows under it. */
export const lockReason = (field: GuardedField, refusal: FieldRefusal, t: TFunction): string => {
  if (refusal === 'ownAccount') return t('users.locked.ownAccount')
  return ACCOUNT_FIELD_ACTIONS[field] === 'plan:manage' ? t('users.locked.plan') : t('users.locked.contract')
}

/** A plan by its name in the interface language (shared `planNameIn`); an unlisted plan by its id. */
export const planLabel = (planId: string, t: TFunction): string =>
  defaultPlan(planId) ? planNameIn({ planId }, currentLocale()) : t('users.planUnlisted', { name: planId })

export interface PlanOption {
  value: string
  label: string
  disabled?: boolean
}

/**
 * The plans the signed-in account may hand out (the partner plan only for staff), by name. A
 * current plan it may not hand out (or one no longer listed) stays shown, disabled, so an edit
 * keeps it without offering it.
 */
export const planOptions = (info: Info, t: TFunction, current?: string | null): PlanOption[] => {
  const actor = fieldActorOfInfo(info)
  const options: PlanOption[] = DEFAULT_PLANS.filter(
    (plan) => mayAssignPlan(actor, plan.planId) || plan.planId === current,
  ).map((plan) => ({
    value: plan.planId,
    label: planLabel(plan.planId, t),
    ...(mayAssignPlan(actor, plan.planId) ? {} : { disabled: true }),
  }))
  if (current && !options.some((option) => option.value === current))
    options.push({ value: current, label: planLabel(current, t), disabled: true })
  return options
}
