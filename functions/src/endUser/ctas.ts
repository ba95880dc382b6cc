import { endUserRoutes } from '@swipe/shared/contract/endUser'
import { cellOrder } from '@swipe/shared/site/cells'
import { ctaContentFor } from '@swipe/shared/site/cta'
import { ok } from '#edge/http'
import { ctaClicks } from './counters.ts'
import { applicantLimit, ctaState, hasEnded } from './cta.ts'
import { languageFor, mediaUrls, NO_STORE, publishedSetting, visitorEndpoint } from './service.ts'

/**
 * GET /end-user/site/{siteId}/cta?lang=&position=: the site's popup CTAs that have not ended,
 * each with its text and image in the page's language (the default language's where that
 * language has none of its own), with their live state computed by the island's rules: slots left (limit − clicks counted, never
 * below 0), the sheets each shows on now, whether it shows (on `position`'s sheet when given) and
 * its countdown text. Never cached: slots change with every click.
 */
export const handler = visitorEndpoint(endUserRoutes['endUser.ctas'], async ({ params, query }) => {
  const site = await publishedSetting(params.siteId)
  const lang = languageFor(site, query.lang)
  const now = Date.now()
  // Read through the site model: the CTAs carry their defaults.
  const all = site.popupCtas
  // Each CTA's text and image in the asked language (the default language's where it has none).
  const live = all
    .map((cta, index) => ({ cta, index, shown: ctaContentFor(cta, lang, site.defaultLanguage) }))
    .filter(({ cta }) => !hasEnded(cta, now))
  const [clicks, media] = await Promise.all([
    live.length ? ctaClicks(site.siteId) : new Map<number, number>(),
    mediaUrls(
      site,
      live.map(({ shown }) => shown.imageUrl),
    ),
  ])
  const sheet = query.position ? cellOrder(query.position, site.numberVertical) : undefined
  const pages = site.numberHorizontal * site.numberVertical
  return ok(
    {
      lang,
      now: new Date(now).toISOString(),
      ctas: live.map(({ cta, index, shown }) => ({
        index,
        kind: cta.kind ?? 'TIME_LIMIT',
        content: shown.content,
        isInternalLink: cta.isInternalLink,
        linkUrl: cta.linkUrl ?? null,
        linkButtonColor: cta.linkButtonColor,
        linkTextColor: cta.linkTextColor,
        imageUrl: (shown.imageUrl && media.get(shown.imageUrl)) || null,
        animation: cta.animation,
        displayPosition: cta.displayPosition,
        startDate: cta.startDate ?? null,
        endDate: cta.endDate ?? null,
        effectiveSheets: cta.effectiveSheets ?? [],
        showRemainingTime: cta.showRemainingTime ?? false,
        showRemainingSlots: cta.showRemainingSlots ?? false,
        limit: applicantLimit(cta) ?? null,
        ...ctaState(cta, clicks.get(index) ?? 0, now, lang, sheet, pages),
      })),
    },
    200,
    NO_STORE,
  )
})
