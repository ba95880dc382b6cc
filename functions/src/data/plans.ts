import { PLAN_FEATURES } from '@swipe/shared'
import { Entity, type EntityItem } from 'electrodb'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

/**
 * A subscription plan (SPEC §3 Plan). One item per plan; the list of plans is one query on the
 * shared partition (a handful of items). Seeded from `DEFAULT_PLANS`; plan management edits them.
 */
export const Plans = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'plan', version: '1', service: SERVICE },
        attributes: {
          planId: { type: 'string', required: true, readOnly: true },
          name: { type: 'string', required: true },
          price: { type: 'number', required: true },
          quantitySwipe: { type: 'number', required: true },
          quantitySite: { type: 'number', required: true },
          limitAccess: { type: 'number', required: true },
          limitAccessPrice: { type: 'number', required: true },
          swipe: { type: 'boolean', required: true, default: true },
          /**
           * Days a published version keeps its release (0 = unlimited). Absent on plans stored before
           * issue 33: read as `DEFAULT_HISTORY_DAYS`.
           */
          historyDays: { type: 'number', required: false },
          /** A retired plan is offered to nobody; accounts on it keep it (a plan in use is never deleted). */
          retired: { type: 'boolean', required: true, default: false },
          version: { type: 'number', required: true, default: 1 },
          updatedAt: {
            type: 'number',
            required: true,
            default: () => Date.now(),
            watch: '*',
            set: () => Date.now(),
          },
          features: {
            type: 'map',
            required: true,
            properties: Object.fromEntries(
              PLAN_FEATURES.map((f) => [f, { type: 'boolean', required: true, default: false }] as const),
            ) as Record<(typeof PLAN_FEATURES)[number], { type: 'boolean'; required: true; default: false }>,
          },
        },
        indexes: {
          all: {
            pk: { field: 'pk', composite: [] },
            sk: { field: 'sk', composite: ['planId'] },
          },
        },
      },
      entityConfig,
    ),
)

export type PlanItem = EntityItem<typeof Plans>
