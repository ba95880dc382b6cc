import { defaultForms, keysToCamel, keysToSnake, type SiteLanguage } from '@swipe/shared'
import { screen } from '@testing-library/react'
import { type ComponentType, useState } from 'react'
import type { RouteObject } from 'react-router'
import { storeSession, userInfoBody } from '../../../../test/fixtures.ts'
import { type MockReply, type MockRequest, mockApi } from '../../../../test/mockApi.ts'
import { mockStorage } from '../../../../test/mockUpload.ts'
import { renderWithProviders } from '../../../../test/renderWithProviders.tsx'
import { ConsoleLayout } from '../../../shell/ConsoleLayout.tsx'
import type { Creative, GlobalSetting, PopupCta, SiteDetail, SitePlan } from '../../api.ts'
import { newCreative } from '../creatives/model.ts'
import type { EditorTabProps, FieldProblem, SiteDraft } from '../draft.ts'
import { SiteEditorPage } from '../SiteEditorPage.tsx'
import { draftOf } from './editorModel.ts'

/** Test helpers of the site editor: a site as GET /site/{id} sends it, the page, a tab alone. */

export const SITE_ID = 'site-1'
export const SITE_PATH = `/site/${SITE_ID}`

export const testPlan = (features: Partial<SitePlan['features']> = {}, quantitySwipe = 30): SitePlan => ({
  id: 'standard',
  name: 'スタンダード',
  quantitySwipe,
  quantitySite: 3,
  features: {
    privateDomain: true,
    settingPopupCta: true,
    settingFormContact: true,
    analyticsEffect: true,
    settingTagSeo: true,
    multiLanguage: false,
    ...features,
  },
})

export const testCreative = (
  lang: SiteLanguage,
  position: string,
  overrides: Partial<Creative> = {},
): Creative => ({
  ...newCreative(lang, position),
  order: null,
  mediaKey: `sites/${SITE_ID}/${lang}/${position}.png`,
  mediaType: 'image',
  ...overrides,
})

export const testCta = (overrides: Partial<PopupCta> = {}): PopupCta => ({
  kind: 'TIME_LIMIT',
  isInternalLink: true,
  linkUrl: 'contact',
  localized: [{ lang: 'JP', content: '今だけ30%オフ' }],
  linkButtonColor: '#FF0000',
  linkTextColor: '#FFFFFF',
  startDate: null,
  endDate: null,
  limit: null,
  showRemainingTime: false,
  showRemainingSlots: false,
  effectiveSheets: [],
  animation: 'NONE',
  displayPosition: 'BOTTOM',
  ...overrides,
})

interface SiteOverrides {
  globalSetting?: Partial<GlobalSetting>
  menus?: SiteDetail['menus']
  creatives?: SiteDetail['creatives']
  settings?: SiteDetail['settings']
  plan?: SitePlan
  version?: number
  media?: SiteDetail['media']
}

/** A two-by-two Japanese site with two creatives and a two-item menu, version 3 (camelCase). */
export const testSite = (overrides: SiteOverrides = {}): SiteDetail => {
  const languages = overrides.globalSetting?.languages ?? ['JP']
  return {
    globalSetting: {
      id: SITE_ID,
      name: '春のキャンペーン',
      status: 'DRAFT',
      url: 'https://sites.example.test/0b6f3c1e-2d4a-4f5b-8c6d-7e8f9a0b1c2d',
      siteUuid: '0b6f3c1e-2d4a-4f5b-8c6d-7e8f9a0b1c2d',
      ownerId: 'u-1',
      numberHorizontal: 2,
      numberVertical: 2,
      viewMode: 'MOBILE',
      defaultLanguage: 'JP',
      languages,
      displayLanguageIcon: false,
      displayGlobalMenu: true,
      creativeFit: null,
      faviconKey: null,
      logoKey: null,
      globalMenuTextColor: null,
      speakerColor: null,
      popupCtas: [],
      adTags: null,
      messageMatch: null,
      customDomain: null,
      createdAt: '2025-04-01T01:00:00.000Z',
      updatedAt: '2025-04-02T01:00:00.000Z',
      publishedAt: null,
      publishedVersion: null,
      unpublishedChanges: false,
      ...overrides.globalSetting,
    },
    version: overrides.version ?? 3,
    menus: overrides.menus ?? [
      {
        lang: 'JP',
        items: [
          { id: 'm-1', name: 'ホーム' },
          { id: 'm-2', name: '商品一覧' },
        ],
        textColor: null,
      },
    ],
    creatives: overrides.creatives ?? [testCreative('JP', 'A1'), testCreative('JP', 'B1')],
    settings:
      overrides.settings ??
      languages.map((lang) => ({ lang, seo: null, sns: [], company: null, forms: defaultForms(lang) })),
    plan: overrides.plan ?? testPlan(),
    media: overrides.media ?? [],
  }
}

