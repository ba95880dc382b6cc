import { queryOptions } from '@tanstack/react-query'
import { api } from '../../lib/api.ts'

/** How many items have one status. Statuses are values, not keys, so the case conversion leaves them alone. */
export interface StatusCount {
  status: string
  count: number
}

export interface StatusCounts {
  total: number
  byStatus: StatusCount[]
}

/** GET /summary: the caller's users by contract status (null for direct users) and sites by status. */
export interface SummaryCounts {
  users: StatusCounts | null
  sites: StatusCounts
}

export const summaryApi = {
  get: (signal?: AbortSignal) => api.get<SummaryCounts>('/summary', { signal }),
}

export const summaryKeys = {
  all: ['summary'] as const,
  counts: () => [...summaryKeys.all, 'counts'] as const,
}

export const summaryQuery = () =>
  queryOptions({ queryKey: summaryKeys.counts(), queryFn: ({ signal }) => summaryApi.get(signal) })
