import { describe, expect, it } from 'vitest'
import yauzl from 'yauzl'
import { samples } from '../../../test/support/uploads.ts'
import { buildZip, mp4, patchEntry, png, pngClaiming, renameEntry } from '../../../test/support/zip.ts'
import {
  classifyEntry,
  type EntryMeta,
  inspectZip,
  isSymlink,
  isUnsafePath,
  naturalCompare,
  planPlacement,
  ZIP_LIMITS,
  ZIP_OPEN_OPTIONS,
} from './zip.ts'

const meta = (name: string, overrides: Partial<EntryMeta> = {}): EntryMeta => ({
  name,
  names: [name],
  versionMadeBy: 0x033f,
  externalFileAttributes: (0o100644 << 16) >>> 0,
  generalPurposeBitFlag: 0x800,
  compressionMethod: 8,
  compressedSize: 1000,
  uncompressedSize: 1200,
  ...overrides,
})

const open = (zip: Buffer) => yauzl.fromBufferPromise(zip, ZIP_OPEN_OPTIONS)
const jpegBytes = samples.jpeg()

describe('entry names', () => {
  it.each([
    ['../evil.png', true],
    ['a/../../evil.png', true],
    ['a/..', true],
    ['/etc/passwd.png', true],
    ['C:/x.png', true],
    ['c:x.png', true],
    ['a\\b.png', true],
    ['a\0.png', true],
    ['', true],
    ['photos/1.png', false],
    ['..hidden.png', false],
    ['a/./b.png', false],
    ['写真/１.png', false],
  ])('%j unsafe: %s', (name, unsafe) => {
    expect(isUnsafePath(name)).toBe(unsafe)
  })

  it('recognises symbolic links by the Unix file type, whatever the permissions', () => {
    expect(isSymlink((0o120777 << 16) >>> 0)).toBe(true)
    expect(isSymlink((0o120644 << 16) >>> 0)).toBe(true)
    expect(isSymlink((0o100777 << 16) >>> 0)).toBe(false)
    expect(isSymlink(0x20)).toBe(false) // MS-DOS archive bit
  })

  it('orders names naturally', () => {
    expect(
      ['10.jpg', '2.jpg', 'b.png', '1.png', 'A.png', 'img-9.mp4', 'img-10.mp4'].sort(naturalCompare),
    ).toEqual(['1.png', '2.jpg', '10.jpg', 'A.png', 'b.png', 'img-9.mp4', 'img-10.mp4'])
  })
})

describe('classifyEntry (central-directory record only)', () => {
  it('accepts supported images and videos', () => {
    expect(classifyEntry(meta('photos/1.PNG'))).toEqual({ status: 'candidate', kind: 'png', ext: 'png' })
    expect(classifyEntry(meta('a.jfif'))).toEqual({ status: 'candidate', kind: 'jpeg', ext: 'jfif' })
    expect(classifyEntry(meta('clip.mov'))).toEqual({ status: 'candidate', kind: 'mov', ext: 'mov' })
    expect(classifyEntry(meta('photo.heif'))).toEqual({ status: 'candidate', kind: 'heic', ext: 'heif' })
  })

  it('skips directories and the files operating systems add', () => {
    for (const name of [
      'photos/',
      '__MACOSX/._1.png',
      '.DS_Store',
      'photos/.hidden.png',
      'Thumbs.db',
      'x/desktop.ini',
    ])
      expect(classifyEntry(meta(name)), name).toEqual({ status: 'skipped' })
    expect(classifyEntry(meta('dir', { externalFileAttributes: (0o040755 << 16) >>> 0 }))).toEqual({
      status: 'skipped',
    })
    expect(classifyEntry(meta('dir', { externalFileAttributes: 0x10, versionMadeBy: 0x0014 }))).toEqual({
      status: 'skipped',
    })
  })

  it('refuses traversal, links and encryption before skipping anything', () => {
    expect(classifyEntry(meta('../evil.png'))).toMatchObject({ status: 'refused', code: 'zip.traversal' })
    expect(classifyEntry(meta('__MACOSX/../../evil.png'))).toMatchObject({ code: 'zip.traversal' })
    // A Unicode Path extra field that points elsewhere than the header name.
    expect(classifyEntry(meta('ok.png', { names: ['ok.png', '../ok.png'] }))).toMatchObject({
      code: 'zip.traversal',
    })
    expect(
      classifyEntry(meta('.link.png', { externalFileAttributes: (0o120777 << 16) >>> 0 })),
    ).toMatchObject({ code: 'zip.symlink', params: { file: '.link.png' } })
    expect(classifyEntry(meta('.secret.png', { generalPurposeBitFlag: 0x801 }))).toMatchObject({
      code: 'zip.encrypted',
    })
  })

  it('refuses unsupported types, oversize entries, lying stored sizes and high ratios', () => {
    expect(classifyEntry(meta('readme.txt'))).toEqual({
      status: 'refused',
      code: 'zip.unsupported',
      params: { file: 'readme.txt' },
    })
    expect(classifyEntry(meta('png'))).toMatchObject({ code: 'zip.unsupported' })
    expect(classifyEntry(meta('a.gif'))).toMatchObject({ code: 'zip.unsupported' })
    expect(classifyEntry(meta('a.png', { compressionMethod: 14 }))).toMatchObject({
      code: 'zip.entryInvalid',
    })
    expect(
      classifyEntry(
        meta('big.mp4', { uncompressedSize: ZIP_LIMITS.entryBytes + 1, compressedSize: 31_000_000 }),
      ),
    ).toEqual({ status: 'refused', code: 'zip.entryTooLarge', params: { file: 'big.mp4', maxMb: 30 } })
    expect(
      classifyEntry(meta('s.png', { compressionMethod: 0, compressedSize: 10, uncompressedSize: 20 })),
    ).toMatchObject({ code: 'zip.sizeMismatch' })
    expect(classifyEntry(meta('bomb.png', { compressedSize: 1000, uncompressedSize: 100_001 }))).toEqual({
      status: 'refused',
      code: 'zip.ratio',
      params: { file: 'bomb.png', max: 100 },
    })
    expect(
      classifyEntry(meta('edge.png', { compressedSize: 1000, uncompressedSize: 100_000 })),
    ).toMatchObject({
      status: 'candidate',
    })
    expect(classifyEntry(meta('zero.png', { compressedSize: 0, uncompressedSize: 5 }))).toMatchObject({
      code: 'zip.ratio',
    })
  })
})

