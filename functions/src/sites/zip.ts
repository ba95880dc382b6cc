import type { Readable } from 'node:stream'
import {
  BULK_ZIP_MAX_BYTES,
  extensionOf,
  type FileKind,
  kindFromFileName,
  type MessageKey,
  SITE_MEDIA_MAX_BYTES,
  SITE_MEDIA_RULE,
  sniffFileKind,
} from '@swipe/shared'
import { type Grid, naturalNameCompare, placeFiles } from '@swipe/shared/site/cells'
import yauzl, { type Entry, type ZipFile } from 'yauzl'
import {
  checkImagePixels,
  IMAGE_HEAD_BYTES,
  isCappedImage,
  pixelParams,
} from '#platform/services/image-pixels'

/**
 * The checks a bulk-upload ZIP passes before anything of it is written (docs/decisions/0016-site-uploads.md).
 * Everything here is pure or reads only the ZIP it is given, so the rules are tested with ZIPs built in
 * memory; the worker (`bulk.ts`) reads the same ZipFile over ranged S3 reads.
 */
export const ZIP_LIMITS = {
  /** The ZIP itself (SPEC §9). */
  zipBytes: BULK_ZIP_MAX_BYTES,
  /** Central-directory entries, directories and skipped files included. */
  entries: 400,
  /** One entry, uncompressed: the single-upload limit (SPEC §9). */
  entryBytes: SITE_MEDIA_MAX_BYTES,
  /** Every entry together, uncompressed (declared sizes). */
  totalBytes: 2 * 1024 * 1024 * 1024,
  /** Uncompressed ÷ compressed size of one entry; images and videos barely compress. */
  ratio: 100,
  /**
   * Files one ZIP places: they are written with the site's version bump in one transaction of at
   * most 100 actions (`MAX_TRANSACTION_ITEMS`).
   */
  placed: 99,
} as const

export type Problem = { code: MessageKey; params: Record<string, string | number> }

/** What one entry of the central directory says about itself. */
export interface EntryMeta {
  /** The name used: the Info-ZIP Unicode Path when it is valid, else the decoded header name. */
  name: string
  /** Every name the entry carries (header and Unicode Path): each must be safe. */
  names: string[]
  versionMadeBy: number
  externalFileAttributes: number
  generalPurposeBitFlag: number
  compressionMethod: number
  compressedSize: number
  uncompressedSize: number
}

export type Verdict =
  | { status: 'skipped' }
  | ({ status: 'refused' } & Problem)
  | { status: 'candidate'; kind: FileKind; ext: string }

const S_IFMT = 0o170000
const S_IFLNK = 0o120000
const S_IFDIR = 0o040000
const MSDOS_DIRECTORY = 0x10

/** A name that points outside the folder it is extracted into, or that some tool would read so. */
export const isUnsafePath = (name: string): boolean =>
  name === '' ||
  name.includes('\\') ||
  name.includes('\0') ||
  name.startsWith('/') ||
  /^[A-Za-z]:/.test(name) ||
  name.split('/').some((segment) => segment === '..')

