/**
 * Message match (issue 34 part 5; docs/decisions/0070-message-match.md): an ad's visitors land on
 * its own creative. A rule names a UTM parameter's value and the cell the page opens on; the
 * publish renders each rule's cell as a start page of every language (`startPagePath`), and the
 * edge serves it for a swipe-page request whose query matches (`matchedCell`) — the page paints that
 * creative first, no client swap. Pure and dependency-free but for zod: the site model, the API,
 * the local edge and the console read it; the CloudFront function writes `matchedCell` out in
 * plain JavaScript and a test keeps the two equal.
 */
import * as z from 'zod'
import { lazySchema } from '../lazy-schema.ts'
import { CELL_PATTERN } from './cells.ts'

export const MESSAGE_MATCH_PARAMS = ['utm_content', 'utm_campaign'] as const
export type MessageMatchParam = (typeof MESSAGE_MATCH_PARAMS)[number]

export const MESSAGE_MATCH_LIMITS = {
  /** Rules per site: with an experiment's arms they fit CloudFront's 1 KB KeyValueStore value. */
  maxRules: 8,
  /** Characters of a value. */
  valueMax: 40,
} as const

/** A UTM value as the edge compares it: `+` as a space, percent-decoded, trimmed, lower case. */
export const normaliseUtmValue = (raw: string): string => {
  const spaced = raw.replace(/\+/g, ' ')
  let decoded = spaced
  try {
    decoded = decodeURIComponent(spaced)
  } catch {
    // A malformed escape is compared as it came.
  }
  return decoded.trim().toLowerCase()
}

const ruleValue = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .transform(normaliseUtmValue)
    .pipe(
      z
        .string()
        .min(1, { error: 'validation.required' })
        .max(MESSAGE_MATCH_LIMITS.valueMax, { error: 'validation.tooLong' }),
    ),
)

export const MessageMatchRuleSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    param: z.enum(MESSAGE_MATCH_PARAMS),
    value: ruleValue,
    cell: z
      .string()
      .trim()
      .toUpperCase()
      .pipe(z.string().regex(CELL_PATTERN, { error: 'validation.invalid' })),
  }),
)
export type MessageMatchRule = z.output<typeof MessageMatchRuleSchema>

/** A site's rules: at most eight, one per parameter and value. */
export const MessageMatchSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .array(MessageMatchRuleSchema)
    .max(MESSAGE_MATCH_LIMITS.maxRules, { error: 'messageMatch.tooMany' })
    .check((ctx) => {
      const seen = new Set<string>()
      ctx.value.forEach((rule, index) => {
        const key = matchKey(rule.param, rule.value)
        if (seen.has(key))
          ctx.issues.push({
            code: 'custom',
            message: 'messageMatch.duplicate',
            path: [index, 'value'],
            input: rule.value,
          })
        seen.add(key)
      })
    }),
)

/** The key of a rule in the edge's map: `c:` for utm_content, `k:` for utm_campaign, then the (normalised) value. */
export const matchKey = (param: MessageMatchParam, value: string): string =>
  `${param === 'utm_content' ? 'c' : 'k'}:${value}`

/** The edge's map of a site's rules (key → cell), or undefined when it has none. */
export const matchMap = (
  rules: readonly MessageMatchRule[] | undefined,
): Record<string, string> | undefined =>
  rules?.length ? Object.fromEntries(rules.map((r) => [matchKey(r.param, r.value), r.cell])) : undefined

/** The folder of a release's start pages, beside each language's swipe page. */
export const START_PAGES_FOLDER = '_start'

/** A start page's object path in a release, from the language's swipe page path (`index.html`, `en/index.html`). */
export const startPagePath = (swipePagePath: string, cell: string): string =>
  swipePagePath.replace(/index\.html$/, `${START_PAGES_FOLDER}/${cell}/index.html`)

/**
 * The cell a swipe-page request opens on: `utm_content` first, then `utm_campaign`, each normalised
 * and looked up in the map. `query` is the raw query string (without `?`).
 */
export const matchedCell = (query: string, map: Record<string, string> | undefined): string | undefined => {
  if (!map || !query) return undefined
  const params = new Map<string, string>()
  for (const part of query.split('&')) {
    const at = part.indexOf('=')
    const name = at < 0 ? part : part.slice(0, at)
    if ((name === 'utm_content' || name === 'utm_campaign') && !params.has(name))
      params.set(name, at < 0 ? '' : part.slice(at + 1))
  }
  for (const [param, prefix] of [
    ['utm_content', 'c'],
    ['utm_campaign', 'k'],
  ] as const) {
    const raw = params.get(param)
    if (raw === undefined) continue
    const cell = map[`${prefix}:${normaliseUtmValue(raw)}`]
    if (cell) return cell
  }
  return undefined
}

/**
 * The swipe-page request paths a rule applies to: a language's home (`/`, `/en/`, `/en`), and the
 * object it would be served from otherwise (`index.html`, `en/index.html`). Other paths (forms,
 * files, media) are never rewritten.
 */
export const SWIPE_PAGE_PATH = /^\/(?:(ja|en|cn|kr)\/?)?$/
