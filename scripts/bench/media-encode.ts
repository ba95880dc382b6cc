/**
 * `npm run bench:media-encode` (issue 35 item 6): the media job's image renditions (nine files: three
 * boxes × AVIF, WebP, JPEG) of the demo's nine photos and of a 6000 × 4000 phone photo (EXIF
 * orientation 6), made two ways in the same run, alternating, median of BENCH_ROUNDS (default 3):
 * each file from the source (sharp decodes the upload again for every file: the job before this
 * change) and `encodeImage` (the source decoded once, every file resized from its pixels). Same
 * boxes and encoder settings (`resizeTo`, `encodeAs`). A measurement, not a test.
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

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const ASSETS = join(import.meta.dirname, '..', '..', 'infra', 'local', 'seed-assets')

const photos = readdirSync(ASSETS)
  .filter((name) => name.endsWith('.jpg'))
  .map((name) => ({ name, bytes: readFileSync(join(ASSETS, name)) }))
// A phone's portrait photo: a demo photo enlarged to 6000 × 4000, stored sideways with orientation 6.
const phone = await sharp(photos[0]!.bytes)
  .resize({ width: 6000, height: 4000, fit: 'fill' })
  .jpeg({ quality: 90 })
  .withMetadata({ orientation: 6 })
  .toBuffer()

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

const cases = [
  { label: "the demo's nine photos (702 × 1070 JPEG)", inputs: photos.map((p) => p.bytes) },
  { label: 'a 6000 × 4000 phone photo (orientation 6)', inputs: [phone] },
]
process.stdout.write(`image renditions per upload (median of ${ROUNDS}, alternating)\n`)
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
  process.stdout.write(
    `${label.padEnd(46)} each file from the source ${fmt(median(before), 0).padStart(6)} ms · decoded once ${fmt(median(after), 0).padStart(6)} ms · ${fmt(ratio, 2)}× · bytes ${fmt(sizes.after / sizes.before, 3)}×\n`,
  )
}
