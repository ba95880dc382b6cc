import type { Contract, RouteOutput } from '@swipe/shared/contract'
import { queryOptions } from '@tanstack/react-query'
import { call } from '../../lib/api.ts'

export type Registrations = RouteOutput<Contract['billing.dashboardRegistrations']>
export type DashboardSites = RouteOutput<Contract['billing.dashboardSites']>
export type Adoption = RouteOutput<Contract['billing.dashboardAdoption']>
export type Revenue = RouteOutput<Contract['billing.dashboardRevenue']>

/** The dashboard's four reads (SPEC §7 /dashboard/*), scoped by the server. */
export const dashboardQuery = () =>
  queryOptions({
    queryKey: ['summary', 'dashboard'] as const,
    queryFn: async ({ signal }) => {
      const [registrations, sites, adoption, revenue] = await Promise.all([
        call('billing.dashboardRegistrations', {}, { signal }),
        call('billing.dashboardSites', {}, { signal }),
        call('billing.dashboardAdoption', {}, { signal }),
        call('billing.dashboardRevenue', {}, { signal }),
      ])
      return { registrations, sites, adoption, revenue }
    },
  })

/** Yen as the dashboard shows it: `¥1,234`. */
export const yen = (value: number) => `¥${value.toLocaleString('ja-JP')}`
