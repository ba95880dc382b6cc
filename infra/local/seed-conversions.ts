/**
 * The demo site's ad tags and server-side conversions (issue 32): Meta Pixel, GA4 and LINE Tag by
 * ID (the editor's sample IDs) with consent asked first (`opt-in`), so the published page shows the
 * consent banner, loads its tags file only after "accept" and lists them on its 外部送信に関する公表事項
 * page; and the Meta Conversions API (with the test event code `TEST12345`) and the LINE Conversion
 * API as server-side destinations, each with local-only credentials sealed as the console stores
 * them. Called before the seed publishes the site, so the publish records both destinations
 * (`publishedConversions`) and a contact sent on the demo site with consent reaches the ad-platform
 * stand-in.
 *
 * A short delivery log per destination, as the sends would have left it: five conversions over the
 * last days, each sent to both. Meta: two delivered and one refused ("Invalid parameter") before the
 * creator entered the test code yesterday, then two delivered in test mode. LINE: all five
 * delivered, the latest on its third attempt after two 500s. None is left PENDING: the retry sweep
 * would send it (and the test stacks, whose clocks run ahead, would see it at their stand-in). The
 * ad tags are written when the site has none; the credentials and the log when the site has neither
 * credentials nor this log (a creator's own changes are kept).
 */
