import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import yazl from 'yazl'

/** One file of a test ZIP (a name ending in `/` is a directory). `mode` is the Unix mode (file type and permissions), e.g. 0o120777 for a symlink. */
export interface ZipInput {
  name: string
  data: Buffer
  /** Deflate (default) or store. */
  compress?: boolean
  mode?: number
}

/** Builds a ZIP in memory with yazl, as a zip tool would. */
export const buildZip = (entries: readonly ZipInput[]): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile()
    for (const entry of entries) {
      if (entry.name.endsWith('/')) zip.addEmptyDirectory(entry.name.slice(0, -1))
      else
        zip.addBuffer(entry.data, entry.name, {
          compress: entry.compress ?? true,
          ...(entry.mode === undefined ? {} : { mode: entry.mode }),
        })
    }
    zip.end()
    const chunks: Buffer[] = []
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk))
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)))
    zip.outputStream.on('error', reject)
  })

const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50

/** Offsets of the central-directory record and the local header of the entry with this name. */
const headersOf = (zip: Buffer, name: string) => {
  const wanted = Buffer.from(name, 'utf8')
  let central = -1
  for (let i = zip.length - 46; i >= 0; i--) {
    if (zip.readUInt32LE(i) !== CENTRAL) continue
    const length = zip.readUInt16LE(i + 28)
    if (zip.subarray(i + 46, i + 46 + length).equals(wanted)) {
      central = i
      break
    }
  }
  if (central < 0) throw new Error(`No entry ${name}`)
  const local = zip.readUInt32LE(central + 42)
  if (zip.readUInt32LE(local) !== LOCAL) throw new Error(`No local header for ${name}`)
  return { central, local }
}

/**
 * Rewrites header fields of one entry, in both its central-directory record and its local header,
 * the way a hand-crafted malicious ZIP would: a lying uncompressed size, the encryption flag, or
 * other external attributes. The data itself is left as it is.
 */
export const patchEntry = (
  source: Buffer,
  name: string,
  fields: { uncompressedSize?: number; encrypted?: boolean; externalAttributes?: number },
): Buffer => {
  const zip = Buffer.from(source)
  const { central, local } = headersOf(zip, name)
  if (fields.uncompressedSize !== undefined) {
    zip.writeUInt32LE(fields.uncompressedSize, central + 24)
    zip.writeUInt32LE(fields.uncompressedSize, local + 22)
  }
  if (fields.encrypted) {
    zip.writeUInt16LE(zip.readUInt16LE(central + 8) | 1, central + 8)
    zip.writeUInt16LE(zip.readUInt16LE(local + 6) | 1, local + 6)
  }
  if (fields.externalAttributes !== undefined)
    zip.writeUInt32LE(fields.externalAttributes >>> 0, central + 38)
  return zip
}

/**
 * Renames an entry to a name of the same byte length in both headers, for names zip tools refuse
 * to write (`../evil.png`, `/etc/x.png`, `C:/x.png`, `a\\b.png`).
 */
export const renameEntry = (source: Buffer, from: string, to: string): Buffer => {
  const a = Buffer.from(from, 'utf8')
  const b = Buffer.from(to, 'utf8')
  if (a.length !== b.length) throw new Error('Names must have the same byte length')
  const zip = Buffer.from(source)
  const { central, local } = headersOf(zip, from)
  b.copy(zip, central + 46)
  b.copy(zip, local + 30)
  return zip
}

const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'ascii')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])) >>> 0, 0)
  return Buffer.concat([head, data, crc])
}

/** A PNG of an RGB, 8-bit canvas of `width` × `height` whose image data is `idat` (compressed). */
const pngFile = (width: number, height: number, idat: Buffer): Buffer => {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/**
 * A real PNG (RGB, 8 bits) of the given size. Pixels come from `fill` (default: a gradient), or are random; with
 * `random` the image data is not compressed, so random pixels give a file of about w × h × 3 bytes.
 */
export const png = (
  width: number,
  height: number,
  options: { fill?: (x: number, y: number) => [number, number, number]; random?: boolean } = {},
): Buffer => {
  const row = width * 3 + 1
  const raw = Buffer.alloc(row * height)
  if (options.random) {
    raw.set(randomBytes(raw.length))
    for (let y = 0; y < height; y++) raw[y * row] = 0
  } else {
    const fill = options.fill ?? ((x, y) => [x % 256, y % 256, (x + y) % 256])
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.set(fill(x, y), y * row + 1 + x * 3)
  }
  return pngFile(width, height, deflateSync(raw, { level: options.random ? 0 : 6 }))
}

const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts)
  const head = Buffer.alloc(8)
  head.writeUInt32BE(8 + body.length, 0)
  head.write(type, 4, 'ascii')
  return Buffer.concat([head, body])
}

/** A small, well-formed MP4 (ISO base media: ftyp, moov with an mvhd, empty mdat). */
export const mp4 = (): Buffer => {
  const mvhd = Buffer.alloc(100)
  mvhd.writeUInt32BE(1000, 12) // timescale
  mvhd.writeUInt32BE(0, 16) // duration
  mvhd.writeUInt32BE(0x00010000, 20) // rate 1.0
  mvhd.writeUInt16BE(0x0100, 24) // volume 1.0
  for (const [i, v] of [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].entries())
    mvhd.writeUInt32BE(v, 36 + i * 4)
  mvhd.writeUInt32BE(2, 96) // next track id
  return Buffer.concat([
    box(
      'ftyp',
      Buffer.from('isom', 'ascii'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from('isomiso2mp41', 'ascii'),
    ),
    box('moov', box('mvhd', mvhd)),
    box('mdat'),
  ])
}

/**
 * A MOV as a camera might write it: MPEG-4 Part 2 video of `size` (`WxH`) and PCM audio, which
 * browsers do not play until it is transcoded (made with Debian's ffmpeg).
 */
export const cameraMov = ({
  size = '1280x720',
  seconds = 1,
  rate = 25,
}: {
  size?: string
  seconds?: number
  rate?: number
} = {}): Buffer => {
  const dir = mkdtempSync(join(tmpdir(), 'swipe-mov-'))
  try {
    const file = join(dir, 'clip.mov')
    execFileSync('/usr/bin/ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `testsrc=size=${size}:rate=${rate}:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
      ...['-c:v', 'mpeg4', '-q:v', '3', '-c:a', 'pcm_s16le', '-shortest', file],
    ])
    return readFileSync(file)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * A decompression bomb in PNG form: a small, valid-looking file whose header claims a canvas of
 * `width` × `height` pixels (a decoder would allocate width × height × 3 bytes). Only the first
 * rows are present; nothing in the header says so.
 */
export const pngClaiming = (width: number, height: number): Buffer => {
  return pngFile(width, height, deflateSync(Buffer.alloc(8 * 1024 * 1024), { level: 9 }))
}
