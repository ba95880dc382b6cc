import type { AccountType } from './accounts.ts'

/**
 * Subscription plans (SPEC §1, §3 Plan, §9). The catalogue below is what the local seed and a new
 * stage write to the table; plan management (a later issue) edits the stored plans. The limits
 * are ours (docs/decisions/0011-plans.md).
 */

/** The feature switches of a plan (SPEC §3 Plan flags). */
export const PLAN_FEATURES = [
  'privateDomain',
  'settingPopupCta',
  'settingFormContact',
  'analyticsEffect',
  'settingTagSeo',
  'multiLanguage',
] as const
export type PlanFeature = (typeof PLAN_FEATURES)[number]

export interface Plan {
  planId: string
  name: string
  /** Monthly fee in yen, excluding tax. */
  price: number
  /** Creatives (pages) per site: rows × columns. */
  quantitySwipe: number
  /** Sites per account. */
  quantitySite: number
  /** Page views per month included; above it, `limitAccessPrice` yen per 1,000 views. */
  limitAccess: number
  limitAccessPrice: number
  /** Swipe LPs themselves; always on for a sold plan, off only for a plan being retired. */
  swipe: boolean
  features: Record<PlanFeature, boolean>
  /**
   * Days a published version keeps its release, so it can be rolled back to, compared and
   * restored, beyond the 10 newest versions (always kept). 0 = unlimited (issue 33).
   */
  historyDays: number
}

/** The retention of a plan stored before `historyDays` existed, and of a new plan by default. */
export const DEFAULT_HISTORY_DAYS = 30

/**
 * How long a published version keeps its release under a plan, in milliseconds: unlimited
 * (`Infinity`) for 0, `DEFAULT_HISTORY_DAYS` when the plan or its field is absent.
 */
export const historyRetentionMs = (plan: Pick<Plan, 'historyDays'> | undefined): number => {
  const days = plan?.historyDays ?? DEFAULT_HISTORY_DAYS
  return days === 0 ? Number.POSITIVE_INFINITY : days * 24 * 60 * 60 * 1000
}

const all = (on: boolean, overrides: Partial<Record<PlanFeature, boolean>> = {}) =>
  ({ ...Object.fromEntries(PLAN_FEATURES.map((f) => [f, on])), ...overrides }) as Record<PlanFeature, boolean>

const tier = (
  planId: string,
  name: string,
  price: number,
  quantitySite: number,
  quantitySwipe: number,
  limitAccess: number,
  features: Record<PlanFeature, boolean>,
  historyDays: number,
): Plan => ({
  planId,
  name,
  price,
  quantitySite,
  quantitySwipe,
  limitAccess,
  limitAccessPrice: 100,
  swipe: true,
  features,
  historyDays,
})

/** Each tier and its multilingual variant (+10,000 yen, multiLanguage on). */
const withMultilingual = (plan: Plan): Plan[] => [
  plan,
  {
    ...plan,
    planId: `${plan.planId}_multi`,
    name: `${plan.name} 多言語`,
    price: plan.price + 10_000,
    features: { ...plan.features, multiLanguage: true },
  },
]

export const TRIAL_PLAN_ID = 'trial'
export const OEM_PLAN_ID = 'ep_oem'

export const DEFAULT_PLANS: readonly Plan[] = [
  // The trial offers no more than the cheapest paid plan (Light), within its limits (issue 30).
  // The last argument is `historyDays`: how long published versions can be returned to (0 = unlimited).
  tier(TRIAL_PLAN_ID, 'トライアル', 0, 1, 9, 1_000, all(false, { settingFormContact: true }), 7),
  ...withMultilingual(
    tier('light', 'ライト', 9_800, 1, 10, 10_000, all(false, { settingFormContact: true }), 30),
  ),
  ...withMultilingual(
    tier('standard', 'スタンダード', 29_800, 3, 30, 50_000, all(true, { multiLanguage: false }), 90),
  ),
  ...withMultilingual(
    tier('premium', 'プレミアム', 49_800, 10, 50, 200_000, all(true, { multiLanguage: false }), 180),
  ),
  ...withMultilingual(
    tier('pro', 'プロ', 98_000, 30, 100, 1_000_000, all(true, { multiLanguage: false }), 0),
  ),
  tier(OEM_PLAN_ID, 'EP/OEM', 0, 1_000, 100, 10_000_000, all(true), 0),
]

/**
 * The plan of an account that has none assigned: partners and platform staff build under the
 * EP/OEM plan, a direct user without a contract plan is on the trial.
 */
export const fallbackPlanId = (accountType: AccountType): string =>
  accountType === 'USER' ? TRIAL_PLAN_ID : OEM_PLAN_ID

export const defaultPlan = (planId: string): Plan | undefined =>
  DEFAULT_PLANS.find((p) => p.planId === planId)

/**
 * Plans only platform staff (master, master users) assign: the partner plan, free and nearly
 * unlimited, is what partners build under, not something a partner hands its users
 * (docs/decisions/0013-guarded-account-fields.md).
 */
export const STAFF_ONLY_PLAN_IDS: readonly string[] = [OEM_PLAN_ID]

/** The message key that explains a missing feature. */
export const PLAN_FEATURE_MESSAGES = {
  privateDomain: 'plan.noCustomDomain',
  settingPopupCta: 'plan.noPopupCta',
  settingFormContact: 'plan.noContactForm',
  analyticsEffect: 'plan.noAnalytics',
  settingTagSeo: 'plan.noSeoTags',
  multiLanguage: 'plan.noMultiLanguage',
} as const satisfies Record<PlanFeature, string>

/**
 * A stored plan's `historyDays`: its own, else (stored before the field existed) the built-in
 * catalogue's for its id, else `DEFAULT_HISTORY_DAYS`.
 */
export const historyDaysOf = (plan: { planId: string; historyDays?: number | undefined }): number =>
  plan.historyDays ?? defaultPlan(plan.planId)?.historyDays ?? DEFAULT_HISTORY_DAYS