export const seedConversions = async (
  creatorId: string,
  site: { siteId: string },
  log: (line: string) => void,
) => {
  const { Sites } = await import('../../functions/src/data/sites.ts')
  const { SiteConversionCredentials, SiteConversionDeliveries } = await import(
    '../../functions/src/data/site-conversions.ts'
  )
  const { storeCredentials } = await import('../../functions/src/domain/conversion-credentials.ts')
  const { buildConversionRequest } = await import('../../functions/src/domain/conversions.ts')
  const { siteUrl } = await import('../../functions/src/platform/services/urls.ts')
  const { EXAMPLE_VENDORS, SiteTagsSchema } = await import('@swipe/shared/site/tags-vendors')
  const { siteId } = site
  const stored = (await Sites.get({ siteId }).go()).data
  if (!stored) return

  const conversions = {
    meta: { pixelId: EXAMPLE_VENDORS.metaPixel.pixelId, testEventCode: 'TEST12345' },
    line: { tagId: EXAMPLE_VENDORS.lineTag.tagId },
  }
  if (!stored.adTags) {
    // As a save stores it: read through its schema (IDs checked, defaults filled).
    const adTags = SiteTagsSchema.parse({
      vendors: {
        metaPixel: EXAMPLE_VENDORS.metaPixel,
        ga4: EXAMPLE_VENDORS.ga4,
        lineTag: EXAMPLE_VENDORS.lineTag,
      },
      consent: 'opt-in',
      conversions,
    })
    // A change bumps the site's version, as an editor save would.
    await Sites.patch({ siteId }).set({ adTags }).add({ version: 1 }).go()
    log('seed: demo site ad tags (Meta Pixel, GA4, LINE Tag; consent opt-in; Meta and LINE conversions)')
  }

  // The log's event ids are fixed: its first one marks the log as written.
  const eventIdOf = (n: number) => `00000000-0000-4000-8000-0000000c${String(n).padStart(4, '0')}`
  const seeded = await Promise.all([
    SiteConversionCredentials.query.credentials({ siteId }).go({ limit: 1 }),
    SiteConversionDeliveries.get({ siteId, platform: 'meta', eventId: eventIdOf(1) }).go(),
  ])
  if (seeded[0].data.length || seeded[1].data) return
  await storeCredentials(siteId, 'meta', { accessToken: 'local-demo-meta-token' }, creatorId)
  await storeCredentials(siteId, 'line', { accessToken: 'local-demo-line-token' }, creatorId)

  const url = siteUrl(stored)
  const now = Date.now()
  const MINUTE = 60_000
  const HOUR = 60 * MINUTE
  const DAY = 24 * HOUR
  const iso = (ms: number) => new Date(ms).toISOString()
  // Meta before the creator entered the test code.
  const beforeTestCode = { ...conversions, meta: { pixelId: conversions.meta.pixelId } }
  const userAgent =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1'
  /** How a delivery ended: delivered (on its `attempts`-th attempt, `lastAfter` ms after the event) or refused. */
  type Outcome =
    | { state: 'DELIVERED'; attempts?: number; lastAfter?: number }
    | { state: 'FAILED'; status: number; error: string }
  const occurrences: Array<{
    n: number
    ago: number
    event: 'contactSent' | 'homepageFormSent' | 'memberRegistered'
    page: string
    email: string
    metaTest: boolean
    meta: Outcome
    line: Outcome
  }> = [
    {
      n: 1,
      ago: 5 * DAY + 3 * HOUR,
      event: 'contactSent',
      page: 'contact',
      email: 'hanako@example.com',
      metaTest: false,
      meta: { state: 'DELIVERED' },
      line: { state: 'DELIVERED' },
    },
    {
      n: 2,
      ago: 4 * DAY + 7 * HOUR,
      event: 'memberRegistered',
      page: 'register-complete',
      email: 'taro@example.com',
      metaTest: false,
      meta: { state: 'DELIVERED' },
      line: { state: 'DELIVERED' },
    },
    {
      n: 3,
      ago: 3 * DAY + 2 * HOUR,
      event: 'homepageFormSent',
      page: 'forms',
      email: 'jiro@example.com',
      metaTest: false,
      meta: { state: 'FAILED', status: 400, error: 'Invalid parameter' },
      line: { state: 'DELIVERED' },
    },
    {
      n: 4,
      ago: 22 * HOUR,
      event: 'contactSent',
      page: 'contact',
      email: 'sakura@example.com',
      metaTest: true,
      meta: { state: 'DELIVERED' },
      line: { state: 'DELIVERED' },
    },
    {
      n: 5,
      ago: 40 * MINUTE,
      event: 'contactSent',
      page: 'contact',
      email: 'yuki@example.com',
      metaTest: true,
      meta: { state: 'DELIVERED' },
      // Answered 500 at once and 30 s later; the backoff's third attempt (1.5 min) got 200.
      line: { state: 'DELIVERED', attempts: 3, lastAfter: 90_000 },
    },
  ]
  const deliveries = []
  for (const o of occurrences) {
    const at = now - o.ago
    const eventId = eventIdOf(o.n)
    const occurrence = {
      event: o.event,
      eventId,
      at,
      email: o.email,
      context: { eventId, consent: 'granted' as const, pageUrl: `${url}${o.page}` },
      ip: `203.0.113.${10 + o.n}`,
      userAgent,
    }
    for (const platform of ['meta', 'line'] as const) {
      const destinations = platform === 'meta' && o.metaTest ? conversions : beforeTestCode
      const request = await buildConversionRequest(platform, destinations, occurrence)
      if (!request) throw new Error(`demo conversion ${o.n} builds no ${platform} request`)
      const outcome: Outcome = o[platform]
      const attemptAt = at + (outcome.state === 'DELIVERED' ? (outcome.lastAfter ?? 1_000) : 1_000)
      deliveries.push({
        siteId,
        platform,
        eventId,
        event: o.event,
        payload: JSON.stringify(request),
        testMode: platform === 'meta' && o.metaTest,
        createdAt: iso(at),
        state: outcome.state,
        dueAt: iso(attemptAt),
        attempts: outcome.state === 'DELIVERED' ? (outcome.attempts ?? 1) : 1,
        lastAttemptAt: iso(attemptAt),
        lastStatus: outcome.state === 'DELIVERED' ? 200 : outcome.status,
        ...(outcome.state === 'DELIVERED' ? {} : { lastError: outcome.error }),
        updatedAt: iso(attemptAt),
        // Kept 90 days, as every delivery.
        expiresAt: Math.floor((at + 90 * DAY) / 1000),
      })
    }
  }
  await SiteConversionDeliveries.put(deliveries).go()
  log('seed: demo site conversion credentials (Meta, LINE) and delivery log (five conversions)')
}
