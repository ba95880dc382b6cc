/**
 * Spreadsheet safety for every CSV the product exports: a cell that a spreadsheet would read as a
 * formula (starting with = + - @, tab or carriage return) is prefixed with an apostrophe.
 */
export const neutralizeCell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value)
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

/** UTF-8 byte-order mark, so Excel (ja) opens UTF-8 CSV correctly. */
export const UTF8_BOM = '\uFEFF'

/**
 * Decodes an uploaded CSV: UTF-8 with or without BOM, or Shift_JIS (Japanese Excel's default).
 * Strict UTF-8 is tried first; bytes that are not valid UTF-8 are read as Shift_JIS.
 */
export const decodeCsv = (bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'shift_jis' } => {
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf
  const body = hasBom ? bytes.subarray(3) : bytes
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8' }
  } catch {
    return { text: new TextDecoder('shift_jis').decode(body), encoding: 'shift_jis' }
  }
}
