/**
 * `npm run bench:bundles`: every Lambda the CDK app builds, bundled exactly as `cdk synth` bundles
 * it (the app is synthesized with bundling, so the options are AppFunction's `BUNDLING`), measured
 * against the budget of issue 14: ≤ 300 KB minified per function, and a module load (a fresh
 * `node` process importing the bundle, with the function's deployed environment) within 2× that of
 * a hello-world module measured in the same run, interleaved, median of 5. The load budget is
 * judged on CPU time (wall time is printed too; on a shared machine it mostly measures the others).
 * Exits 1 when a function is over either budget.
 *
 *   npm run bench:bundles                          the table
 *   npm run bench:bundles -- --why SitesFunction   also the largest inputs and packages of one bundle
 *   npm run bench:bundles -- --why SitesFunction --chain react-dom
 *                                                  and the import chain that pulls a module in
 *   options: --runs <n> (default 5, at most 15), --top <n> (default 25), --keep (keep the cdk.out)
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os, { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { buildApp } from '../lib/app.ts'
import { BUNDLE_METAFILE_CONTEXT } from '../lib/app-function.ts'
import { nativeStandIns, placeholder } from '../test/support.ts'

/** KB as esbuild and the issue count them: 1,000 bytes. */
const KB = 1000
const BUDGET_BYTES = 300 * KB
const BUDGET_LOAD_RATIO = 2

const { values: args } = parseArgs({
  options: {
    why: { type: 'string' },
    chain: { type: 'string' },
    runs: { type: 'string', default: '5' },
    top: { type: 'string', default: '25' },
    keep: { type: 'boolean', default: false },
  },
})
const runs = Math.min(15, Math.max(1, Number.parseInt(args.runs, 10) || 5))
const top = Math.max(1, Number.parseInt(args.top, 10) || 25)

type Json = Record<string, unknown>

interface Bundled {
  name: string
  file: string
  env: Record<string, string>
}

