/**
 * `npm run bench:bundles`: every Lambda the CDK app builds, bundled exactly as `cdk synth` bundles
 * it (the app is synthesized with bundling, so the options are AppFunction's `BUNDLING`), and its
 * module load: the CPU time a fresh `node` spends importing the bundle (user + system, from just
 * before the import to its end), with the function's deployed environment (its `NODE_OPTIONS`
 * included). Each function is judged against the floor built in the same run (issue 35 item 3):
 * infra/scripts/bench-floor.ts, bundled with the same options — the DynamoDB document client, one
 * ElectroDB entity and one zod schema, what the smallest function does at import. A hello-world
 * module is printed beside it. In every round each function is loaded right after hello world and
 * the floor, so the three share the same stretch of machine load; load CPU figures are medians of
 * the runs, and a function's × floor is the median of its loads each over the median of the floor's
 * loads in the same round (a ratio paired by round). Exits 1 when a function's × floor is over 1.5.
 * Sizes are printed, not budgeted.
 *
 *   npm run bench:bundles                          the table
 *   npm run bench:bundles -- --why SitesFunction   also the largest inputs and packages of one bundle
 *   npm run bench:bundles -- --why SitesFunction --chain react-dom
 *                                                  and the import chain that pulls a module in
 *   options: --runs <n> (default 9, `DEFAULT_RUNS`; at most 15), --top <n> (default 25), --keep (keep the cdk.out),
 *   --node-options <s> (instead of each function's NODE_OPTIONS: measure a run-time option such as
 *   `--enable-source-maps`, or none with `--node-options ''`)
 *
 * Quick mode (docs/decisions/0075-bench-quick-modes.md): `measureBundles` on bundles already made
 * (infra/test/bundles.test.ts hands it two functions of its own bundled synth, one round); the
 * floor is built and hello world written as here, the table printed; no figure is judged.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os, { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { App, Stack } from 'aws-cdk-lib'
import { Architecture } from 'aws-cdk-lib/aws-lambda'
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs'
import { runsAsScript } from '../../scripts/bench/script.ts'
import { buildApp } from '../lib/app.ts'
import { BUNDLE_METAFILE_CONTEXT, BUNDLING, RUNTIME } from '../lib/app-function.ts'
import { FEATURE_FLAGS } from '../lib/feature-flags.ts'
import { LOCK_FILE, REPO_ROOT } from '../lib/paths.ts'
import { placeholder } from '../test/support.ts'

/** KB as esbuild and the issue count them: 1,000 bytes. */
const KB = 1000
/**
 * Rounds by default: a function's ratio over its round's floor scatters by about 0.16 a load on the
 * project's machine, so the median of 9 carries a standard error of about 0.07, of 5 about 0.09
 * (docs/decisions/0077-bench-rounds-and-documents-beside-the-bundle.md).
 */
const DEFAULT_RUNS = 9

/** A function's load CPU may be at most this many times the floor's (issue 35 item 3). */
const FLOOR_RATIO = 1.5

type Json = Record<string, unknown>

export interface Bundled {
  name: string
  file: string
  env: Record<string, string>
}

/** The function's construct id (e.g. `SitesFunction`) from the logical id `ApiSitesFunctionABCD1234`. */
const nameOf = (logicalId: string, resource: Json): string => {
  const path = (resource.Metadata as Json | undefined)?.['aws:cdk:path']
  if (typeof path === 'string') return path.split('/').at(-2) ?? logicalId
  return logicalId.replace(/^Api/, '').replace(/[0-9A-F]{8}$/, '')
}

/** The bundles (index.mjs) of a synthesized template's functions that have an environment. */
export const bundlesOf = (resources: Record<string, Json>, assets: string): Bundled[] => {
  const found: Bundled[] = []
  for (const [logicalId, resource] of Object.entries(resources)) {
    const props = resource.Properties as Json | undefined
    // CDK's own custom-resource handlers have no environment and are not ours to measure.
    if (resource.Type !== 'AWS::Lambda::Function' || !props?.Environment) continue
    const key = String((props.Code as Json).S3Key)
    const file = join(assets, `asset.${key.replace(/\.zip$/, '')}`, 'index.mjs')
    if (!existsSync(file)) throw new Error(`${logicalId}: no bundle at ${file}`)
    const variables = (props.Environment as { Variables: Json }).Variables
    const env = Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, placeholder(v)]))
    found.push({ name: nameOf(logicalId, resource), file, env })
  }
  return found
}

/** One function's figures: sizes, the import's load CPU (median) and its ratios. */
export interface BundleRow {
  name: string
  bytes: number
  gzip: number
  cpu: number
  helloRatio: number
  floorRatio: number
  over: boolean
}

export interface BundleFigures {
  rows: BundleRow[]
  floorCpu: number
  helloCpu: number
  runs: number
  nodeOptions: string
}

