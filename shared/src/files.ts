/**
 * What an upload really is, judged from its first bytes. The server checks every upload with
 * this before attaching it, because neither s3rver nor a presigned PUT proves the content type.
 */
export type FileKind = 'png' | 'jpeg' | 'heic' | 'mp4' | 'mov' | 'webm' | 'zip' | 'csv' | 'gif' | 'webp'

export const MIME_BY_KIND: Record<FileKind, string[]> = {
  png: ['image/png'],
  jpeg: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  heic: ['image/heic', 'image/heif'],
  mp4: ['video/mp4'],
  mov: ['video/quicktime'],
  webm: ['video/webm'],
  zip: ['application/zip', 'application/x-zip-compressed'],
  csv: ['text/csv', 'application/vnd.ms-excel', 'text/plain'],
  gif: ['image/gif'],
  webp: ['image/webp'],
}

/** File-name extensions accepted for each kind (SPEC §5 uploads). */
export const EXTENSIONS_BY_KIND: Record<FileKind, string[]> = {
  png: ['png'],
  jpeg: ['jpg', 'jpeg', 'jfif'],
  heic: ['heic', 'heif'],
  mp4: ['mp4'],
  mov: ['mov'],
  webm: ['webm'],
  zip: ['zip'],
  csv: ['csv'],
  gif: ['gif'],
  webp: ['webp'],
}

/** Number of leading bytes `sniffFileKind` needs. */
export const SNIFF_BYTES = 64

const ascii = (bytes: Uint8Array, start: number, end: number): string =>
  String.fromCharCode(...bytes.subarray(start, end))

/** Detects the kind of a file from its leading bytes; undefined when unknown. */
export const sniffFileKind = (bytes: Uint8Array): FileKind | undefined => {
  if (bytes.length >= 8 && bytes[0] === 0x89 && ascii(bytes, 1, 4) === 'PNG' && bytes[4] === 0x0d)
    return 'png'
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (bytes.length >= 6 && ascii(bytes, 0, 6).startsWith('GIF8')) return 'gif'
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp'
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3)
    return 'webm'
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5))
    return 'zip'
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12)
    if (['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return 'heic'
    if (brand === 'qt  ') return 'mov'
    return 'mp4'
  }
  if (bytes.length >= 8 && ['moov', 'mdat', 'wide', 'free'].includes(ascii(bytes, 4, 8))) return 'mov'
  return undefined
}

/** The kind named by a file's extension, if it is one we know. */
export const kindFromFileName = (fileName: string): FileKind | undefined => {
  const ext = fileName.split('.').pop()?.toLowerCase() ?? ''
  for (const [kind, exts] of Object.entries(EXTENSIONS_BY_KIND)) {
    if (exts.includes(ext)) return kind as FileKind
  }
  return undefined
}
