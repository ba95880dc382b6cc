/**
 * The demo site's media get their web renditions (issue 22): the same one-off re-encoding that
 * `npm run media:reencode` runs for media stored before renditions existed (the demo's creatives,
 * its video, product and CTA images). Idempotent: media whose renditions are ready are skipped, so
 * only the first start pays for the encoding. The seed publishes the site afterwards, with them.
 */
export const seedMedia = async (site: { siteId: string }, log: (line: string) => void) => {
  const { reencodeSite } = await import('../../functions/src/sites/media.ts')
  const { MediaRenditions } = await import('../../functions/src/data/media-renditions.ts')
  const readyBefore = new Set(
    (await MediaRenditions.query.byKey({ siteId: site.siteId }).go({ pages: 'all' })).data
      .filter((r) => r.state === 'ready')
      .map((r) => r.key),
  )
  const outcome = await reencodeSite(site.siteId)
  const states = Object.values(outcome)
  const ready = states.filter((s) => s === 'ready').length
  // A restart finds them ready and says nothing (a seed line means the seed changed something).
  if (Object.keys(outcome).some((key) => !readyBefore.has(key)))
    log(`seed: demo media renditions ${ready}/${states.length} ready`)
}