/**
 * A fresh `node` that imports the module, checks it exports a handler and reports the CPU time
 * (user + system, all threads, in ms) of the import alone: the process's own start-up is the same
 * for every module and is left out. CPU rather than wall time: on a shared machine the wall time
 * mostly measures the other processes. Nothing stands in for the asset's native sharp (built for
 * Lambda's arm64): no function loads it at import, as on Lambda, where no loader hook runs either.
 */
const load = ({ file, env }: Bundled): number => {
  const result = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const u0 = process.cpuUsage(); const m = await import(process.argv[1]); const u = process.cpuUsage(u0); if (typeof m.handler !== 'function') process.exit(3); process.stdout.write(String((u.user + u.system) / 1000))",
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
  if (result.status !== 0) throw new Error(`${file} did not load: ${result.stderr.slice(0, 500)}`)
  return Number(result.stdout)
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

const sizes = (file: string) => ({ bytes: statSync(file).size, gzip: gzipSync(readFileSync(file)).length })
const kb = (n: number) => (n / KB).toFixed(1)

/**
 * Measures `bundles` (a synthesized app's, by `bundlesOf`) against the floor, built into `workDir`
 * with the functions' bundling options, and hello world, in `runs` interleaved rounds; prints the
 * table with `print` and returns the figures. `nodeOptions` replaces each function's NODE_OPTIONS.
 */
export const measureBundles = ({
  bundles,
  runs,
  workDir,
  nodeOptions: replaced,
  print,
}: {
  bundles: Bundled[]
  runs: number
  workDir: string
  nodeOptions?: string
  print: (text: string) => void
}): BundleFigures => {
  // The run-time options every function is deployed with (AppFunction's environment), or --node-options.
  const nodeOptions = replaced ?? bundles[0]?.env.NODE_OPTIONS ?? ''
  const measured = bundles.map((b) => ({
    ...b,
    env: { ...b.env, NODE_OPTIONS: replaced ?? b.env.NODE_OPTIONS ?? '' },
  }))

  /** The floor, bundled by NodejsFunction with the functions' options, as AppFunction bundles them. */
  const floorApp = new App({ outdir: join(workDir, 'floor'), context: FEATURE_FLAGS })
  const floorStack = new Stack(floorApp, 'BundleFloor')
  new NodejsFunction(floorStack, 'Floor', {
    entry: join(REPO_ROOT, 'infra', 'scripts', 'bench-floor.ts'),
    handler: 'handler',
    projectRoot: REPO_ROOT,
    depsLockFilePath: LOCK_FILE,
    runtime: RUNTIME,
    architecture: Architecture.ARM_64,
    environment: { NODE_OPTIONS: nodeOptions },
    bundling: { ...BUNDLING, externalModules: ['sharp'] },
  })
  const floorTemplate = floorApp.synth().getStackArtifact(floorStack.artifactId).template as {
    Resources: Record<string, Json>
  }
  const floor = bundlesOf(floorTemplate.Resources, join(workDir, 'floor'))[0]!

  const hello: Bundled = {
    name: 'hello world',
    file: join(workDir, 'hello.mjs'),
    env: { NODE_OPTIONS: nodeOptions },
  }
  writeFileSync(hello.file, "export const handler = async () => ({ statusCode: 200, body: 'hello' })\n")

  // Hello world and the floor are loaded right before every function in every round, which spreads
  // them over the same stretch of machine load as the functions.
  // A function's ratio is the median of its loads each divided by the median of the floor's loads
  // in the same round: the machine's speed drifts between rounds by more than the limit's margin
  // (docs/decisions/0073, third round), and a round takes about half a minute. Within a round one
  // load of the floor says little about the next (their correlation measured 0.14), so dividing by
  // the single load just before a function added the floor's own scatter (14 % a load) to every
  // ratio; the round's median of one load per function does not (docs/decisions/0077).
  const helloLoads: number[] = []
  const floorLoads: number[] = []
  const loads = new Map<string, number[]>(measured.map((b) => [b.name, []]))
  const ratios = new Map<string, number[]>(measured.map((b) => [b.name, []]))
  for (const b of [hello, floor, ...measured]) load(b) // warm the file cache once
  for (let round = 0; round < runs; round++) {
    process.stderr.write(`Load round ${round + 1}/${runs}\n`)
    const roundFloor: number[] = []
    const roundOwn: [string, number][] = []
    for (const b of measured) {
      helloLoads.push(load(hello))
      roundFloor.push(load(floor))
      roundOwn.push([b.name, load(b)])
    }
    floorLoads.push(...roundFloor)
    const floorOfRound = median(roundFloor)
    for (const [name, own] of roundOwn) {
      loads.get(name)!.push(own)
      ratios.get(name)!.push(own / floorOfRound)
    }
  }
  const helloCpu = median(helloLoads)
  const floorCpu = median(floorLoads)

  const rows: BundleRow[] = measured.map((b) => {
    const cpu = median(loads.get(b.name)!)
    const floorRatio = median(ratios.get(b.name)!)
    return {
      name: b.name,
      ...sizes(b.file),
      cpu,
      helloRatio: cpu / helloCpu,
      floorRatio,
      over: floorRatio > FLOOR_RATIO,
    }
  })

  const pad = (s: string, n: number, right = false) => (right ? s.padStart(n) : s.padEnd(n))
  const header = ['function', 'min KB', 'gzip KB', 'load CPU ms', '× hello', '× floor', 'verdict']
  const numeric = (i: number) => i > 0 && i < header.length - 1
  const reference = (name: string, file: string, cpu: number) => {
    const { bytes, gzip } = sizes(file)
    return [
      name,
      kb(bytes),
      kb(gzip),
      cpu.toFixed(1),
      (cpu / helloCpu).toFixed(2),
      (cpu / floorCpu).toFixed(2),
      '',
    ]
  }
  const table = [
    header,
    ...rows.map((r) => [
      r.name,
      kb(r.bytes),
      kb(r.gzip),
      r.cpu.toFixed(1),
      r.helloRatio.toFixed(2),
      r.floorRatio.toFixed(2),
      r.over ? 'OVER' : 'ok',
    ]),
    reference('floor', floor.file, floorCpu),
    reference('hello world', hello.file, helloCpu),
  ]
  const widths = header.map((_, i) => Math.max(...table.map((row) => row[i]!.length)))
  const line = (row: string[]) => `| ${row.map((cell, i) => pad(cell, widths[i]!, numeric(i))).join(' | ')} |`
  print(
    `\nLambda bundles (${new Date().toISOString().slice(0, 10)}, node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}; KB = 1,000 bytes; load CPU is the import's, median of ${runs}; NODE_OPTIONS ${JSON.stringify(nodeOptions)})\n`,
  )
  print(
    `Limit: load CPU ≤ ${FLOOR_RATIO}× the floor (infra/scripts/bench-floor.ts) measured in this run; × floor is the median of each load over the median of the floor's loads in its round\n\n`,
  )
  print(`${line(table[0]!)}\n`)
  print(`| ${widths.map((w, i) => (numeric(i) ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |\n`)
  for (const row of table.slice(1)) print(`${line(row)}\n`)
  const range = (xs: number[], f: (x: number) => string) => `${f(Math.min(...xs))}–${f(Math.max(...xs))}`
  const ratio = (x: number) => x.toFixed(2)
  print(
    `\n${rows.length} functions: ${range(
      rows.map((r) => r.bytes),
      kb,
    )} KB minified, ${range(
      rows.map((r) => r.gzip),
      kb,
    )} KB gzip, load CPU ${range(
      rows.map((r) => r.floorRatio),
      ratio,
    )}× the floor, ${range(
      rows.map((r) => r.helloRatio),
      ratio,
    )}× hello world\n`,
  )
  return { rows, floorCpu, helloCpu, runs, nodeOptions }
}

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

const main = () => {
  const { values: args } = parseArgs({
    options: {
      why: { type: 'string' },
      chain: { type: 'string' },
      runs: { type: 'string', default: String(DEFAULT_RUNS) },
      top: { type: 'string', default: '25' },
      keep: { type: 'boolean', default: false },
      'node-options': { type: 'string' },
    },
  })
  const runs = Math.min(15, Math.max(1, Number.parseInt(args.runs, 10) || DEFAULT_RUNS))
  const top = Math.max(1, Number.parseInt(args.top, 10) || 25)

  const outdir = mkdtempSync(join(tmpdir(), 'swipe-bench-bundles-'))
  const started = Date.now()
  process.stderr.write('Synthesizing the app with bundling (esbuild, as `cdk synth`)…\n')
  const { app, stack } = buildApp({ context: { [BUNDLE_METAFILE_CONTEXT]: true }, outdir })
  const template = app.synth().getStackArtifact(stack.artifactId).template as {
    Resources: Record<string, Json>
  }
  process.stderr.write(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`)
  const bundles = bundlesOf(template.Resources, outdir).sort((a, b) => a.name.localeCompare(b.name))
  const { rows } = measureBundles({
    bundles,
    runs,
    workDir: outdir,
    ...(args['node-options'] === undefined ? {} : { nodeOptions: args['node-options'] }),
    print: (text) => process.stdout.write(text),
  })

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

  const over = rows.filter((r) => r.over)
  if (over.length) {
    console.error(
      `\nOver ${FLOOR_RATIO}× the floor: ${over.map((r) => `${r.name} (${r.floorRatio.toFixed(2)}×)`).join(', ')}`,
    )
    process.exitCode = 1
  }
}

if (runsAsScript(import.meta.url)) main()
