import type { CTA_ANIMATIONS, CTA_POSITIONS, SITE_STATUS_ACTIONS, SNS_TYPES } from '@swipe/shared'
import type { Contract, RouteInput, RouteOutput } from '@swipe/shared/contract'
import type { CreativeView, GlobalSettingView, MenuView, SettingsView } from '@swipe/shared/site/model'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, call, callDownload } from '../../lib/api.ts'

/**
 * The site-builder calls (SPEC §7 Sites; functions/src/sites) through the contract
 * (`@swipe/shared/contract/sites`): paths, inputs and answers are the routes' own. Absent optional
 * values arrive as `null`; the API accepts the loaded shape straight back on save.
 */

/** GET /site/{id}: the whole site, the owner's plan and display URLs of its stored files. */
export type SiteDetail = RouteOutput<Contract['sites.get']>
/** The plan a site is built under: its limits and feature switches (SPEC §3 Plan). */
export type SitePlan = SiteDetail['plan']
/** A storage key the site references and a URL to show it (valid for an hour). */
export type MediaUrl = SiteDetail['media'][number]
/** What a save or a status action answers (the status answer carries no plan). */
export type SavedSite = RouteOutput<Contract['sites.update']> | RouteOutput<Contract['sites.status']>

export type PopupCtaKind = 'TIME_LIMIT' | 'APPLICANT_LIMIT'
export type CtaAnimation = (typeof CTA_ANIMATIONS)[number]
export type CtaPosition = (typeof CTA_POSITIONS)[number]

/**
 * The editor's site types: the site model's views (`@swipe/shared/site/model`, types only, so no
 * zod reaches the console's bundle), with every optional value nullable at any depth ("not set").
 */
export type GlobalSetting = GlobalSettingView
export type PopupCta = GlobalSetting['popupCtas'][number]
export type GlobalMenu = MenuView
export type MenuItem = GlobalMenu['items'][number]
/** One cell of the grid in one language (SPEC §3 Creative detail). */
export type Creative = CreativeView
export type Product = Creative['products'][number]
export type ImageLinkPoint = Creative['imageLinkPoints'][number]
/** Other settings of one language. */
export type SiteSettings = SettingsView
export type SnsType = (typeof SNS_TYPES)[number]
export type SnsLink = SiteSettings['sns'][number]
export type SeoConfig = NonNullable<SiteSettings['seo']>
export type Company = NonNullable<SiteSettings['company']>
export type SiteForms = NonNullable<SiteSettings['forms']>
export type FormField = SiteForms['contact']['fields'][number]
export type FormOption = FormField['options'][number]

/** PUT /site/{id}. Each of menus, creatives and settings, when sent, is the whole of that part. */
export interface SaveSiteBody {
  version: number
  globalSetting: Omit<
    GlobalSetting,
    | 'status'
    | 'url'
    | 'siteUuid'
    | 'ownerId'
    | 'customDomain'
    | 'createdAt'
    | 'updatedAt'
    | 'publishedAt'
    | 'publishedVersion'
    | 'unpublishedChanges'
  >
  menus?: GlobalMenu[]
  creatives?: Creative[]
  settings?: SiteSettings[]
}

export type SitePage = RouteOutput<Contract['sites.list']>
export type SiteSummary = SitePage['items'][number]

export const SITES_PAGE_SIZE = 20

/** The list's filters and page; date bounds are calendar days (YYYY-MM-DD) read as JST days. */
export type SiteListParams = NonNullable<RouteInput<Contract['sites.list']>['query']>
export type SiteExportParams = NonNullable<RouteInput<Contract['sites.export']>['query']>

export type CreateSiteBody = RouteInput<Contract['sites.create']>['body']

export type SiteStatusAction = (typeof SITE_STATUS_ACTIONS)[number]

/** GET /site/limits: the caller's plan and how many sites it already has. */
export type SiteLimits = RouteOutput<Contract['sites.limits']>

/** A file to ask an upload URL for. */
export type UploadRequest = RouteInput<Contract['sites.uploadUrls']>['body']['files'][number]

/** A presigned upload of one file. */
export type SiteUpload = RouteOutput<Contract['sites.logoUrl']>

/** POST /site/confirm-upload: the server checked size, declared type and first bytes. */
export type ConfirmedUpload = RouteOutput<Contract['sites.confirmUpload']>

export type BulkUploadStart = RouteOutput<Contract['sites.bulkStart']>

