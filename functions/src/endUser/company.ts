import { endUserRoutes } from '@swipe/shared/contract/endUser'
import { PAGE_TEXTS } from '@swipe/shared/site/texts'
import { safeExternalUrl } from '@swipe/shared/site/urls'
import { ok } from '#edge/http'
import { CONTENT_CACHE, languageFor, publishedSite, settingsOf, visitorEndpoint } from './service.ts'

/** The four legal documents, in the company modal's tab order (SPEC §3 Company info tab, 0–3). */
const TAB_FIELDS = ['companyProfile', 'companyClause', 'termsOfService', 'privacyPolicy'] as const

interface StoredCompany {
  companyWebsite?: string
  companyProfile?: string
  companyClause?: string
  termsOfService?: string
  privacyPolicy?: string
  contractAgreementRequired?: boolean
  showInForm?: boolean
  showInMemberShip?: boolean
  showInContact?: boolean
}

/**
 * GET /end-user/common/{siteId}/company?lang=: company profile and legal texts as plain strings
 * (the client escapes them), one tab per document with the page's own tab names.
 */
export const handler = visitorEndpoint(endUserRoutes['endUser.company'], async ({ params, query }) => {
  const { site, items } = await publishedSite(params.siteId)
  const lang = languageFor(site, query.lang)
  const company = (settingsOf(site, items, lang)?.company ?? {}) as StoredCompany
  const website = safeExternalUrl(company.companyWebsite) ?? null
  return ok(
    {
      lang,
      companyWebsite: website,
      contractAgreementRequired: company.contractAgreementRequired ?? false,
      showInForm: company.showInForm ?? false,
      showInMemberShip: company.showInMemberShip ?? false,
      showInContact: company.showInContact ?? false,
      tabs: TAB_FIELDS.map((field, tabId) => ({
        tabId,
        kind: field,
        tabName: PAGE_TEXTS[lang].companyTabs[tabId]!,
        link: tabId === 0 ? website : null,
        content: company[field] ?? '',
      })),
    },
    200,
    CONTENT_CACHE,
  )
})
