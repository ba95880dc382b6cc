/** C0 control characters and DEL, except tab, line feed and carriage return (which CSV cells may hold). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters to remove.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g

/**
 * Spreadsheet safety for every CSV the product exports (OWASP "CSV injection"), judged by the
 * cell's type, not by its first character alone (issue 30):
 * - a number the product computed (a count, a rate, a change of -2.26) is written as the number
 *   it is, so a spreadsheet or pandas reads a number; a number is never a formula. Not finite: empty;
 * - text (whatever a user or a form may have entered): control characters (NUL and the rest of C0
 *   but tab, LF and CR, and DEL) are removed, since a spreadsheet may skip them and then read what
 *   follows as a formula; text that a spreadsheet would read as a formula — starting with
 *   = + - @, tab, CR or LF, or with one of = + - @ after leading spaces — is prefixed with an
 *   apostrophe (text `-1` too: the type says it is text, and it stays the text it was).
 */
export const neutralizeCell = (value: unknown): string => {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value)
  const text = (value === null || value === undefined ? '' : String(value)).replace(CONTROL, '')
  return /^[\t\r\n]|^ *[=+\-@]/.test(text) ? `'${text}` : text
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