const outdir = mkdtempSync(join(tmpdir(), 'swipe-bench-bundles-'))
const started = Date.now()
process.stderr.write('Synthesizing the app with bundling (esbuild, as `cdk synth`)…\n')
const { app, stack } = buildApp({ context: { [BUNDLE_METAFILE_CONTEXT]: true }, outdir })
const template = app.synth().getStackArtifact(stack.artifactId).template as {
  Resources: Record<string, Json>
}
process.stderr.write(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`)

/** The function's construct id (e.g. `SitesFunction`) from the logical id `ApiSitesFunctionABCD1234`. */
const nameOf = (logicalId: string, resource: Json): string => {
  const path = (resource.Metadata as Json | undefined)?.['aws:cdk:path']
  if (typeof path === 'string') return path.split('/').at(-2) ?? logicalId
  return logicalId.replace(/^Api/, '').replace(/[0-9A-F]{8}$/, '')
}

const bundles: Bundled[] = []
for (const [logicalId, resource] of Object.entries(template.Resources)) {
  const props = resource.Properties as Json | undefined
  // CDK's own custom-resource handlers have no environment and are not ours to budget.
  if (resource.Type !== 'AWS::Lambda::Function' || !props?.Environment) continue
  const key = String((props.Code as Json).S3Key)
  const file = join(outdir, `asset.${key.replace(/\.zip$/, '')}`, 'index.mjs')
  if (!existsSync(file)) throw new Error(`${logicalId}: no bundle at ${file}`)
  const variables = (props.Environment as { Variables: Json }).Variables
  const env = Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, placeholder(v)]))
  bundles.push({ name: nameOf(logicalId, resource), file, env })
}
bundles.sort((a, b) => a.name.localeCompare(b.name))

const hello = join(outdir, 'hello.mjs')
writeFileSync(hello, "export const handler = async () => ({ statusCode: 200, body: 'hello' })\n")

interface Load {
  /** Wall time from spawning `node` to its exit. */
  wall: number
  /** CPU time (user + system, all threads) the process spent until the import finished. */
  cpu: number
}

/**
 * A fresh `node` that imports the module, checks it exports a handler and reports its CPU time.
 * Wall time is what a cold start waits; CPU time is the same work without the other processes of
 * a shared machine in it, so the budget is judged on the CPU ratio and both are printed.
 */
const load = (file: string, env: Record<string, string>): Load => {
  const t0 = process.hrtime.bigint()
  const result = spawnSync(
    process.execPath,
    [
      ...nativeStandIns(dirname(file)),
      '--input-type=module',
      '-e',
      "const m = await import(process.argv[1]); if (typeof m.handler !== 'function') process.exit(3); const u = process.cpuUsage(); process.stdout.write(String((u.user + u.system) / 1000))",
      file,
    ],
    {
      env: {
        PATH: process.env.PATH ?? '',
        ...env,
        AWS_REGION: 'ap-northeast-1',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 30_000,
    },
  )
  const wall = Number(process.hrtime.bigint() - t0) / 1e6
  if (result.status !== 0) throw new Error(`${file} did not load: ${result.stderr.slice(0, 500)}`)
  return { wall, cpu: Number(result.stdout) }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

// Deployed functions run with NODE_OPTIONS=--enable-source-maps (in their environment), so the
// hello-world module gets the same options; it is measured before every function in every round,
// which spreads it over the same stretch of machine load as the functions.
const helloEnv = { NODE_OPTIONS: bundles[0]?.env.NODE_OPTIONS ?? '' }
const helloLoads: Load[] = []
const loads = new Map<string, Load[]>(bundles.map((b) => [b.name, []]))
load(hello, helloEnv) // warm the file cache once
for (const b of bundles) load(b.file, b.env)
for (let round = 0; round < runs; round++) {
  process.stderr.write(`Load round ${round + 1}/${runs}\n`)
  for (const b of bundles) {
    helloLoads.push(load(hello, helloEnv))
    loads.get(b.name)!.push(load(b.file, b.env))
  }
}
const helloWall = median(helloLoads.map((l) => l.wall))
const helloCpu = median(helloLoads.map((l) => l.cpu))

const rows = bundles.map((b) => {
  const bytes = statSync(b.file).size
  const gzip = gzipSync(readFileSync(b.file)).length
  const wall = median(loads.get(b.name)!.map((l) => l.wall))
  const cpu = median(loads.get(b.name)!.map((l) => l.cpu))
  const wallRatio = wall / helloWall
  const cpuRatio = cpu / helloCpu
  const over = [...(bytes > BUDGET_BYTES ? ['size'] : []), ...(cpuRatio > BUDGET_LOAD_RATIO ? ['load'] : [])]
  return { name: b.name, bytes, gzip, wall, cpu, wallRatio, cpuRatio, over }
})

const pad = (s: string, n: number, right = false) => (right ? s.padStart(n) : s.padEnd(n))
const kb = (n: number) => (n / KB).toFixed(1)
const header = ['function', 'min KB', 'gzip KB', 'load ms', '× hello', 'load CPU ms', '× hello', 'budget']
const numeric = (i: number) => i > 0 && i < header.length - 1
const table = [
  header,
  ...rows.map((r) => [
    r.name,
    kb(r.bytes),
    kb(r.gzip),
    r.wall.toFixed(0),
    r.wallRatio.toFixed(2),
    r.cpu.toFixed(0),
    r.cpuRatio.toFixed(2),
    r.over.length ? `OVER (${r.over.join(', ')})` : 'ok',
  ]),
  [
    'hello world',
    kb(statSync(hello).size),
    kb(gzipSync(readFileSync(hello)).length),
    helloWall.toFixed(0),
    '1.00',
    helloCpu.toFixed(0),
    '1.00',
    '',
  ],
]
const widths = header.map((_, i) => Math.max(...table.map((row) => row[i]!.length)))
const line = (row: string[]) => `| ${row.map((cell, i) => pad(cell, widths[i]!, numeric(i))).join(' | ')} |`
console.info(
  `\nLambda bundles (${new Date().toISOString().slice(0, 10)}, node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}; KB = 1,000 bytes; times are medians of ${runs})`,
)
console.info(`Budget: ≤ ${BUDGET_BYTES / KB} KB minified, load CPU ≤ ${BUDGET_LOAD_RATIO}× hello world\n`)
console.info(line(table[0]!))
console.info(
  `| ${widths.map((w, i) => (numeric(i) ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`,
)
for (const row of table.slice(1)) console.info(line(row))
const range = (xs: number[], f: (x: number) => string) => `${f(Math.min(...xs))}–${f(Math.max(...xs))}`
console.info(
  `\n${rows.length} functions: ${range(
    rows.map((r) => r.bytes),
    kb,
  )} KB minified, ${range(
    rows.map((r) => r.gzip),
    kb,
  )} KB gzip, load ${range(
    rows.map((r) => r.wallRatio),
    (x) => x.toFixed(2),
  )}× hello world (wall), ${range(
    rows.map((r) => r.cpuRatio),
    (x) => x.toFixed(2),
  )}× (CPU)`,
)

interface Metafile {
  inputs: Record<string, { bytes: number; imports: { path: string; kind: string }[] }>
  outputs: Record<
    string,
    { bytes: number; entryPoint?: string; inputs: Record<string, { bytesInOutput: number }> }
  >
}

/** The package a bundled file belongs to (`zod`, `@aws-sdk/client-s3`), or the workspace folder. */
const packageOf = (path: string): string => {
  const i = path.lastIndexOf('node_modules/')
  if (i < 0) return path.split('/').slice(0, 2).join('/')
  const parts = path.slice(i + 'node_modules/'.length).split('/')
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!
}

if (args.why) {
  const b = bundles.find((x) => x.name.toLowerCase() === args.why!.toLowerCase())
  if (!b) {
    console.error(`\n--why: no function ${args.why}; one of ${bundles.map((x) => x.name).join(', ')}`)
    process.exitCode = 2
  } else {
    const metaPath = join(b.file, '..', 'index.meta.json')
    if (!existsSync(metaPath)) {
      console.error(
        `\n--why: ${b.name} has no metafile (AppFunction does not read ${BUNDLE_METAFILE_CONTEXT})`,
      )
      process.exitCode = 2
    } else {
      const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as Metafile
      const output = Object.values(meta.outputs).find((o) => o.entryPoint)!
      const inputs = Object.entries(output.inputs).sort((x, y) => y[1].bytesInOutput - x[1].bytesInOutput)
      const byPackage = new Map<string, number>()
      for (const [path, { bytesInOutput }] of inputs) {
        byPackage.set(packageOf(path), (byPackage.get(packageOf(path)) ?? 0) + bytesInOutput)
      }
      console.info(`\n${b.name}: the largest packages (bytes in the minified output)\n`)
      for (const [pkg, bytes] of [...byPackage].sort((x, y) => y[1] - x[1]).slice(0, top)) {
        console.info(`${kb(bytes).padStart(8)} KB  ${pkg}`)
      }
      console.info(`\n${b.name}: the largest inputs\n`)
      for (const [path, { bytesInOutput }] of inputs.slice(0, top)) {
        console.info(`${kb(bytesInOutput).padStart(8)} KB  ${path}`)
      }
      if (args.chain) {
        // Breadth-first from the entry: the shortest import chain to the first input matching --chain.
        const entry = output.entryPoint!
        const previous = new Map<string, string | null>([[entry, null]])
        const queue = [entry]
        let found: string | undefined
        while (queue.length && !found) {
          const current = queue.shift()!
          for (const { path } of meta.inputs[current]?.imports ?? []) {
            // Only inputs of this output: a module tree-shaken away explains nothing.
            if (previous.has(path) || !meta.inputs[path] || !(path in output.inputs)) continue
            previous.set(path, current)
            if (path.includes(args.chain)) {
              found = path
              break
            }
            queue.push(path)
          }
        }
        console.info(`\n${b.name}: why ${args.chain} is in the bundle\n`)
        if (!found) console.info(`  no bundled input matches ${args.chain}`)
        else {
          const chain: string[] = []
          for (let at: string | null | undefined = found; at; at = previous.get(at)) chain.unshift(at)
          for (const [i, path] of chain.entries()) console.info(`${'  '.repeat(i)}${i ? '└ ' : ''}${path}`)
        }
      }
    }
  }
}

if (args.keep) console.error(`\nBundles kept in ${outdir}`)
else rmSync(outdir, { recursive: true, force: true })

const over = rows.filter((r) => r.over.length)
if (over.length) {
  console.error(`\nOver budget: ${over.map((r) => `${r.name} (${r.over.join(', ')})`).join(', ')}`)
  process.exitCode = 1
}
