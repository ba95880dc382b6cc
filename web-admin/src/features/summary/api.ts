import type { Contract, RouteOutput } from '@swipe/shared/contract'
import { queryOptions } from '@tanstack/react-query'
import { call } from '../../lib/api.ts'

/** `accounts.summary`: the caller's users by contract status (null for direct users) and sites by status. */
export type SummaryCounts = RouteOutput<Contract['accounts.summary']>

/** A total and its count per status (statuses are values, not keys, so the case conversion leaves them alone). */
export type StatusCounts = SummaryCounts['sites'] | NonNullable<SummaryCounts['users']>

export const summaryApi = {
  get: (signal?: AbortSignal) => call('accounts.summary', {}, { signal }),
}

export const summaryKeys = {
  all: ['summary'] as const,
  counts: () => [...summaryKeys.all, 'counts'] as const,
}

export const summaryQuery = () =>
  queryOptions({ queryKey: summaryKeys.counts(), queryFn: ({ signal }) => summaryApi.get(signal) })
