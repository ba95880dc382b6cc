/**
 * The API contract (ARCHITECTURE decision 1; issue 13): every route's head (./contract/routes.ts)
 * and schemas (./contract/<context>.ts), merged. The CDK API stack and the local gateway read the
 * heads; handlers, the console's typed client and the OpenAPI document read the merged routes.
 */
import { accountsRoutes } from './contract/accounts.ts'
import { analysisRoutes } from './contract/analysis.ts'
import { analyticsRoutes } from './contract/analytics.ts'
import { apiAccessRoutes } from './contract/apiAccess.ts'
import { authRoutes } from './contract/auth.ts'
import { billingRoutes } from './contract/billing.ts'
import { contentRoutes } from './contract/content.ts'
import type { AnyRoute } from './contract/define.ts'
import { domainsRoutes } from './contract/domains.ts'
import { endUserRoutes } from './contract/endUser.ts'
import { healthRoutes } from './contract/health.ts'
import { previewRoutes } from './contract/preview.ts'
import type { RouteId } from './contract/routes.ts'
import { sitesRoutes } from './contract/sites.ts'
import { submissionsRoutes } from './contract/submissions.ts'

export * from './contract/define.ts'
export * from './contract/routes.ts'

export const contract = {
  ...healthRoutes,
  ...authRoutes,
  ...accountsRoutes,
  ...sitesRoutes,
  ...domainsRoutes,
  ...previewRoutes,
  ...endUserRoutes,
  ...submissionsRoutes,
  ...analyticsRoutes,
  ...analysisRoutes,
  ...apiAccessRoutes,
  ...billingRoutes,
  ...contentRoutes,
} satisfies Record<RouteId, AnyRoute>

export type Contract = typeof contract

/** Every route with its schemas, in table order. */
export const contractList = (): AnyRoute[] => Object.values(contract)