/** A Unix symbolic link: the file type in the upper half of the external attributes. */
export const isSymlink = (externalFileAttributes: number): boolean =>
  ((externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK

const isDirectory = (meta: EntryMeta) =>
  meta.name.endsWith('/') ||
  ((meta.externalFileAttributes >>> 16) & S_IFMT) === S_IFDIR ||
  (meta.externalFileAttributes & MSDOS_DIRECTORY) !== 0

const baseName = (name: string) => name.split('/').pop() ?? name

/** Files that operating systems add to a folder they zip, skipped rather than refused. */
const isJunk = (name: string) => {
  const base = baseName(name)
  return (
    name.split('/')[0] === '__MACOSX' ||
    base.startsWith('.') ||
    ['thumbs.db', 'desktop.ini'].includes(base.toLowerCase())
  )
}

const mb = (bytes: number) => Math.floor(bytes / 1024 / 1024)

/**
 * Judges an entry by its central-directory record alone (nothing is inflated): unsafe paths,
 * links and encryption are refused before anything is skipped, so a hidden or `__MACOSX` entry
 * cannot smuggle them in.
 */
export const classifyEntry = (meta: EntryMeta): Verdict => {
  const file = meta.name
  const refuse = (code: MessageKey, params: Record<string, string | number> = {}): Verdict => ({
    status: 'refused',
    code,
    params: { file, ...params },
  })
  if (meta.names.some(isUnsafePath)) return refuse('zip.traversal')
  if (isSymlink(meta.externalFileAttributes)) return refuse('zip.symlink')
  if (isDirectory(meta)) return { status: 'skipped' }
  if ((meta.generalPurposeBitFlag & 0x1) !== 0) return refuse('zip.encrypted')
  if (isJunk(file)) return { status: 'skipped' }
  const base = baseName(file)
  const ext = extensionOf(base)
  const kind = ext ? kindFromFileName(base) : undefined
  if (!kind || !(SITE_MEDIA_RULE.kinds as readonly FileKind[]).includes(kind))
    return refuse('zip.unsupported')
  if (meta.compressionMethod !== 0 && meta.compressionMethod !== 8) return refuse('zip.entryInvalid')
  if (meta.uncompressedSize > ZIP_LIMITS.entryBytes)
    return refuse('zip.entryTooLarge', { maxMb: mb(ZIP_LIMITS.entryBytes) })
  if (meta.compressionMethod === 0 && meta.compressedSize !== meta.uncompressedSize)
    return refuse('zip.sizeMismatch')
  if (
    meta.uncompressedSize > 0 &&
    (meta.compressedSize === 0 || meta.uncompressedSize / meta.compressedSize > ZIP_LIMITS.ratio)
  )
    return refuse('zip.ratio', { max: ZIP_LIMITS.ratio })
  return { status: 'candidate', kind, ext }
}

/** Natural name order: 2.jpg before 10.jpg, then byte order so the result never depends on ties. */
export const naturalCompare = naturalNameCompare

/**
 * Where each file goes, by the one placement rule of `placeFiles` (shared/src/site/cells.ts): a
 * file named after a cell of the grid goes there, the others fill the cells that have no media, in
 * name order. A file naming a cell outside the grid is placed in a free cell with a note saying so;
 * a second file naming a cell, a file without a free cell, and files beyond what one ZIP may place
 * are refused. `cells` caps the usable cells (the owner's plan).
 */
export const planPlacement = <T extends { name: string }>(
  files: readonly T[],
  grid: Grid,
  occupied: Iterable<string>,
  cells?: number,
): { placed: Array<T & { position: string; note?: Problem }>; refused: Array<T & Problem> } => {
  const places = placeFiles(
    files.map((file) => file.name),
    grid,
    occupied,
    cells === undefined ? {} : { cells },
  )
  const placed: Array<T & { position: string; note?: Problem }> = []
  const refused: Array<T & Problem> = []
  const order = files.map((file, index) => ({ file, place: places[index]! }))
  order.sort((a, b) => naturalCompare(a.file.name, b.file.name))
  for (const { file, place } of order) {
    const params = { file: file.name }
    if (place.status === 'duplicate')
      refused.push({ ...file, code: 'zip.cellTwice', params: { ...params, cell: place.position } })
    else if (place.status === 'noCell')
      refused.push({
        ...file,
        code: 'zip.noFreeCell',
        params: place.outside ? { ...params, cell: place.outside } : params,
      })
    else if (placed.length >= ZIP_LIMITS.placed)
      refused.push({ ...file, code: 'zip.tooManyFiles', params: { ...params, max: ZIP_LIMITS.placed } })
    else
      placed.push({
        ...file,
        position: place.position,
        ...(place.outside
          ? {
              note: {
                code: 'zip.cellOutside',
                params: { ...params, cell: place.outside, position: place.position },
              } satisfies Problem,
            }
          : {}),
      })
  }
  return { placed, refused }
}

/** The names an entry carries, decoded as the spec says (UTF-8 flag, else CP437; Unicode Path field). */
export const metaOf = (entry: Entry): EntryMeta => {
  const raw = entry.fileNameRaw
  const fromHeader = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, [], true)
  const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, true)
  return {
    name,
    names: [...new Set([fromHeader, name])],
    versionMadeBy: entry.versionMadeBy,
    externalFileAttributes: entry.externalFileAttributes,
    generalPurposeBitFlag: entry.generalPurposeBitFlag,
    compressionMethod: entry.compressionMethod,
    compressedSize: entry.compressedSize,
    uncompressedSize: entry.uncompressedSize,
  }
}

/** Options for reading an untrusted ZIP: names and sizes are checked here, not thrown by yauzl. */
export const ZIP_OPEN_OPTIONS = {
  lazyEntries: true,
  autoClose: false,
  decodeStrings: false,
  validateEntrySizes: false,
} as const

export interface ReadOptions {
  /** Keep the bytes (placing); otherwise only count them and keep the first ones (checking). */
  keep: boolean
}

export type ReadResult =
  | {
      ok: true
      kind: FileKind | undefined
      bytes: Buffer | undefined
      size: number
      /** The first bytes (up to IMAGE_HEAD_BYTES): the kind and an image's dimensions are read from them. */
      head: Buffer
    }
  | ({ ok: false } & Problem)

/**
 * Inflates one entry, counting bytes as they come: more than the header declares (a lying header)
 * or than an entry may hold stops the inflation at once. The first bytes decide the real kind.
 */
