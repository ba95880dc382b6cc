import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CopyObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3'
import type { MediaRendition, Rendition } from '../../functions/src/data/media-renditions.ts'
import type { LoadedSite } from '../../functions/src/publishing/publish.ts'
import { creatorToken } from '../../test/support/accounts.ts'
import { api } from '../../test/support/api.ts'
import { createGridSite, gridSiteCreatives } from '../../test/support/sites.ts'
import { storeMedia } from '../../test/support/uploads.ts'
import { runOnOwnStack, runsAsScript, type StackBenchContext } from './context.ts'
import { benchSiteSize } from './grid-site.ts'
import { fmt, median } from './load.ts'

/**
 * `npm run bench:publish`: the publish of the largest site (10 × 10 cells in four languages: 400
 * creatives), on a local stack of its own: the first publish before and with the media store, before
 * any upload's job ran, the republish after one text edit (with its steps), the rollback and the
 * pre-publish checklist, each with the S3 requests it made (median of BENCH_ROUNDS, default 3),
 * checked against the targets (exits 1 when one is missed).
 * Quick mode (`npm test`, docs/decisions/0075-bench-quick-modes.md): a 2 × 2 site in one language,
 * one photo through the media job, 1 round.
 */
const SEED_ASSETS = join(import.meta.dirname, '..', '..', 'infra', 'local', 'seed-assets')

/** One publish, rollback or checklist: its time (ms) and S3 requests (medians of the rounds). */
export interface PublishRow {
  label: string
  ms: number
  head?: number
  copy?: number
  put?: number
}

export interface PublishFigures {
  creatives: number
  rounds: number
  saveMs: number
  mediaJobMs: number
  filesStored: number
  rows: PublishRow[]
  /** The republish's steps: load, render and write; commit; flip and clean-up (ms). */
  republishSteps: number[]
  firstBeforeOverWithStore: number
  checks: { label: string; ok: boolean; figure: number }[]
}

