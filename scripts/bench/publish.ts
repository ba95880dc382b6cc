import { creatorToken } from '../../test/support/accounts.ts'
import { api } from '../../test/support/api.ts'
import { createLargestSite, LARGEST_SITE, largestSiteCreatives } from '../../test/support/sites.ts'
import { startTestStack } from '../../test/support/stack.ts'
import { storeMedia } from '../../test/support/uploads.ts'
import { fmt, median } from './load.ts'

const ROUNDS = Math.min(Number(process.env.BENCH_ROUNDS ?? 3), 10)
const LANGUAGES = LARGEST_SITE.languages

const stack = await startTestStack({ admin: false })
try {
  Object.assign(process.env, stack.env)
  const http = api(stack.urls.api.replace('localhost', '127.0.0.1'))
  const { s3 } = await import('../../functions/src/platform/services/s3.ts')
  const { sitesService } = await import('../../functions/src/data/sites.ts')
  const { publishSite } = await import('../../functions/src/publishing/publish.ts')

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
    }
  }

  const token = await creatorToken(http, 'pro_multi')
  const { siteId, version: createdVersion, keys } = await createLargestSite(http, token, 'ベンチ')
  await storeMedia(keys)

  const global = {
    id: siteId,
    name: 'ベンチ',
    number_horizontal: 10,
    number_vertical: 10,
    view_mode: 'MOBILE',
    default_language: 'JP',
    languages: [...LANGUAGES],
    display_language_icon: true,
    display_global_menu: true,
    popup_ctas: [],
  }
  const started = performance.now()
  const saved = await http.call('PUT', `/site/${siteId}`, {
    token,
    body: {
      version: createdVersion,
      global_setting: global,
      creatives: largestSiteCreatives(keys, 'bench'),
    },
  })
  const saveMs = performance.now() - started
  if (saved.status !== 200)
    throw new Error(`save: ${saved.status} ${JSON.stringify(saved.body).slice(0, 300)}`)
  process.stdout.write(
    `one save of ${saved.body.creatives.length} creatives (10 × 10 × ${LANGUAGES.length} languages): ${fmt(saveMs / 1000, 2)} s\n`,
  )

  const load = async () => {
    const { data } = await sitesService.collections.siteItems({ siteId }).go({ pages: 'all' })
    return { site: data.sites[0]!, items: data }
  }
  const full: Array<{ ms: number; head: number; copy: number }> = []
  const again: Array<{ ms: number; head: number; copy: number }> = []
  /** The republish's steps: load + render + write, commit, flip + clean-up (ms). */
  const steps: number[][] = []
  for (let round = 1; round <= ROUNDS; round++) {
    // As if nothing were published: every media file is checked and copied (the former publish).
    const loaded = await load()
    full.push(
      await counted(() =>
        publishSite(siteId, { loaded: { site: { ...loaded.site, status: 'DRAFT' }, items: loaded.items } }),
      ),
    )
    // One text edited in the console, saved, then published again.
    const current = await http.get(`/site/${siteId}`, { token })
    const creatives = current.body.creatives.map((c: Record<string, unknown>, i: number) =>
      i === round ? { ...c, main_text: `edited in round ${round}` } : c,
    )
    const edit = await http.call('PUT', `/site/${siteId}`, {
      token,
      body: { version: current.body.version, global_setting: global, creatives },
    })
    if (edit.status !== 200)
      throw new Error(`edit: ${edit.status} ${JSON.stringify(edit.body).slice(0, 300)}`)
    const marks: number[] = [performance.now()]
    const mark = async () => {
      marks.push(performance.now())
    }
    again.push(await counted(() => publishSite(siteId, { hooks: { afterWrite: mark, beforeFlip: mark } })))
    marks.push(performance.now())
    steps.push(marks.slice(1).map((t, i) => t - marks[i]!))
  }

  const row = (label: string, runs: typeof full) =>
    `${label.padEnd(44)} ${fmt(median(runs.map((r) => r.ms)), 0).padStart(7)} ms   HEAD ${String(median(runs.map((r) => r.head))).padStart(3)}   COPY ${String(median(runs.map((r) => r.copy))).padStart(3)}`
  process.stdout.write(`\npublish of the 400-creative site (median of ${ROUNDS})\n`)
  process.stdout.write(`${row('full copy (every publish before this change)', full)}\n`)
  process.stdout.write(`${row('republish after one text edit', again)}\n`)
  const step = (i: number) => fmt(median(steps.map((s) => s[i]!)), 0)
  process.stdout.write(
    `  republish steps: load, render and write ${step(0)} ms · commit ${step(1)} ms · flip and clean-up ${step(2)} ms\n`,
  )
  const ratio = median(full.map((r) => r.ms)) / median(again.map((r) => r.ms))
  const republish = median(again.map((r) => r.ms))
  process.stdout.write(`ratio full / republish: ${fmt(ratio, 1)}×\n`)
  process.stdout.write(`republish ≤ 500 ms: ${republish <= 500 ? 'yes' : 'NO'} (${fmt(republish, 0)} ms)\n`)
  if (republish > 500) process.exitCode = 1
} finally {
  await stack.stop()
}
