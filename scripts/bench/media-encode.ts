/**
 * `npm run bench:media-encode` (issue 35 item 6): the media job's image renditions (nine files: three
 * boxes × AVIF, WebP, JPEG) of the demo's nine photos and of a 6000 × 4000 phone photo (EXIF
 * orientation 6), made two ways in the same run, alternating, median of BENCH_ROUNDS (default 3):
 * each file from the source (sharp decodes the upload again for every file: the job before this
 * change) and `encodeImage` (the source decoded once, every file resized from its pixels). Same
 * boxes and encoder settings (`resizeTo`, `encodeAs`). A measurement, not a test.
 * Quick mode (`npm test`, docs/decisions/0075-bench-quick-modes.md): one demo photo and a 600 × 400
 * phone photo, 1 round.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  DECODE_OPTIONS,
  encodeAs,
  encodeImage,
  IMAGE_FORMATS,
  IMAGE_TARGETS,
  resizeTo,
  sharp,
} from '../../functions/src/platform/services/media/images.ts'
import { fmt, median } from './load.ts'
import { type BenchContext, runsAsScript, scriptContext } from './script.ts'

const ASSETS = join(import.meta.dirname, '..', '..', 'infra', 'local', 'seed-assets')

/** Every file from the source: the upload decoded again for each. */
const eachFromSource = async (input: Uint8Array) => {
  let bytes = 0
  for (const target of IMAGE_TARGETS.media)
    for (const format of IMAGE_FORMATS)
      bytes += (await encodeAs(resizeTo(sharp(input, DECODE_OPTIONS).rotate(), target), format).toBuffer())
        .length
  return bytes
}
const decodedOnce = async (input: Uint8Array) =>
  (await encodeImage(input, IMAGE_TARGETS.media)).files.reduce((sum, f) => sum + f.bytes, 0)

const time = async (work: () => Promise<number>) => {
  const started = performance.now()
  const bytes = await work()
  return { ms: performance.now() - started, bytes }
}

export interface MediaEncodeFigures {
  rounds: number
  /** Per case: ms per upload each way (medians), their ratio, and the bytes' ratio. */
  rows: {
    label: string
    eachFromSourceMs: number
    decodedOnceMs: number
    ratio: number
    bytesRatio: number
  }[]
}

export const benchMediaEncode = async ({ quick, print }: BenchContext): Promise<MediaEncodeFigures> => {
  const ROUNDS = quick ? 1 : Number(process.env.BENCH_ROUNDS ?? 3)
  const photos = readdirSync(ASSETS)
    .filter((name) => name.endsWith('.jpg'))
    .slice(0, quick ? 1 : undefined)
    .map((name) => ({ name, bytes: readFileSync(join(ASSETS, name)) }))
  // A phone's portrait photo: a demo photo enlarged to 6000 × 4000 (quick: 600 × 400), stored sideways
  // with orientation 6.
  const [width, height] = quick ? [600, 400] : [6000, 4000]
  const phone = await sharp(photos[0]!.bytes)
    .resize({ width, height, fit: 'fill' })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer()
  const cases = [
    {
      label: quick ? 'one demo photo (702 × 1070 JPEG)' : "the demo's nine photos (702 × 1070 JPEG)",
      inputs: photos.map((p) => p.bytes),
    },
    { label: `a ${width} × ${height} phone photo (orientation 6)`, inputs: [phone] },
  ]
  print(`image renditions per upload (median of ${ROUNDS}, alternating)\n`)
  const rows: MediaEncodeFigures['rows'] = []
  for (const { label, inputs } of cases) {
    const before: number[] = []
    const after: number[] = []
    let sizes = { before: 0, after: 0 }
    for (let round = 0; round < ROUNDS; round++) {
      let a = 0
      let b = 0
      for (const input of inputs) {
        const old = await time(() => eachFromSource(input))
        const now = await time(() => decodedOnce(input))
        a += old.ms
        b += now.ms
        sizes = { before: sizes.before + old.bytes, after: sizes.after + now.bytes }
      }
      before.push(a / inputs.length)
      after.push(b / inputs.length)
    }
    const ratio = median(after) / median(before)
    rows.push({
      label,
      eachFromSourceMs: median(before),
      decodedOnceMs: median(after),
      ratio,
      bytesRatio: sizes.after / sizes.before,
    })
    print(
      `${label.padEnd(46)} each file from the source ${fmt(median(before), 0).padStart(6)} ms · decoded once ${fmt(median(after), 0).padStart(6)} ms · ${fmt(ratio, 2)}× · bytes ${fmt(sizes.after / sizes.before, 3)}×\n`,
    )
  }
  return { rounds: ROUNDS, rows }
}

if (runsAsScript(import.meta.url)) await benchMediaEncode(scriptContext())
