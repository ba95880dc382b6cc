/** The health context's routes with their schemas (heads in ./routes.ts). */
import * as z from 'zod'
import { lazySchema } from '../lazy-schema.ts'
import { defineContext } from './define.ts'

const Check = /* @__PURE__ */ lazySchema(() =>
  z.object({ status: z.enum(['ok', 'down']), latencyMs: z.number().int().nonnegative() }),
)

export const healthRoutes = defineContext('health')({
  'health.get': () => ({
    summary: 'Liveness: the API answers; no dependency is called.',
    response: z.object({ status: z.literal('ok') }),
  }),
  'health.ready': () => ({
    summary:
      'Readiness: each dependency (table, buckets, user pools, mail), one round per 10 s at most; 503 when one is down.',
    response: z.object({
      status: z.enum(['ok', 'degraded']),
      /** One entry per dependency: table, buckets, user pools, mail. */
      checks: z.record(z.string(), Check),
      checkedAt: z.iso.datetime(),
    }),
  }),
})
