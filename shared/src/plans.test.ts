import { describe, expect, it } from 'vitest'
import { DEFAULT_PLANS, PLAN_FEATURES, TRIAL_PLAN_ID } from './plans.ts'

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
