import {
  type MemberRow,
  type MemberStatus,
  SUBMISSION_LIST_LIMITS,
  type SubmissionPage,
  type SubmissionRow,
} from '@swipe/shared'
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query'
import { api, download } from '../../../lib/api.ts'

/**
 * The creator's lists of one site (SPEC §7 Members, contacts, forms; functions/src/submissions):
 * members, contact-form and homepage-form submissions, each a cursor-paged list and a CSV.
 */

/** The screen's tabs, in SPEC §2's order, and the path segment of each list. */
export const SUBMISSION_TABS = ['member', 'contact', 'form'] as const
export type SubmissionTab = (typeof SUBMISSION_TABS)[number]

const LIST_PATHS: Record<SubmissionTab, string> = {
  member: '/site-member',
  contact: '/site-contact',
  form: '/site-form',
}

export interface SubmissionFilters {
  /** Part of the email address, any case. */
  email?: string
  /** Members only. */
  status?: MemberStatus
  /** Calendar days (YYYY-MM-DD), both inclusive; the API reads them as Japanese (JST) days. */
  from?: string
  to?: string
}

export interface SubmissionListParams extends SubmissionFilters {
  cursor?: string
}

export type { MemberRow, SubmissionRow }
export type SubmissionListRow = MemberRow | SubmissionRow

const pathOf = (tab: SubmissionTab, siteId: string) => `${LIST_PATHS[tab]}/${encodeURIComponent(siteId)}`

/** The status filter belongs to the member list only; the others would refuse nothing but ignore it. */
const paramsOf = (tab: SubmissionTab, { status, ...rest }: SubmissionListParams) =>
  tab === 'member' ? { ...rest, status } : rest

export const submissionsApi = {
  list: (tab: SubmissionTab, siteId: string, params: SubmissionListParams, signal?: AbortSignal) =>
    api.get<SubmissionPage<SubmissionListRow>>(pathOf(tab, siteId), {
      params: { limit: SUBMISSION_LIST_LIMITS.pageSize, ...paramsOf(tab, params) },
      signal,
    }),
  exportCsv: (tab: SubmissionTab, siteId: string, filters: SubmissionFilters) =>
    download(`${pathOf(tab, siteId)}/export-csv`, { params: { ...paramsOf(tab, filters) } }),
}

export const submissionKeys = {
  all: ['siteSubmissions'] as const,
  site: (siteId: string) => [...submissionKeys.all, siteId] as const,
  list: (tab: SubmissionTab, siteId: string, params: SubmissionListParams) =>
    [...submissionKeys.site(siteId), tab, paramsOf(tab, params)] as const,
}

export const submissionListQuery = (tab: SubmissionTab, siteId: string, params: SubmissionListParams) =>
  queryOptions({
    queryKey: submissionKeys.list(tab, siteId, params),
    queryFn: ({ signal }) => submissionsApi.list(tab, siteId, params, signal),
    placeholderData: keepPreviousData,
  })

export const useExportSubmissions = () =>
  useMutation({
    mutationFn: ({
      tab,
      siteId,
      filters,
    }: {
      tab: SubmissionTab
      siteId: string
      filters: SubmissionFilters
    }) => submissionsApi.exportCsv(tab, siteId, filters),
  })