/**
 * GET /site/bulk-upload/{jobId}: how far the placement is and what happened to each entry. `done`
 * carries the site after the placement; `refused` placed nothing; `failed` names why in `message`
 * (`code` `error.conflict` when another change was saved first).
 */
export type BulkUploadResult = RouteOutput<Contract['sites.bulkStatus']>
export type BulkReportEntry = BulkUploadResult['report'][number]
export type BulkJobStatus = BulkUploadResult['status']

export const sitesApi = {
  list: (params: SiteListParams, signal?: AbortSignal) =>
    call('sites.list', { query: { limit: SITES_PAGE_SIZE, ...params } }, { signal }),
  limits: (signal?: AbortSignal) => call('sites.limits', {}, { signal }),
  get: (id: string, signal?: AbortSignal) => call('sites.get', { params: { id } }, { signal }),
  create: (body: CreateSiteBody) => call('sites.create', { body }),
  save: (id: string, body: SaveSiteBody) => call('sites.update', { params: { id }, body }),
  status: (id: string, body: RouteInput<Contract['sites.status']>['body']) =>
    call('sites.status', { params: { id }, body }),
  remove: (id: string, version: number) => call('sites.remove', { params: { id }, query: { version } }),
  exportCsv: (params: SiteExportParams) => callDownload('sites.export', { query: params }),
  uploadUrls: (siteId: string, files: UploadRequest[], signal?: AbortSignal) =>
    call('sites.uploadUrls', { body: { siteId, files } }, { signal }),
  logoUrl: (siteId: string, purpose: 'logo' | 'favicon', file: UploadRequest, signal?: AbortSignal) =>
    call('sites.logoUrl', { body: { siteId, purpose, ...file } }, { signal }),
  confirmUpload: (siteId: string, key: string, fileName: string, signal?: AbortSignal) =>
    call('sites.confirmUpload', { body: { siteId, key, fileName } }, { signal }),
  bulkStart: (siteId: string, fileName: string, size: number, signal?: AbortSignal) =>
    call('sites.bulkStart', { body: { siteId, fileName, size } }, { signal }),
  bulkComplete: (body: RouteInput<Contract['sites.bulkComplete']>['body']) =>
    call('sites.bulkComplete', { body }),
  bulkStatus: (jobId: string, signal?: AbortSignal) =>
    call('sites.bulkStatus', { params: { jobId } }, { signal }),
  bulkAbort: (siteId: string, uploadId: string, key: string) =>
    call('sites.bulkAbort', { body: { siteId, uploadId, key } }),
  /** Whether uploads' web renditions are made yet (issue 22). */
  mediaStatus: (siteId: string, keys: readonly string[], signal?: AbortSignal) =>
    call('sites.mediaStatus', { params: { id: siteId }, query: { keys: keys.join(',') } }, { signal }),
}

export const siteKeys = {
  all: ['sites'] as const,
  lists: () => [...siteKeys.all, 'list'] as const,
  list: (params: SiteListParams) => [...siteKeys.lists(), params] as const,
  limits: () => [...siteKeys.all, 'limits'] as const,
  details: () => [...siteKeys.all, 'detail'] as const,
  detail: (id: string) => [...siteKeys.details(), id] as const,
}

export const sitesListQuery = (params: SiteListParams) =>
  queryOptions({
    queryKey: siteKeys.list(params),
    queryFn: ({ signal }) => sitesApi.list(params, signal),
    placeholderData: keepPreviousData,
  })

export const siteLimitsQuery = () =>
  queryOptions({ queryKey: siteKeys.limits(), queryFn: ({ signal }) => sitesApi.limits(signal) })

export const siteDetailQuery = (id: string) =>
  queryOptions({
    queryKey: siteKeys.detail(id),
    queryFn: ({ signal }) => sitesApi.get(id, signal),
    // The editor holds its own draft; a background refetch must not replace what the user edits.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  })

/** A plan limit or a feature the plan lacks (403 `plan.*`), explained in place. */
export const isPlanRefusal = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && (error.code ?? '').startsWith('plan.')

export const useCreateSite = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sitesApi.create,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteKeys.all }),
  })
}

export const useDeleteSite = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) => sitesApi.remove(id, version),
    onSuccess: (_data, { id }) => {
      queryClient.removeQueries({ queryKey: siteKeys.detail(id) })
      return queryClient.invalidateQueries({ queryKey: siteKeys.lists() })
    },
  })
}

export const useExportSites = () => useMutation({ mutationFn: sitesApi.exportCsv })
