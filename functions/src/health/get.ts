import { healthRoutes } from '@swipe/shared/contract/health'
import { endpoint, ok } from '#edge/http'

/**
 * Liveness: the API answers. No dependency is called, so monitors and `npm start`'s wait can poll
 * it as often as they like; `GET /health/ready` checks the dependencies (./ready.ts).
 */
export const handler = endpoint(healthRoutes['health.get'], async () =>
  ok({ status: 'ok' }, 200, { 'cache-control': 'no-store' }),
)