export const readEntry = async (zip: ZipFile, entry: Entry, meta: EntryMeta, options: ReadOptions) => {
  const file = meta.name
  const limit = Math.min(meta.uncompressedSize, ZIP_LIMITS.entryBytes)
  let stream: Readable
  try {
    stream = await zip.openReadStreamPromise(entry)
  } catch {
    return { ok: false, code: 'zip.entryInvalid', params: { file } } satisfies ReadResult
  }
  const chunks: Buffer[] = []
  let head = Buffer.alloc(0)
  let size = 0
  const result = await new Promise<ReadResult>((resolve) => {
    let settled = false
    const settle = (value: ReadResult) => {
      if (settled) return
      settled = true
      stream.removeAllListeners('data')
      if (!value.ok) stream.destroy()
      resolve(value)
    }
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        settle({ ok: false, code: 'zip.sizeMismatch', params: { file } })
        return
      }
      if (head.length < IMAGE_HEAD_BYTES)
        head = Buffer.concat([head, chunk.subarray(0, IMAGE_HEAD_BYTES - head.length)])
      if (options.keep) chunks.push(chunk)
    })
    stream.on('error', () => settle({ ok: false, code: 'zip.entryInvalid', params: { file } }))
    stream.on('end', () => {
      if (size !== meta.uncompressedSize) settle({ ok: false, code: 'zip.sizeMismatch', params: { file } })
      else
        settle({
          ok: true,
          kind: sniffFileKind(head),
          bytes: options.keep ? Buffer.concat(chunks, size) : undefined,
          size,
          head,
        })
    })
  })
  return result
}

/** HEIC and MP4 share the ISO container; the brand decides, so a .mov may sniff as mp4 and vice versa. */
export const sameKind = (sniffed: FileKind | undefined, named: FileKind): boolean =>
  sniffed === named ||
  (sniffed !== undefined && ['mp4', 'mov'].includes(sniffed) && ['mp4', 'mov'].includes(named))

export interface Candidate {
  name: string
  entry: Entry
  meta: EntryMeta
  kind: FileKind
  ext: string
}

export interface ReportLine {
  name: string
  status: 'placed' | 'skipped' | 'refused'
  position?: string
  mediaType?: 'image' | 'video'
  code?: MessageKey
  params?: Record<string, string | number>
}

export interface Inspection {
  /** A reason that refuses the ZIP as a whole (too many entries, too large when expanded, unreadable). */
  refusal?: Problem
  /** One line per entry that is skipped or refused; candidates are added by the placement. */
  report: ReportLine[]
  /** Supported images and videos that passed every check, in natural name order. */
  candidates: Candidate[]
}

/**
 * Checks every entry of a ZIP without writing anything: first each central-directory record
 * (names, links, encryption, types, sizes, ratios, the totals), then every remaining entry is
 * inflated once to prove its size and its first bytes. `progress` is told after each entry.
 */
export const inspectZip = async (
  zip: ZipFile,
  progress: (done: number) => Promise<void> = async () => {},
): Promise<Inspection> => {
  if (zip.entryCount > ZIP_LIMITS.entries)
    return {
      refusal: { code: 'zip.tooManyEntries', params: { max: ZIP_LIMITS.entries } },
      report: [],
      candidates: [],
    }
  const entries: Array<{ entry: Entry; meta: EntryMeta }> = []
  try {
    for await (const entry of zip.eachEntry()) entries.push({ entry, meta: metaOf(entry) })
  } catch {
    return { refusal: { code: 'zip.invalid', params: {} }, report: [], candidates: [] }
  }
  const total = entries.reduce((sum, { meta }) => sum + meta.uncompressedSize, 0)
  if (total > ZIP_LIMITS.totalBytes)
    return {
      refusal: { code: 'zip.totalTooLarge', params: { maxMb: mb(ZIP_LIMITS.totalBytes) } },
      report: [],
      candidates: [],
    }

  const report: ReportLine[] = []
  const candidates: Candidate[] = []
  let done = 0
  for (const { entry, meta } of entries) {
    const verdict = classifyEntry(meta)
    if (verdict.status === 'candidate') {
      const read = await readEntry(zip, entry, meta, { keep: false })
      if (!read.ok) report.push({ name: meta.name, status: 'refused', code: read.code, params: read.params })
      else if (!sameKind(read.kind, verdict.kind))
        report.push({
          name: meta.name,
          status: 'refused',
          code: 'zip.unsupported',
          params: { file: meta.name },
        })
      else {
        const pixels = isCappedImage(verdict.kind) ? checkImagePixels(read.head) : undefined
        if (pixels && !pixels.ok)
          report.push({
            name: meta.name,
            status: 'refused',
            ...(pixels.problem === 'tooManyPixels'
              ? { code: 'upload.tooManyPixels', params: pixelParams(meta.name, pixels.width, pixels.height) }
              : { code: 'zip.unsupported', params: { file: meta.name } }),
          })
        else candidates.push({ name: meta.name, entry, meta, kind: verdict.kind, ext: verdict.ext })
      }
    } else if (verdict.status === 'refused') {
      report.push({ name: meta.name, status: 'refused', code: verdict.code, params: verdict.params })
    } else {
      report.push({ name: meta.name, status: 'skipped' })
    }
    done += 1
    await progress(done)
  }
  candidates.sort((a, b) => naturalCompare(a.name, b.name))
  return { report, candidates }
}
