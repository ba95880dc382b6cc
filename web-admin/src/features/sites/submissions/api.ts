import { SUBMISSION_LIST_LIMITS } from '@swipe/shared'
import type { Contract, RouteInput, RouteOutput } from '@swipe/shared/contract'
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query'
import { call, callDownload } from '../../../lib/api.ts'

/**
 * The creator's lists of one site (SPEC §7 Members, contacts, forms; functions/src/submissions):
 * members, contact-form and homepage-form submissions, each a cursor-paged list and a CSV.
 */

/** The screen's tabs, in SPEC §2's order. */
export const SUBMISSION_TABS = ['member', 'contact', 'form'] as const
export type SubmissionTab = (typeof SUBMISSION_TABS)[number]

/** The routes of each tab: its page and its CSV. */
const LIST_ROUTES = {
  member: 'submissions.members',
  contact: 'submissions.contacts',
  form: 'submissions.forms',
} as const
const CSV_ROUTES = {
  member: 'submissions.membersCsv',
  contact: 'submissions.contactsCsv',
  form: 'submissions.formsCsv',
} as const

type MemberPage = RouteOutput<Contract['submissions.members']>
export type MemberRow = MemberPage['items'][number]
export type SubmissionRow = RouteOutput<Contract['submissions.contacts']>['items'][number]
export type SubmissionListRow = MemberRow | SubmissionRow
/** A page of any list, with the site it belongs to (for the screen's title). */
export type SubmissionListPage = Omit<MemberPage, 'items'> & { items: SubmissionListRow[] }

/**
 * The filters (the member list's, which add `status`): part of the email, any case; calendar days
 * (YYYY-MM-DD), both inclusive, read by the API as Japanese (JST) days.
 */
export type SubmissionFilters = NonNullable<RouteInput<Contract['submissions.membersCsv']>['query']>

export type SubmissionListParams = SubmissionFilters & { cursor?: string }

/** The status filter belongs to the member list only; the others would refuse nothing but ignore it. */
const paramsOf = (tab: SubmissionTab, { status, ...rest }: SubmissionListParams) =>
  tab === 'member' ? { ...rest, status } : rest

export const submissionsApi = {
  list: (
    tab: SubmissionTab,
    siteId: string,
    params: SubmissionListParams,
    signal?: AbortSignal,
  ): Promise<SubmissionListPage> =>
    call(
      LIST_ROUTES[tab],
      {
        params: { id: siteId },
        query: { limit: SUBMISSION_LIST_LIMITS.pageSize, ...paramsOf(tab, params) },
      },
      { signal },
    ),
  exportCsv: (tab: SubmissionTab, siteId: string, filters: SubmissionFilters) =>
    callDownload(CSV_ROUTES[tab], { params: { id: siteId }, query: paramsOf(tab, filters) }),
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
