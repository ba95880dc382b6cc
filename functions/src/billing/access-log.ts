import { isbot } from 'isbot'

/**
 * The edge's access log as CloudFront writes it (standard logging, legacy and v2 in the W3C
 * format): `#Version` and `#Fields:` comment lines, then one request per line, fields separated by
 * tabs, `-` for none, text fields URL-encoded. The parser reads the field names from the
 * `#Fields:` line, so a log with more, fewer or reordered fields (v2 lets the operator choose)
 * parses alike; a field it needs and does not find is simply absent. The local edge writes the
 * same format (infra/local/edge.ts), with one more field CloudFront cannot log (`cs(Sec-Purpose)`).
 * docs/decisions/0048-billable-page-views.md.
 */

/** The fields of CloudFront's standard log (legacy), in its order: what the local edge writes too. */
export const CLOUDFRONT_LOG_FIELDS = [
  'date',
  'time',
  'x-edge-location',
  'sc-bytes',
  'c-ip',
  'cs-method',
  'cs(Host)',
  'cs-uri-stem',
  'sc-status',
  'cs(Referer)',
  'cs(User-Agent)',
  'cs-uri-query',
  'cs(Cookie)',
  'x-edge-result-type',
  'x-edge-request-id',
  'x-host-header',
  'cs-protocol',
  'cs-bytes',
  'time-taken',
  'x-forwarded-for',
  'ssl-protocol',
  'ssl-cipher',
  'x-edge-response-result-type',
  'cs-protocol-version',
  'fle-status',
  'fle-encrypted-fields',
  'c-port',
  'time-to-first-byte',
  'x-edge-detailed-result-type',
  'sc-content-type',
  'sc-content-len',
  'sc-range-start',
  'sc-range-end',
] as const

/** The field only the local edge writes: the request's `Sec-Purpose` (or `Purpose`) header. */
export const PURPOSE_FIELD = 'cs(Sec-Purpose)'

/** One request of the log, as far as counting needs it. */
export interface AccessRecord {
  /** Epoch milliseconds of the log's `date` and `time` (UTC). */
  at: number
  /** The viewer's address (`c-ip`). */
  address: string
  method: string
  /** The Host header the viewer sent (`x-host-header`), lower case, without a port. */
  host: string
  /** The path (`cs-uri-stem`), decoded. */
  path: string
  status: number
  userAgent: string
  contentType: string
  /** `Sec-Purpose`/`Purpose` when the log carries it (the local edge's); '' otherwise. */
  purpose: string
}

/** A log value as written: `-` is none; text is URL-encoded (CloudFront encodes some twice). */
const decoded = (value: string | undefined): string => {
  if (value === undefined || value === '-') return ''
  let text = value
  for (let i = 0; i < 2 && /%[0-9a-fA-F]{2}/.test(text); i++) {
    try {
      text = decodeURIComponent(text)
    } catch {
      break
    }
  }
  return text
}

/**
 * The requests of a log file's text (already unzipped). Lines before a `#Fields:` line, blank
 * lines and lines without a date or status are skipped, never fatal: one bad line must not lose
 * the others.
 */
export const parseAccessLog = (text: string): AccessRecord[] => {
  let fields: string[] = [...CLOUDFRONT_LOG_FIELDS]
  const records: AccessRecord[] = []
  for (const line of text.split('\n')) {
    const trimmed = line.replace(/\r$/, '')
    if (!trimmed) continue
    if (trimmed.startsWith('#')) {
      const header = /^#Fields:\s*(.*)$/.exec(trimmed)
      if (header) fields = header[1]!.trim().split(/\s+/)
      continue
    }
    const values = trimmed.split('\t')
    const field = (name: string) => {
      const index = fields.indexOf(name)
      return index < 0 ? undefined : values[index]
    }
    const at = Date.parse(`${field('date')}T${field('time')}Z`)
    const status = Number(field('sc-status'))
    if (!Number.isFinite(at) || !Number.isInteger(status)) continue
    records.push({
      at,
      address: decoded(field('c-ip')),
      method: decoded(field('cs-method')).toUpperCase(),
      host: decoded(field('x-host-header') ?? field('cs(Host)'))
        .toLowerCase()
        .replace(/:\d+$/, ''),
      path: decoded(field('cs-uri-stem')),
      status,
      userAgent: decoded(field('cs(User-Agent)')),
      contentType: decoded(field('sc-content-type')).toLowerCase(),
      purpose: decoded(field(PURPOSE_FIELD)).toLowerCase(),
    })
  }
  return records
}

/** A line of the log for a record (the local edge's writer; the inverse of `parseAccessLog`). */
export const accessLogLine = (record: AccessRecord & { bytes?: number; requestId?: string }): string => {
  const iso = new Date(record.at).toISOString()
  const text = (value: string) => (value ? encodeURIComponent(value).replace(/%2F/g, '/') : '-')
  const values: Record<string, string> = {
    date: iso.slice(0, 10),
    time: iso.slice(11, 19),
    'x-edge-location': 'LOCAL',
    'sc-bytes': String(record.bytes ?? 0),
    'c-ip': record.address || '-',
    'cs-method': record.method,
    'cs(Host)': record.host || '-',
    'cs-uri-stem': text(record.path),
    'sc-status': String(record.status),
    'cs(User-Agent)': text(record.userAgent),
    'x-edge-request-id': record.requestId ?? '-',
    'x-host-header': record.host || '-',
    'cs-protocol': 'http',
    'sc-content-type': record.contentType || '-',
    [PURPOSE_FIELD]: text(record.purpose),
  }
  return [...CLOUDFRONT_LOG_FIELDS, PURPOSE_FIELD].map((name) => values[name] ?? '-').join('\t')
}

/** The header lines of a log file the local edge writes. */
export const ACCESS_LOG_HEADER = `#Version: 1.0\n#Fields: ${[...CLOUDFRONT_LOG_FIELDS, PURPOSE_FIELD].join(' ')}\n`

/**
 * Whether a request is a page view a bill may count (before the per-address cap): a page document
 * (`text/html`) fetched with GET and served whole (200), not by a robot (`isbot` on its user
 * agent, an empty one included) and not a prefetch (`Sec-Purpose`/`Purpose: prefetch`, when the
 * log carries it). Files (scripts, images), API calls, 304s, 404s and HEADs never count.
 */
export const isBillableView = (record: AccessRecord): boolean =>
  record.method === 'GET' &&
  record.status === 200 &&
  record.contentType.startsWith('text/html') &&
  record.userAgent !== '' &&
  !isbot(record.userAgent) &&
  !/\bprefetch\b/.test(record.purpose)

/** At most this many billable views per site, client address and day (Japan). */
export const BILLABLE_VIEWS_PER_ADDRESS = 50

/**
 * How many of `loads` page loads of one address (one site, one day) a bill counts, given the
 * address's total after they were added (`ADD` returns it): those that fall within the first
 * `cap` of the day. Concurrent files each get their own slice of the total, so together they
 * bill at most `cap`.
 */
export const billedUnderCap = (loads: number, totalAfter: number, cap = BILLABLE_VIEWS_PER_ADDRESS): number =>
  Math.max(0, Math.min(loads, cap - (totalAfter - loads)))

/** The site id of a path-form or release path (`/sites/<siteId>/…`), if it has one. */
export const siteIdOfPath = (path: string): string | undefined =>
  /^\/sites\/([A-Za-z0-9-]{1,64})(\/|$)/.exec(path)?.[1]?.toLowerCase()
