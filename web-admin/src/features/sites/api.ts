import type {
  CTA_ANIMATIONS,
  CTA_POSITIONS,
  FormInputType,
  PlanFeature,
  SITE_STATUS_ACTIONS,
  SiteLanguage,
  SiteStatus,
  SNS_TYPES,
} from '@swipe/shared'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, api, download } from '../../lib/api.ts'
import type { PresignedUpload } from '../../lib/files.ts'
import type { ServerMessage } from '../auth/api.ts'

/**
 * The site-builder calls (SPEC §7 Sites; functions/src/sites) and the shapes they send, camelCased.
 * Absent optional values arrive as `null`; the API accepts the loaded shape straight back on save.
 */

/** The plan a site is built under: its limits and feature switches (SPEC §3 Plan). */
export interface SitePlan {
  id: string
  name: string
  /** Creatives per site (rows × columns). */
  quantitySwipe: number
  /** Sites per account. */
  quantitySite: number
  features: Record<PlanFeature, boolean>
}

export type PopupCtaKind = 'TIME_LIMIT' | 'APPLICANT_LIMIT'
export type CtaAnimation = (typeof CTA_ANIMATIONS)[number]
export type CtaPosition = (typeof CTA_POSITIONS)[number]

export interface PopupCta {
  kind: PopupCtaKind
  isInternalLink: boolean
  linkUrl: string
  content?: string | null
  linkButtonColor: string
  linkTextColor: string
  /** Storage key of the CTA image (confirmed upload). */
  imageUrl?: string | null
  /** ISO date-times with offset. */
  startDate?: string | null
  endDate?: string | null
  /** Applicant limit as digits (fewer than 10 characters). */
  limit?: string | null
  showRemainingTime: boolean
  showRemainingSlots: boolean
  /** Page orders (1-based creative orders) the CTA shows on; empty means every page. */
  effectiveSheets: number[]
  animation: CtaAnimation
  /** Where the CTA sits on the screen (the schema's default: BOTTOM). */
  displayPosition?: CtaPosition | null
}

export interface GlobalSetting {
  id: string
  name: string
  status: SiteStatus
  url: string | null
  siteUuid: string
  ownerId: string
  numberHorizontal: number
  numberVertical: number
  viewMode: 'MOBILE' | 'PC'
  defaultLanguage: SiteLanguage
  languages: SiteLanguage[]
  displayLanguageIcon: boolean
  displayGlobalMenu: boolean
  faviconKey: string | null
  logoKey: string | null
  globalMenuTextColor: string | null
  speakerColor: string | null
  popupCtas: PopupCta[]
  customDomain: string | null
  createdAt: string | null
  updatedAt: string | null
  publishedAt: string | null
}

export interface MenuItem {
  id?: string | null
  name: string
}

export interface GlobalMenu {
  lang: SiteLanguage
  items: MenuItem[]
  textColor: string | null
}

export interface Product {
  id?: string | null
  productName: string
  imagePath?: string | null
  price?: number | null
  description?: string | null
  linkButtonUrl?: string | null
  linkButtonText?: string | null
  linkButtonColor: string
  linkTextColor: string
  /** Position on the 351 × 535 creative frame. */
  coordinateX: number
  coordinateY: number
  textColor?: string | null
  backgroundColor?: string | null
  isInternalLink: boolean
  order: number
}

export interface ImageLinkPoint {
  x: number
  y: number
  linkUrl?: string | null
  isInternalLink: boolean
}

/** One cell of the grid in one language (SPEC §3 Creative detail). */
export interface Creative {
  lang: SiteLanguage
  /** Cell reference: A1, B1, … */
  position: string
  /** Row-major order from 1 (set by the server). */
  order?: number | null
  mediaKey: string | null
  mediaType: 'image' | 'video' | null
  imageAlt: string | null
  linkButtonText: string | null
  linkDestinationUrl: string | null
  isInternalLink: boolean
  linkButtonColor: string
  linkTextColor: string
  mainText: string | null
  mainTextColor: string | null
  price: number | null
  priceTextColor: string | null
  snsConfig: boolean
  showCompany: boolean
  membersOnlyLock: boolean
  hoverArrowColor: string
  arrowFadeInterval: number | null
  sliderSeconds: number | null
  imageLinkPoints: ImageLinkPoint[]
  products: Product[]
}

