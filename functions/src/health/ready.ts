import { healthRoutes } from '@swipe/shared/contract/health'
import { endpoint, ok } from '#edge/http'
import { checkDependencies } from './checks.ts'
import { sharedRound } from './round.ts'

/** One round of dependency checks per 10 s at most, whatever the request rate (./checks.ts). */
const readiness = sharedRound(() => checkDependencies())

/**
 * Readiness: each dependency (table, buckets, user pools, mail) by its cheapest read, 503 when
 * one is down. Public and cached: an answer is at most 10 s old (`checked_at` says when its round
 * started), so the public cannot turn it into load on the dependencies or the control-plane
 * quotas (docs/decisions/0006-health.md).
 */
export const handler = endpoint(healthRoutes['health.ready'], async () => {
  const { healthy, checks, checkedAt } = await readiness()
  return ok(
    { status: healthy ? 'ok' : 'degraded', checks, checkedAt: new Date(checkedAt).toISOString() },
    healthy ? 200 : 503,
    { 'cache-control': 'no-store' },
  )
})
