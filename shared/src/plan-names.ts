import type { Locale } from './i18n/locales.ts'
import { defaultPlan, OEM_PLAN_ID } from './plans.ts'

/*
 * Plan names in the console languages: a module of its own, so the screens that name plans load
 * it and the sign-in page, which shares the plan catalogue's chunk, does not.
 */
/** The built-in tiers' names in each console language (the Japanese ones are the catalogue's). */
const TIER_NAMES: Record<string, Record<Locale, string>> = {
  trial: { ja: 'トライアル', en: 'Trial', zh: '试用版', ko: '체험판' },
  light: { ja: 'ライト', en: 'Light', zh: '轻量版', ko: '라이트' },
  standard: { ja: 'スタンダード', en: 'Standard', zh: '标准版', ko: '스탠다드' },
  premium: { ja: 'プレミアム', en: 'Premium', zh: '高级版', ko: '프리미엄' },
  pro: { ja: 'プロ', en: 'Pro', zh: '专业版', ko: '프로' },
  [OEM_PLAN_ID]: { ja: 'EP/OEM', en: 'EP/OEM', zh: 'EP/OEM', ko: 'EP/OEM' },
}

/** A multilingual variant's name from its tier's. */
const MULTILINGUAL: Record<Locale, (tier: string) => string> = {
  ja: (tier) => `${tier}（多言語）`,
  en: (tier) => `${tier} (multilingual)`,
  zh: (tier) => `${tier}（多语言）`,
  ko: (tier) => `${tier}(다국어)`,
}

/**
 * A plan's name in a language (issue 15: plan names were Japanese in every language). A built-in
 * plan whose stored name is still the catalogue's gets its name in `locale`; a plan that plan
 * management created or renamed keeps the name it was given; an unknown plan without a name is
 * shown by its id.
 */
export const planNameIn = (plan: { planId: string; name?: string | null }, locale: Locale): string => {
  const builtIn = defaultPlan(plan.planId)
  if (plan.name && plan.name !== builtIn?.name) return plan.name
  const multi = plan.planId.endsWith('_multi')
  const names = TIER_NAMES[multi ? plan.planId.slice(0, -'_multi'.length) : plan.planId]
  if (!builtIn || !names) return plan.name || plan.planId
  return multi ? MULTILINGUAL[locale](names[locale]) : names[locale]
}