describe('planPlacement', () => {
  const grid = { rows: 2, columns: 3 }
  const files = (...names: string[]) => names.map((name) => ({ name }))

  it('fills the free cells in name order, skipping cells with media', () => {
    expect(planPlacement(files('2.png', '1.png'), grid, ['A1', 'C1'])).toEqual({
      placed: [
        { name: '1.png', position: 'B1' },
        { name: '2.png', position: 'A2' },
      ],
      refused: [],
    })
    expect(planPlacement(files('1.png'), grid, []).placed).toEqual([{ name: '1.png', position: 'A1' }])
  })

  it('puts cell-named files in their cells, shuffled or not, replacing media there', () => {
    expect(planPlacement(files('photos/B1.jpg', 'a2.png', 'x.png', 'A1_春.png'), grid, ['A1'])).toEqual({
      placed: [
        { name: 'A1_春.png', position: 'A1' },
        { name: 'a2.png', position: 'A2' },
        { name: 'photos/B1.jpg', position: 'B1' },
        { name: 'x.png', position: 'C1' },
      ],
      refused: [],
    })
  })

  it('notes a named cell outside the grid and refuses a second file for one cell', () => {
    expect(planPlacement(files('D1.png', 'b1.png', 'B1.mp4'), grid, [])).toEqual({
      placed: [
        { name: 'B1.mp4', position: 'B1' },
        {
          name: 'D1.png',
          position: 'A1',
          note: { code: 'zip.cellOutside', params: { file: 'D1.png', cell: 'D1', position: 'A1' } },
        },
      ],
      refused: [{ name: 'b1.png', code: 'zip.cellTwice', params: { file: 'b1.png', cell: 'B1' } }],
    })
  })

  it('refuses the files beyond the free cells and the cells of the plan', () => {
    expect(planPlacement(files('1.png', '2.png', '3.png'), grid, ['A1', 'B1', 'C1', 'A2'])).toEqual({
      placed: [
        { name: '1.png', position: 'B2' },
        { name: '2.png', position: 'C2' },
      ],
      refused: [{ name: '3.png', code: 'zip.noFreeCell', params: { file: '3.png' } }],
    })
    expect(planPlacement(files('C2.png'), grid, ['A1', 'B1'], 2).refused).toEqual([
      { name: 'C2.png', code: 'zip.noFreeCell', params: { file: 'C2.png', cell: 'C2' } },
    ])
  })

  it('refuses what one transaction cannot place', () => {
    const many = files(...Array.from({ length: 100 }, (_, i) => `${i}.png`))
    const plan = planPlacement(many, { rows: 100, columns: 1 }, [])
    expect(plan.placed).toHaveLength(ZIP_LIMITS.placed)
    expect(plan.refused).toEqual([
      { name: '99.png', code: 'zip.tooManyFiles', params: { file: '99.png', max: 99 } },
    ])
  })
})

