import { describe, expect, it } from 'vitest'
import {
  DEFAULT_HISTORY_DAYS,
  DEFAULT_PLANS,
  historyDaysOf,
  historyRetentionMs,
  PLAN_FEATURES,
  TRIAL_PLAN_ID,
} from './plans.ts'

describe('the plan catalogue', () => {
  it('offers on the trial no feature and no limit beyond any paid plan’s (issue 30)', () => {
    const trial = DEFAULT_PLANS.find((p) => p.planId === TRIAL_PLAN_ID)!
    const paid = DEFAULT_PLANS.filter((p) => p.price > 0)
    expect(paid.map((p) => p.planId)).toContain('light')
    for (const plan of paid) {
      for (const feature of PLAN_FEATURES)
        if (trial.features[feature]) expect(plan.features[feature], `${plan.planId} ${feature}`).toBe(true)
      expect(trial.quantitySite).toBeLessThanOrEqual(plan.quantitySite)
      expect(trial.quantitySwipe).toBeLessThanOrEqual(plan.quantitySwipe)
      expect(trial.limitAccess).toBeLessThanOrEqual(plan.limitAccess)
    }
  })
})

describe('how long published versions keep their release (issue 33)', () => {
  const DAY = 24 * 60 * 60 * 1000

  it('gives each tier its days: trial 7, light 30, standard 90, premium 180, pro and EP/OEM unlimited', () => {
    expect(Object.fromEntries(DEFAULT_PLANS.map((p) => [p.planId, p.historyDays]))).toEqual({
      trial: 7,
      light: 30,
      light_multi: 30,
      standard: 90,
      standard_multi: 90,
      premium: 180,
      premium_multi: 180,
      pro: 0,
      pro_multi: 0,
      ep_oem: 0,
    })
  })

  it('turns days into milliseconds, 0 into unlimited, and a plan without the field into 30 days', () => {
    expect(historyRetentionMs({ historyDays: 1 })).toBe(DAY)
    expect(historyRetentionMs({ historyDays: 45 })).toBe(45 * DAY)
    expect(historyRetentionMs({ historyDays: 3650 })).toBe(3650 * DAY)
    expect(historyRetentionMs({ historyDays: 0 })).toBe(Number.POSITIVE_INFINITY)
    expect(DEFAULT_HISTORY_DAYS).toBe(30)
    expect(historyRetentionMs(undefined)).toBe(30 * DAY)
    expect(historyRetentionMs({} as { historyDays: number })).toBe(30 * DAY)
  })

  it('reads a stored plan without the field as the catalogue has it for its id, else 30 days', () => {
    expect(historyDaysOf({ planId: 'pro' })).toBe(0)
    expect(historyDaysOf({ planId: 'standard' })).toBe(90)
    expect(historyDaysOf({ planId: 'custom-plan' })).toBe(30)
    expect(historyDaysOf({ planId: 'pro', historyDays: 14 })).toBe(14)
  })
})
