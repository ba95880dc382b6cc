import type { Contract, RouteOutput } from '@swipe/shared/contract'
import { queryOptions } from '@tanstack/react-query'
import { call } from '../../lib/api.ts'

export type Registrations = RouteOutput<Contract['billing.dashboardRegistrations']>
export type DashboardSites = RouteOutput<Contract['billing.dashboardSites']>
export type Adoption = RouteOutput<Contract['billing.dashboardAdoption']>
export type Revenue = RouteOutput<Contract['billing.dashboardRevenue']>
export type VitalsPass = RouteOutput<Contract['analysis.vitalsDashboard']>

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

/** The share of the scope's sites passing the Core Web Vitals over the last 28 days (its own read). */
export const vitalsPassQuery = () =>
  queryOptions({
    queryKey: ['summary', 'dashboard', 'vitals'] as const,
    queryFn: ({ signal }) => call('analysis.vitalsDashboard', {}, { signal }),
  })

/** Yen as the dashboard shows it: `¥1,234`. */
export const yen = (value: number) => `¥${value.toLocaleString('ja-JP')}`