/** The site as the API sends it (snake_case), with the message a write answers with. */
export const siteReply = (site: SiteDetail, message?: string): MockReply => ({
  body: keysToSnake({ ...site, ...(message ? { message } : {}) }),
})

/** What the console sent, camelCased back. */
export const sentBody = <T = Record<string, unknown>>(request: MockRequest | undefined): T =>
  keysToCamel<T>(request?.body)

export const calls = (requests: MockRequest[], method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path === path)

const editorRoutes: RouteObject[] = [
  {
    path: '/:userTypeId',
    element: <ConsoleLayout />,
    children: [
      {
        path: 'site/:id',
        handle: { areas: ['siteProduction'], page: 'siteDetail' },
        element: <SiteEditorPage />,
      },
      {
        path: 'site-list',
        handle: { areas: ['siteProduction'], page: 'siteList' },
        element: <p>サイト一覧の画面</p>,
      },
    ],
  },
]

/** Opens the editor of `site` as a signed-in master (or as `info` says), with storage mocked. */
export const openEditor = (
  site: SiteDetail = testSite(),
  routes: Record<string, MockReply | ((request: MockRequest) => MockReply)> = {},
  info: Record<string, unknown> = {},
) => {
  storeSession(info)
  const storage = mockStorage()
  const api = mockApi({
    'GET /auth/user-info': { body: userInfoBody(info) },
    [`GET ${SITE_PATH}`]: siteReply(site),
    ...routes,
  })
  return { ...api, ...storage, ...renderWithProviders({ at: `/master${SITE_PATH}`, routes: editorRoutes }) }
}

/** Waits until the editor shows the site. */
export const editorReady = (name = '春のキャンペーン') => screen.findByRole('heading', { level: 2, name })

/** The last dialog on screen (a closing one may still be in the DOM: jsdom ends no animation). */
export const lastDialog = async () => {
  await screen.findAllByRole('dialog')
  return screen.getAllByRole('dialog').at(-1) as HTMLElement
}

interface TabHarnessOptions {
  site?: SiteDetail
  lang?: SiteLanguage
  readOnly?: boolean
  problems?: FieldProblem[]
  media?: Record<string, string>
  routes?: Record<string, MockReply | ((request: MockRequest) => MockReply)>
}

/**
 * Renders one tab alone with a draft it can change, as the frame would; `draft()` reads the
 * current draft.
 */
export const renderTab = (Tab: ComponentType<EditorTabProps>, options: TabHarnessOptions = {}) => {
  const site = options.site ?? testSite()
  const current: { draft: SiteDraft } = { draft: draftOf(site) }
  const Harness = () => {
    const [draft, setDraft] = useState<SiteDraft>(current.draft)
    const [media, setMedia] = useState<Record<string, string>>(options.media ?? {})
    current.draft = draft
    return (
      <Tab
        siteId={SITE_ID}
        draft={draft}
        lang={options.lang ?? site.globalSetting.defaultLanguage}
        plan={site.plan}
        version={site.version}
        readOnly={options.readOnly ?? false}
        mediaUrl={(key) => (key ? media[key] : undefined)}
        addMedia={(key, url) => setMedia((m) => ({ ...m, [key]: url }))}
        onChange={(update) => setDraft((d) => update(d))}
        onServerSite={() => {}}
        problems={options.problems ?? []}
      />
    )
  }
  storeSession()
  const storage = mockStorage()
  const api = mockApi(options.routes ?? {})
  return { ...api, ...storage, ...renderWithProviders({ ui: <Harness /> }), draft: () => current.draft }
}
