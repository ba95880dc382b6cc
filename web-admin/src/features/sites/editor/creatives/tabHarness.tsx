import type { PlanFeature, SiteLanguage } from '@swipe/shared'
import { type ComponentType, useCallback, useState } from 'react'
import { vi } from 'vitest'
import { renderWithProviders } from '../../../../test/renderWithProviders.tsx'
import type { GlobalSetting, SiteDetail, SitePlan } from '../../api.ts'
import type { EditorTabProps, FieldProblem, SiteDraft } from '../draft.ts'

/**
 * Test harness for the editor tabs: holds a SiteDraft in state the way the editor frame does and
 * hands the tab EditorTabProps. Only tests import it.
 */

export const SITE_ID = 'site-1'

const FEATURES: Record<PlanFeature, boolean> = {
  privateDomain: true,
  settingPopupCta: true,
  settingFormContact: true,
  analyticsEffect: true,
  settingTagSeo: true,
  multiLanguage: true,
}

export const testPlan = (features: Partial<Record<PlanFeature, boolean>> = {}): SitePlan => ({
  id: 'standard',
  name: 'スタンダード',
  quantitySwipe: 30,
  quantitySite: 3,
  features: { ...FEATURES, ...features },
})

export const testGlobalSetting = (overrides: Partial<GlobalSetting> = {}): GlobalSetting => ({
  id: SITE_ID,
  name: '春のキャンペーン',
  status: 'DRAFT',
  url: null,
  siteUuid: '3f1c2b7a-1d2e-4f5a-8b6c-7d8e9f0a1b2c',
  ownerId: 'u-1',
  numberHorizontal: 2,
  numberVertical: 3,
  viewMode: 'MOBILE',
  defaultLanguage: 'JP',
  languages: ['JP'],
  displayLanguageIcon: false,
  displayGlobalMenu: false,
  creativeFit: null,
  faviconKey: null,
  logoKey: null,
  globalMenuTextColor: null,
  speakerColor: null,
  popupCtas: [],
  adTags: null,
  messageMatch: null,
  customDomain: null,
  createdAt: '2025-04-01T00:00:00.000Z',
  updatedAt: '2025-04-01T00:00:00.000Z',
  publishedAt: null,
  publishedVersion: null,
  unpublishedChanges: false,
  ...overrides,
})

export const testDraft = (overrides: Partial<SiteDraft> = {}): SiteDraft => ({
  globalSetting: testGlobalSetting(),
  menus: [],
  creatives: [],
  settings: [],
  ...overrides,
})

export interface TabOptions {
  draft?: SiteDraft
  lang?: SiteLanguage
  plan?: SitePlan
  version?: number
  readOnly?: boolean
  problems?: FieldProblem[]
  /** Display URLs already known, by storage key. */
  media?: Record<string, string>
}

/**
 * Renders a tab with a draft held in state. `latest()` is the draft as the tab last changed it;
 * `onServerSite` records the call and, like the frame, takes the site's creatives of that language.
 */
export const renderTab = (Tab: ComponentType<EditorTabProps>, options: TabOptions = {}) => {
  const seen = { draft: options.draft ?? testDraft() }
  const onServerSite = vi.fn<(site: SiteDetail, lang: SiteLanguage) => void>()

  const Harness = () => {
    const [draft, setDraft] = useState(seen.draft)
    const [media, setMedia] = useState<Record<string, string>>(options.media ?? {})
    const [version, setVersion] = useState(options.version ?? 7)
    seen.draft = draft
    // Stable like the frame's, so memoised parts of a tab skip renders as they would in the app.
    const onChange = useCallback<EditorTabProps['onChange']>(
      (update) => setDraft((current) => update(current)),
      [],
    )
    const addMedia = useCallback(
      (key: string, url: string) => setMedia((known) => ({ ...known, [key]: url })),
      [],
    )
    return (
      <Tab
        siteId={SITE_ID}
        draft={draft}
        lang={options.lang ?? 'JP'}
        plan={options.plan ?? testPlan()}
        version={version}
        readOnly={options.readOnly ?? false}
        problems={options.problems ?? []}
        mediaUrl={(key) => (key ? media[key] : undefined)}
        addMedia={addMedia}
        onChange={onChange}
        onServerSite={(site, lang) => {
          onServerSite(site, lang)
          setVersion(site.version)
          setMedia((known) => ({ ...known, ...Object.fromEntries(site.media.map((m) => [m.key, m.url])) }))
          setDraft((current) => ({
            ...current,
            creatives: [
              ...current.creatives.filter((c) => c.lang !== lang),
              ...site.creatives.filter((c) => c.lang === lang),
            ],
          }))
        }}
      />
    )
  }

  const rendered = renderWithProviders({ ui: <Harness /> })
  return { ...rendered, latest: () => seen.draft, onServerSite }
}
