import { DAY_MS, jstDay } from '@swipe/shared/time/jst'

/**
 * The demo site's A/B test (issue 34), once: a test variant with another headline on JP A1 (the
 * draft rendered as a version that never went live, through the same publisher as
 * 「テスト案として保存」), and an experiment between the live version and it that ran for 14 days and
 * was stopped, with its daily counts — so the editor's 「A/Bテスト」 drawer shows a verdict, the lift
 * with its interval and the sequence over time from the first `npm start`. It is stopped, not
 * running: the demo page stays one page for everyone (the browser tests and the Lighthouse
 * benchmark read it), and publishing stays open. A creator starts a running test from the drawer.
 */
export const seedExperiments = async (
  site: { siteId: string; ownerId: string },
  author: { accountId: string; name: string },
  log: (line: string) => void,
) => {
  const { Experiments, ExperimentCounts } = await import('../../functions/src/data/experiments.ts')
  const { Creatives, Sites } = await import('../../functions/src/data/sites.ts')
  const { renderVariant } = await import('../../functions/src/publishing/variant.ts')
  const { latestVersion } = await import('../../functions/src/publishing/versions.ts')
  const { timeOrderedId } = await import('../../functions/src/data/ids.ts')
  const { siteId } = site
  if ((await Experiments.query.bySite({ siteId }).go({ limit: 1 })).data.length) return
  const live = await latestVersion(siteId)
  const row = (await Sites.get({ siteId }).go()).data
  const a1 = { siteId, gridGeneration: row?.gridGeneration ?? 1, lang: 'JP' as const, position: 'A1' }
  const current = (await Creatives.get(a1).go()).data
  if (!live || !row || !current) return
  await Creatives.patch(a1).set({ mainText: 'まとめ買いで送料無料' }).go()
  let variantId: string
  try {
    variantId = await renderVariant(siteId, { expectVersion: row.version, author })
  } finally {
    await Creatives.patch(a1)
      .set({ mainText: current.mainText ?? '' })
      .go()
  }
  const now = Date.now()
  const startedAt = now - 14 * DAY_MS
  const experimentId = timeOrderedId(startedAt)
  await Experiments.create({
    siteId,
    experimentId,
    name: 'A1の見出し（送料無料の訴求）',
    state: 'ENDED',
    arms: [
      { versionId: live.versionId, releaseId: live.releaseId, weight: 50, kind: 'control', cells: [] },
      { versionId: variantId, releaseId: variantId, weight: 50, kind: 'creative', cells: ['JP:A1'] },
    ],
    goalType: 'link',
    autoPromote: false,
    minDays: 7,
    byAccountId: author.accountId,
    byName: author.name,
    createdAt: startedAt,
    startedAt,
    endedAt: now - 60 * 60 * 1000,
    endReason: 'stopped',
    dueAt: new Date(startedAt).toISOString(),
  }).go()
  // About 420 visitors a day per arm; 5 % of A's click the link button, 7.5 % of B's.
  for (let day = 0; day < 14; day++) {
    const visitors = [410 + ((day * 37) % 23), 405 + ((day * 29) % 31)]
    const rates = [0.05, 0.075]
    for (const arm of [0, 1])
      await ExperimentCounts.update({ experimentId, day: jstDay(startedAt + day * DAY_MS), arm })
        .add({ visitors: visitors[arm]!, conversions: Math.round(visitors[arm]! * rates[arm]!) })
        .go()
  }
  log('seed: demo A/B test (a test variant of A1, 14 days of results, stopped)')
}
