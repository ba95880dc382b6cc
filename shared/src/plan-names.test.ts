import { describe, expect, it } from 'vitest'
import { LOCALES } from './i18n/locales.ts'
import { planNameIn } from './plan-names.ts'
import { DEFAULT_PLANS } from './plans.ts'

describe('planNameIn (plan names in the console language)', () => {
  it.each([
    ['standard', 'スタンダード', 'Standard', '标准版', '스탠다드'],
    ['light_multi', 'ライト（多言語）', 'Light (multilingual)', '轻量版（多语言）', '라이트(다국어)'],
    ['trial', 'トライアル', 'Trial', '试用版', '체험판'],
    ['ep_oem', 'EP/OEM', 'EP/OEM', 'EP/OEM', 'EP/OEM'],
  ])('names %s in ja, en, zh and ko', (planId, ja, en, zh, ko) => {
    const stored = DEFAULT_PLANS.find((p) => p.planId === planId)!.name
    expect(LOCALES.map((locale) => planNameIn({ planId, name: stored }, locale))).toEqual([ja, en, zh, ko])
    expect(planNameIn({ planId }, 'en')).toBe(en)
  })

  it('gives every built-in plan a name of its own in every language', () => {
    for (const plan of DEFAULT_PLANS)
      for (const locale of LOCALES.filter((l) => l !== 'ja'))
        if (plan.planId !== 'ep_oem') expect(planNameIn(plan, locale)).not.toBe(planNameIn(plan, 'ja'))
  })

  it('keeps the name plan management gave, and names an unknown plan by its id', () => {
    expect(planNameIn({ planId: 'standard', name: '春の特別プラン' }, 'en')).toBe('春の特別プラン')
    expect(planNameIn({ planId: 'custom_1', name: 'Agency' }, 'ko')).toBe('Agency')
    expect(planNameIn({ planId: 'custom_2' }, 'zh')).toBe('custom_2')
  })
})