export const benchPublish = async ({ stack, quick, print }: StackBenchContext): Promise<PublishFigures> => {
  const ROUNDS = quick ? 1 : Math.min(Number(process.env.BENCH_ROUNDS ?? 3), 10)
  const size = benchSiteSize(quick)
  const creativeCount = size.rows * size.columns * size.languages.length
  const http = api(stack.urls.api.replace('localhost', '127.0.0.1'))
  const { s3 } = await import('../../functions/src/platform/services/s3.ts')
  const { sitesService } = await import('../../functions/src/data/sites.ts')
  const { publishSite } = await import('../../functions/src/publishing/publish.ts')

  const { StoredMedia, storedMediaOf } = await import('../../functions/src/data/media-store.ts')
  const { processMedia, renditionKey } = await import('../../functions/src/sites/media.ts')
  const { MediaRenditions } = await import('../../functions/src/data/media-renditions.ts')
  const { mediaBucket } = await import('../../functions/src/platform/services/s3.ts')
  const { inParallel } = await import('../../functions/src/publishing/release.ts')
  const { versionsPage } = await import('../../functions/src/publishing/versions.ts')
  const { rollbackSite } = await import('../../functions/src/publishing/rollback.ts')
  const { checkSite } = await import('../../functions/src/publishing/checklist/check.ts')

  // Every S3 request the publisher makes in this process, by command.
  const requests = new Map<string, number>()
  s3.middlewareStack.add(
    (next, context) => (args) => {
      const name = String(context.commandName)
      requests.set(name, (requests.get(name) ?? 0) + 1)
      return next(args)
    },
    { step: 'initialize', name: 'benchCounter' },
  )
  try {
    const counted = async <T>(work: () => Promise<T>) => {
      requests.clear()
      const started = performance.now()
      const result = await work()
      const ms = performance.now() - started
      return {
        result,
        ms,
        head: requests.get('HeadObjectCommand') ?? 0,
        copy: requests.get('CopyObjectCommand') ?? 0,
        put: requests.get('PutObjectCommand') ?? 0,
      }
    }

    const token = await creatorToken(http, 'pro_multi')
    const global = (siteId: string) => ({
      id: siteId,
      name: 'ベンチ',
      number_horizontal: size.columns,
      number_vertical: size.rows,
      view_mode: 'MOBILE',
      default_language: 'JP',
      languages: [...size.languages],
      display_language_icon: true,
      display_global_menu: true,
      popup_ctas: [],
    })
    /** The site, saved in one PUT with one uploaded image per creative (bytes in the media bucket). */
    const benchSite = async (label: string) => {
      const { siteId, version, keys } = await createGridSite(http, token, label, size)
      await storeMedia(keys)
      const started = performance.now()
      const saved = await http.call('PUT', `/site/${siteId}`, {
        token,
        body: { version, global_setting: global(siteId), creatives: gridSiteCreatives(size, keys, 'bench') },
      })
      if (saved.status !== 200)
        throw new Error(`save: ${saved.status} ${JSON.stringify(saved.body).slice(0, 300)}`)
      return { siteId, keys, saveMs: performance.now() - started }
    }

    // Site S: every upload went through the media job, as uploads do (renditions made, all stored).
    // Its 400 uploads are the nine demo photos again and again: the real job runs for the first nine;
    // each repeat gets what the job makes of the same bytes (its files copied under the repeat's keys,
    // the same content addresses), since running it 400 times would take minutes and measure the job.
    const stored = await benchSite('ベンチ')
    print(
      `one save of ${creativeCount} creatives (${size.rows} × ${size.columns} × ${size.languages.length} languages): ${fmt(stored.saveMs / 1000, 2)} s\n`,
    )
    const photos = readdirSync(SEED_ASSETS)
      .filter((f) => f.endsWith('.jpg'))
      .sort()
      .map((f) => readFileSync(join(SEED_ASSETS, f)))
      // Quick: one photo through the media job.
      .slice(0, quick ? 1 : undefined)
    const photoOf = (i: number) => i % photos.length
    await inParallel([...stored.keys.entries()], ([i, key]) =>
      s3.send(
        new PutObjectCommand({
          Bucket: mediaBucket,
          Key: key,
          Body: photos[photoOf(i)],
          ContentType: 'image/jpeg',
        }),
      ),
    )
    const jobStarted = performance.now()
    const made: MediaRendition[] = []
    for (const key of stored.keys.slice(0, photos.length)) {
      await MediaRenditions.put({ siteId: stored.siteId, key, mediaType: 'image', purpose: 'media' }).go()
      if ((await processMedia(key)) !== 'ready') throw new Error(`media job: ${key}`)
      made.push((await MediaRenditions.get({ siteId: stored.siteId, key }).go()).data!)
    }
    const jobMs = (performance.now() - jobStarted) / photos.length
    const storeOf = await storedMediaOf(stored.siteId)
    await inParallel([...stored.keys.entries()].slice(photos.length), async ([i, key]) => {
      const template = made[photoOf(i)]!
      const files = (template.renditions as Rendition[]).map((r) => ({
        ...r,
        key: renditionKey(key, r.key.split('/').pop()!),
        from: r.key,
      }))
      for (const file of files)
        await s3.send(
          new CopyObjectCommand({
            Bucket: mediaBucket,
            Key: file.key,
            CopySource: `${mediaBucket}/${file.from}`,
          }),
        )
      await StoredMedia.put([
        { siteId: stored.siteId, key, path: storeOf.get(template.key)!.path, contentType: 'image/jpeg' },
        ...files.map((f) => ({
          siteId: stored.siteId,
          key: f.key,
          path: storeOf.get(f.from)!.path,
          contentType: f.contentType,
        })),
      ]).go()
      await MediaRenditions.put({
        ...template,
        key,
        renditions: files.map(({ from: _from, ...f }) => f),
      }).go()
    })
    const records = await storedMediaOf(stored.siteId)
    print(
      `media job per upload (${quick ? 'one photo' : 'nine photos'}; off the publish, once per upload): ${fmt(jobMs, 0)} ms; ${records.size} files stored\n`,
    )
    // Site U: published before any upload's job ran (originals only, none stored yet): the worst case left.
    const unstored = await benchSite('ベンチ U')

    // The site as the publish reads it, shown as never served (DRAFT): the stored items, as the model types them.
    const load = async (siteId: string): Promise<LoadedSite> => {
      const { data } = await sitesService.collections.siteItems({ siteId }).go({ pages: 'all' })
      return { site: { ...data.sites[0]!, status: 'DRAFT' as const }, items: data } as unknown as LoadedSite
    }
    const forget = async (siteId: string) => {
      const all = await StoredMedia.query
        .byKey({ siteId })
        .go({ pages: 'all', attributes: ['siteId', 'key'] })
      if (all.data.length) await StoredMedia.delete(all.data).go()
    }
    type Run = Awaited<ReturnType<typeof counted>>
    const legacy: Run[] = []
    const first: Run[] = []
    const early: Run[] = []
    const again: Run[] = []
    const rollbacks: Run[] = []
    const checklists: number[] = []
    /** The republish's steps: load + render + write, commit, flip + clean-up (ms). */
    const steps: number[][] = []
    for (let round = 1; round <= ROUNDS; round++) {
      // Before the store: site S as every first publish was (nothing stored, nothing served): each
      // original and rendition checked and copied. The copies are recorded; the job's records come back after.
      await forget(stored.siteId)
      legacy.push(
        await counted(async () => publishSite(stored.siteId, { loaded: await load(stored.siteId) })),
      )
      await forget(stored.siteId)
      await StoredMedia.put([...records.values()]).go()
      // With the store: the first publish (as if nothing were served) writes pages and a manifest.
      first.push(await counted(async () => publishSite(stored.siteId, { loaded: await load(stored.siteId) })))
      // Site U, its uploads' jobs not yet run: its 400 originals are copied in by the publish.
      await forget(unstored.siteId)
      early.push(
        await counted(async () => publishSite(unstored.siteId, { loaded: await load(unstored.siteId) })),
      )
      // One text edited in the console, saved, then published again.
      const current = await http.get(`/site/${stored.siteId}`, { token })
      const creatives = current.body.creatives.map((c: Record<string, unknown>, i: number) =>
        i === round ? { ...c, main_text: `edited in round ${round}` } : c,
      )
      const edit = await http.call('PUT', `/site/${stored.siteId}`, {
        token,
        body: { version: current.body.version, global_setting: global(stored.siteId), creatives },
      })
      if (edit.status !== 200)
        throw new Error(`edit: ${edit.status} ${JSON.stringify(edit.body).slice(0, 300)}`)
      const marks: number[] = [performance.now()]
      const mark = async () => {
        marks.push(performance.now())
      }
      again.push(
        await counted(() => publishSite(stored.siteId, { hooks: { afterWrite: mark, beforeFlip: mark } })),
      )
      marks.push(performance.now())
      steps.push(marks.slice(1).map((t, i) => t - marks[i]!))
      // One-click rollback (issue 33) to the version before the republish: the live pointer moves back.
      const { site } = await load(stored.siteId)
      const { items } = await versionsPage(site, site.releaseId, undefined)
      const target = items.find((v) => v.canRollback)!
      const { version: siteVersion } = (await load(stored.siteId)).site
      rollbacks.push(
        await counted(() => rollbackSite(stored.siteId, target.id, { expectVersion: siteVersion })),
      )
      // The pre-publish checklist (issue 33 part 5) of the same site: gather, render the first pages, rules.
      const loaded = await load(stored.siteId)
      const started = performance.now()
      await checkSite(loaded, Date.now())
      checklists.push(performance.now() - started)
    }

    const count = (runs: Run[], key: 'head' | 'copy' | 'put') =>
      String(median(runs.map((r) => r[key]))).padStart(5)
    const row = (label: string, runs: Run[]) =>
      `${label.padEnd(58)} ${fmt(median(runs.map((r) => r.ms)), 0).padStart(7)} ms   HEAD ${count(runs, 'head')}   COPY ${count(runs, 'copy')}   PUT ${count(runs, 'put')}`
    print(`\npublish of the ${creativeCount}-creative site (median of ${ROUNDS})\n`)
    print(`${row('before the store: first publish copies every file', legacy)}\n`)
    print(`${row('first publish, media stored by their jobs', first)}\n`)
    print(`${row('first publish before any job ran (originals copied)', early)}\n`)
    print(`${row('republish after one text edit', again)}\n`)
    print(`${row('rollback to the version before (issue 33)', rollbacks)}\n`)
    print(`${'pre-publish checklist (issue 33)'.padEnd(58)} ${fmt(median(checklists), 0).padStart(7)} ms\n`)
    const step = (i: number) => fmt(median(steps.map((s) => s[i]!)), 0)
    print(
      `  republish steps: load, render and write ${step(0)} ms · commit ${step(1)} ms · flip and clean-up ${step(2)} ms\n`,
    )
    const ms = (runs: Run[]) => median(runs.map((r) => r.ms))
    print(`ratio first publish before / with the store: ${fmt(ms(legacy) / ms(first), 1)}×\n`)
    const checks = [
      ['first publish ≤ 3,000 ms', ms(first) <= 3000, ms(first)],
      ['republish ≤ 500 ms', ms(again) <= 500, ms(again)],
      ['pre-publish checklist ≤ 2,000 ms', median(checklists) <= 2000, median(checklists)],
      [
        'no media copied by a publish of stored media',
        median(first.map((r) => r.copy)) === 0,
        median(first.map((r) => r.copy)),
      ],
    ] as const
    for (const [label, ok, figure] of checks) print(`${label}: ${ok ? 'yes' : 'NO'} (${fmt(figure, 0)})\n`)
    const figures = (label: string, runs: Run[]): PublishRow => ({
      label,
      ms: ms(runs),
      head: median(runs.map((r) => r.head)),
      copy: median(runs.map((r) => r.copy)),
      put: median(runs.map((r) => r.put)),
    })
    return {
      creatives: creativeCount,
      rounds: ROUNDS,
      saveMs: stored.saveMs,
      mediaJobMs: jobMs,
      filesStored: records.size,
      rows: [
        figures('before the store', legacy),
        figures('first publish', first),
        figures('first publish before any job ran', early),
        figures('republish after one text edit', again),
        figures('rollback', rollbacks),
        { label: 'pre-publish checklist', ms: median(checklists) },
      ],
      republishSteps: [0, 1, 2].map((i) => median(steps.map((s) => s[i]!))),
      firstBeforeOverWithStore: ms(legacy) / ms(first),
      checks: checks.map(([label, ok, figure]) => ({ label, ok, figure })),
    }
  } finally {
    s3.middlewareStack.remove('benchCounter')
  }
}

if (runsAsScript(import.meta.url))
  await runOnOwnStack(async (ctx) => {
    const figures = await benchPublish(ctx)
    if (figures.checks.some((check) => !check.ok)) process.exitCode = 1
  })