export type SnsType = (typeof SNS_TYPES)[number]

export interface SnsLink {
  id?: string | null
  snsType: SnsType
  snsUrl: string
}

export interface SeoConfig {
  title: string
  h1: string
  description: string
  head: string
  body: string
}

export interface Company {
  companyWebsite?: string | null
  companyProfile: string
  companyClause: string
  termsOfService: string
  privacyPolicy: string
  contractAgreementRequired: boolean
  showInForm: boolean
  showInMemberShip: boolean
  showInContact: boolean
}

export interface FormOption {
  value: string
  isDefault: boolean
}

export interface FormField {
  id?: string | null
  /** A fixed field (email, password, confirm_password, company): cannot be removed or retyped. */
  key?: 'email' | 'password' | 'confirm_password' | 'company' | null
  typeInput: FormInputType
  title: string
  placeholder: string
  isRequired: boolean
  options: FormOption[]
}

export interface SiteForms {
  contact: { enabled: boolean; recipientEmail?: string | null; companyName: string; fields: FormField[] }
  membership: { enabled: boolean; fields: FormField[] }
  homepage: { enabled: boolean; fields: FormField[] }
}

/** Other settings of one language. */
export interface SiteSettings {
  lang: SiteLanguage
  seo: SeoConfig | null
  sns: SnsLink[]
  company: Company | null
  forms: SiteForms | null
}

/** A storage key the site references and a URL to show it (valid for an hour). */
export interface MediaUrl {
  key: string
  url: string
}

/** GET /site/{id}: the whole site. */
export interface SiteDetail {
  globalSetting: GlobalSetting
  version: number
  menus: GlobalMenu[]
  creatives: Creative[]
  settings: SiteSettings[]
  plan: SitePlan
  /** Display URLs of every stored file the site references (favicon, logo, creatives, products, CTAs). */
  media: MediaUrl[]
}

/** PUT /site/{id}. Each of menus, creatives and settings, when sent, is the whole of that part. */
export interface SaveSiteBody {
  version: number
  globalSetting: Omit<
    GlobalSetting,
    'status' | 'url' | 'siteUuid' | 'ownerId' | 'customDomain' | 'createdAt' | 'updatedAt' | 'publishedAt'
  >
  menus?: GlobalMenu[]
  creatives?: Creative[]
  settings?: SiteSettings[]
}

export interface SiteSummary {
  id: string
  name: string
  url: string | null
  status: SiteStatus
  ownerId: string
  /** The owning account's company name (email when it has none). */
  ownerName?: string | null
  numberHorizontal: number
  numberVertical: number
  languages: SiteLanguage[]
  createdAt: string | null
  publishedAt: string | null
  version: number
}

export interface SitePage {
  items: SiteSummary[]
  nextCursor: string | null
}

export const SITES_PAGE_SIZE = 20

export interface SiteListParams {
  name?: string
  status?: SiteStatus
  ownerId?: string
  /** Calendar days (YYYY-MM-DD), both inclusive; the API reads them as Japanese (JST) days. */
  createdFrom?: string
  createdTo?: string
  publishedFrom?: string
  publishedTo?: string
  cursor?: string
  limit?: number
}

export type SiteExportParams = Omit<SiteListParams, 'cursor' | 'limit'>

export interface CreateSiteBody {
  name: string
  numberHorizontal: number
  numberVertical: number
  viewMode?: 'MOBILE' | 'PC'
  defaultLanguage?: SiteLanguage
  languages?: SiteLanguage[]
}

export type SiteStatusAction = (typeof SITE_STATUS_ACTIONS)[number]

/** GET /site/limits: the caller's plan and how many sites it already has. */
export interface SiteLimits {
  plan: SitePlan
  sitesUsed: number
}

/** A file to ask an upload URL for. */
export interface UploadRequest {
  fileName: string
  contentType: string
  size: number
}

export interface SiteUpload extends PresignedUpload {
  fileName: string
}