describe('inspectZip (real ZIP bytes)', () => {
  it('keeps supported files in natural order and skips the rest', async () => {
    const zip = await buildZip([
      { name: 'photos/', data: Buffer.alloc(0) },
      { name: 'photos/10.jpg', data: jpegBytes },
      { name: 'photos/2.png', data: png(4, 4) },
      { name: 'photos/1.mp4', data: mp4(), compress: false },
      { name: '__MACOSX/photos/._2.png', data: Buffer.from('resource fork') },
      { name: '.DS_Store', data: Buffer.from('x') },
    ])
    const done: number[] = []
    const result = await inspectZip(await open(zip), async (n) => {
      done.push(n)
    })
    expect(result.refusal).toBeUndefined()
    expect(result.candidates.map((c) => [c.name, c.kind])).toEqual([
      ['photos/1.mp4', 'mp4'],
      ['photos/2.png', 'png'],
      ['photos/10.jpg', 'jpeg'],
    ])
    expect(result.report).toEqual([
      { name: 'photos/', status: 'skipped' },
      { name: '__MACOSX/photos/._2.png', status: 'skipped' },
      { name: '.DS_Store', status: 'skipped' },
    ])
    expect(done).toEqual([1, 2, 3, 4, 5, 6])
  })

  it('refuses an entry whose bytes are not what its name says', async () => {
    const zip = await buildZip([
      { name: 'fake.png', data: Buffer.from('<html><script>alert(1)</script></html>') },
      { name: 'jpeg-as.png', data: jpegBytes },
      { name: 'ok.png', data: png(2, 2) },
    ])
    const result = await inspectZip(await open(zip))
    expect(result.report).toEqual([
      { name: 'fake.png', status: 'refused', code: 'zip.unsupported', params: { file: 'fake.png' } },
      { name: 'jpeg-as.png', status: 'refused', code: 'zip.unsupported', params: { file: 'jpeg-as.png' } },
    ])
    expect(result.candidates.map((c) => c.name)).toEqual(['ok.png'])
  })

  it('refuses an image whose header claims more pixels than the cap, naming the file and its size', async () => {
    const zip = await buildZip([
      { name: 'bomb.png', data: pngClaiming(100_000, 100_000) },
      { name: 'ok.png', data: png(2, 2) },
    ])
    const result = await inspectZip(await open(zip))
    expect(result.report).toEqual([
      {
        name: 'bomb.png',
        status: 'refused',
        code: 'upload.tooManyPixels',
        params: { file: 'bomb.png', width: 100_000, height: 100_000, maxSide: 10_000, maxMegapixels: 50 },
      },
    ])
    expect(result.candidates.map((c) => c.name)).toEqual(['ok.png'])
  })

  it('stops inflating an entry whose header under-declares its size (lying header)', async () => {
    const honest = await buildZip([
      { name: 'bomb.png', data: Buffer.concat([png(1, 1), Buffer.alloc(4_000_000)]) },
    ])
    // 4 MB of zeros deflate to a few KB: declare 30 KB so the ratio looks harmless.
    const lying = patchEntry(honest, 'bomb.png', { uncompressedSize: 30_000 })
    const result = await inspectZip(await open(lying))
    expect(result.report).toEqual([
      { name: 'bomb.png', status: 'refused', code: 'zip.sizeMismatch', params: { file: 'bomb.png' } },
    ])
    expect(result.candidates).toEqual([])
    // An over-declared size is caught at the end of the entry.
    const over = patchEntry(await buildZip([{ name: 'a.png', data: png(8, 8) }]), 'a.png', {
      uncompressedSize: 200,
    })
    expect((await inspectZip(await open(over))).report[0]).toMatchObject({ code: 'zip.sizeMismatch' })
  })

  it('refuses high-ratio entries without inflating them', async () => {
    const zip = await buildZip([
      { name: 'bomb.png', data: Buffer.concat([png(1, 1), Buffer.alloc(5_000_000)]) },
    ])
    expect((await inspectZip(await open(zip))).report).toEqual([
      { name: 'bomb.png', status: 'refused', code: 'zip.ratio', params: { file: 'bomb.png', max: 100 } },
    ])
  })

  it('refuses traversal, symlink and encrypted entries crafted by hand', async () => {
    const base = await buildZip([
      { name: 'xx/evil.png', data: png(2, 2) },
      { name: 'link.png', data: Buffer.from('/etc/passwd'), mode: 0o120777 },
      { name: 'secret.png', data: png(2, 2) },
    ])
    const zip = patchEntry(renameEntry(base, 'xx/evil.png', '../evil.png'), 'secret.png', { encrypted: true })
    expect((await inspectZip(await open(zip))).report).toEqual([
      { name: '../evil.png', status: 'refused', code: 'zip.traversal', params: { file: '../evil.png' } },
      { name: 'link.png', status: 'refused', code: 'zip.symlink', params: { file: 'link.png' } },
      { name: 'secret.png', status: 'refused', code: 'zip.encrypted', params: { file: 'secret.png' } },
    ])
  })

  it('refuses the whole ZIP for too many entries or too much expanded data', async () => {
    const many = await buildZip(
      Array.from({ length: ZIP_LIMITS.entries + 1 }, (_, i) => ({
        name: `${i}.png`,
        data: Buffer.from('x'),
      })),
    )
    expect(await inspectZip(await open(many))).toEqual({
      refusal: { code: 'zip.tooManyEntries', params: { max: ZIP_LIMITS.entries } },
      report: [],
      candidates: [],
    })
    const base = await buildZip([
      { name: 'a.png', data: png(1, 1) },
      { name: 'b.png', data: png(1, 1) },
    ])
    const huge = patchEntry(patchEntry(base, 'a.png', { uncompressedSize: 0xfffffff0 }), 'b.png', {
      uncompressedSize: 0xfffffff0,
    })
    expect((await inspectZip(await open(huge))).refusal).toEqual({
      code: 'zip.totalTooLarge',
      params: { maxMb: 2048 },
    })
  })
})