/** POST /site/confirm-upload: the server checked size, declared type and first bytes. */
export interface ConfirmedUpload {
  key: string
  mediaType: 'image' | 'video'
  url: string
}

export interface BulkUploadStart {
  uploadId: string
  key: string
  /** Bytes per part; the last part holds the rest. */
  partSize: number
  parts: { partNumber: number; uploadUrl: string }[]
}

export interface BulkReportEntry {
  /** The entry's name inside the ZIP. */
  name: string
  status: 'placed' | 'skipped' | 'refused'
  position?: string | null
  mediaType?: 'image' | 'video' | null
  code?: string | null
  message?: string | null
}

/** POST /site/bulk-upload/complete (202): the placement runs as a job the editor polls. */
export interface BulkUploadAccepted {
  jobId: string
}

export type BulkJobStatus = 'processing' | 'done' | 'refused' | 'failed'

/**
 * GET /site/bulk-upload/{jobId}: how far the placement is and what happened to each entry. `done`
 * carries the site after the placement; `refused` placed nothing; `failed` names why in `message`
 * (`code` `error.conflict` when another change was saved first).
 */
export interface BulkUploadResult {
  jobId: string
  status: BulkJobStatus
  processed: number
  total: number
  report: BulkReportEntry[]
  site?: SiteDetail | null
  message?: string | null
  code?: string | null
}

const sitePath = (id: string) => `/site/${encodeURIComponent(id)}`

export const sitesApi = {
  list: (params: SiteListParams, signal?: AbortSignal) =>
    api.get<SitePage>('/site', { params: { limit: SITES_PAGE_SIZE, ...params }, signal }),
  limits: (signal?: AbortSignal) => api.get<SiteLimits>('/site/limits', { signal }),
  get: (id: string, signal?: AbortSignal) => api.get<SiteDetail>(sitePath(id), { signal }),
  create: (body: CreateSiteBody) => api.post<SiteDetail & ServerMessage>('/site', body),
  save: (id: string, body: SaveSiteBody) => api.put<SiteDetail & ServerMessage>(sitePath(id), body),
  status: (id: string, body: { action: SiteStatusAction; version: number }) =>
    api.post<SiteDetail & ServerMessage>(`${sitePath(id)}/status`, body),
  remove: (id: string, version: number) => api.delete<ServerMessage>(sitePath(id), { params: { version } }),
  exportCsv: (params: SiteExportParams) => download('/site/export', { params: { ...params } }),
  uploadUrls: (siteId: string, files: UploadRequest[], signal?: AbortSignal) =>
    api.post<{ uploads: SiteUpload[] }>('/site/generate-urls', { siteId, files }, { signal }),
  logoUrl: (siteId: string, purpose: 'logo' | 'favicon', file: UploadRequest, signal?: AbortSignal) =>
    api.post<SiteUpload>('/site/generate-logo-url', { siteId, purpose, ...file }, { signal }),
  confirmUpload: (siteId: string, key: string, fileName: string, signal?: AbortSignal) =>
    api.post<ConfirmedUpload>('/site/confirm-upload', { siteId, key, fileName }, { signal }),
  bulkStart: (siteId: string, fileName: string, size: number, signal?: AbortSignal) =>
    api.post<BulkUploadStart>('/site/bulk-upload/start', { siteId, fileName, size }, { signal }),
  bulkComplete: (body: {
    siteId: string
    uploadId: string
    key: string
    parts: { partNumber: number; etag: string }[]
    lang: SiteLanguage
    version: number
  }) => api.post<BulkUploadAccepted>('/site/bulk-upload/complete', body),
  bulkStatus: (jobId: string, signal?: AbortSignal) =>
    api.get<BulkUploadResult>(`/site/bulk-upload/${encodeURIComponent(jobId)}`, { signal }),
  bulkAbort: (siteId: string, uploadId: string, key: string) =>
    api.post<ServerMessage>('/site/bulk-upload/abort', { siteId, uploadId, key }),
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

/** Another change was saved since the editor loaded the site (optimistic lock). */
export const isStaleVersion = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409 && error.code === 'error.conflict'

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
