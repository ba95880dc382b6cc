/**
 * What an experiment is made of (issue 34; docs/decisions/0069-experiments-at-the-edge.md): its
 * goals, the kinds of variant, its limits, the visitor key's cookie and the host map's value
 * that tells the edge how to split. Pure and dependency-free: the contract, the API, the local
 * edge and the console read it; the CloudFront function (infra/lib/sites/host-router.js) writes
 * the same rules out in plain JavaScript and a test keeps the two equal.
 */
import { parseCell } from '../site/cells.ts'

/**
 * What counts as a conversion: a CTA sheet's button or a link button clicked, a form sent, a
 * member registered, a cell reached, or a creative looked at for `seconds`.
 */
export const EXPERIMENT_GOALS = ['cta', 'link', 'form', 'registration', 'reach', 'dwell'] as const
export type ExperimentGoal = (typeof EXPERIMENT_GOALS)[number]

export const EXPERIMENT_STATES = ['SCHEDULED', 'RUNNING', 'ENDED'] as const
/** Why an experiment ended: stopped by hand, a variant promoted, its end time, or it could not start. */
export const EXPERIMENT_END_REASONS = ['stopped', 'promoted', 'endTime', 'failed'] as const

/** What a variant changes against the control, derived from the two versions' content. */
export const VARIANT_KINDS = ['control', 'creative', 'row', 'popup', 'grid'] as const
export type VariantKind = (typeof VARIANT_KINDS)[number]

export const EXPERIMENT_LIMITS = {
  /** The control and up to three variants. */
  maxArms: 4,
  nameMax: 60,
  maxDwellSeconds: 600,
  defaultMinDays: 7,
  maxMinDays: 90,
  /** An experiment runs for at most this long (its visitors' records expire after it). */
  maxDays: 180,
} as const

/** Arms are labelled A (the control), B, C, D. */
export const armLabel = (index: number): string => String.fromCharCode(65 + index)

/**
 * The first-party cookie that holds a visitor's random key: the edge sets it when a visitor of a
 * running experiment has none, picks the variant from it, and the API reads it with the page's
 * beacons and forms (same origin). It names no one and goes to no one else.
 */
export const VISITOR_KEY_COOKIE = 'sl_ab'
/** A key the edge made: 22 characters of base64url (16 random bytes, or Math.random's at the edge). */
export const VISITOR_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/
/** How long the cookie lasts: longer than any experiment. */
export const VISITOR_KEY_MAX_AGE_S = (EXPERIMENT_LIMITS.maxDays + 30) * 24 * 60 * 60

/** The visitor key in a Cookie header, when there is a well-formed one. */
export const visitorKeyOf = (cookieHeader: string | undefined | null): string | undefined => {
  for (const part of (cookieHeader ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at < 0 || part.slice(0, at).trim() !== VISITOR_KEY_COOKIE) continue
    const value = part.slice(at + 1).trim()
    if (VISITOR_KEY_PATTERN.test(value)) return value
  }
  return undefined
}

/** The Set-Cookie value for a new key (`Secure` on https hosts). */
export const visitorKeyCookie = (key: string, secure: boolean): string =>
  `${VISITOR_KEY_COOKIE}=${key}; Path=/; Max-Age=${VISITOR_KEY_MAX_AGE_S}; SameSite=Lax${secure ? '; Secure' : ''}`

/**
 * The arm of a visitor: the first 32 bits of SHA-256(`<experimentId>.<key>`), modulo 100, against
 * the arms' cumulative weights in percent. `sha256Hex` is the platform's (node:crypto; the
 * CloudFront runtime's `crypto`), so this module stays dependency-free.
 */
export const assignArm = (
  experimentId: string,
  key: string,
  weights: readonly number[],
  sha256Hex: (text: string) => string,
): number => {
  const bucket = Number.parseInt(sha256Hex(`${experimentId}.${key}`).slice(0, 8), 16) % 100
  let upTo = 0
  for (let i = 0; i < weights.length; i++) {
    upTo += weights[i]!
    if (bucket < upTo) return i
  }
  return weights.length - 1
}

/** A running experiment as the edge needs it: its id and each arm's release prefix and weight. */
export interface EdgeExperiment {
  id: string
  arms: readonly { prefix: string; weight: number }[]
}

/**
 * The host map's value: the release prefix alone, or — while an experiment runs, or when the live
 * release has message-match start pages (shared/src/site/message-match.ts) — a JSON object
 * `{"p": prefix, "x": id, "a": [[prefix, weight], …], "m": {key: cell}}` (`x`/`a` only with an
 * experiment, the control first; `m` only with rules). CloudFront's KeyValueStore keeps values up
 * to 1 KB: four arms take about 300 bytes, eight rules at most about 450.
 */
export const encodeHostValue = (
  prefix: string,
  experiment?: EdgeExperiment,
  matches?: Readonly<Record<string, string>>,
): string =>
  experiment || matches
    ? JSON.stringify({
        p: prefix,
        ...(experiment ? { x: experiment.id, a: experiment.arms.map((a) => [a.prefix, a.weight]) } : {}),
        ...(matches ? { m: matches } : {}),
      })
    : prefix

/** The live prefix, the experiment and the message-match map of a host map value (undefined when it is not one). */
export const decodeHostValue = (
  value: string,
): { prefix: string; experiment?: EdgeExperiment; matches?: Record<string, string> } | undefined => {
  if (!value.startsWith('{')) return value ? { prefix: value } : undefined
  try {
    const parsed = JSON.parse(value) as { p?: unknown; x?: unknown; a?: unknown; m?: unknown }
    if (typeof parsed.p !== 'string') return undefined
    const decoded: { prefix: string; experiment?: EdgeExperiment; matches?: Record<string, string> } = {
      prefix: parsed.p,
    }
    if (parsed.x !== undefined) {
      if (typeof parsed.x !== 'string' || !Array.isArray(parsed.a) || parsed.a.length === 0) return undefined
      const arms = parsed.a.map((arm) =>
        Array.isArray(arm) && typeof arm[0] === 'string' && typeof arm[1] === 'number'
          ? { prefix: arm[0], weight: arm[1] }
          : undefined,
      )
      if (arms.some((arm) => !arm)) return undefined
      decoded.experiment = { id: parsed.x, arms: arms as { prefix: string; weight: number }[] }
    }
    if (parsed.m !== undefined) {
      if (!parsed.m || typeof parsed.m !== 'object') return undefined
      decoded.matches = Object.fromEntries(
        Object.entries(parsed.m as Record<string, unknown>).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      )
    }
    return decoded
  } catch {
    return undefined
  }
}

/**
 * What a variant changes against the control, from the versions' comparison (cells as
 * `<language>:<cell>`, the global setting's fields, menus and language settings that differ): one
 * creative; the creatives of one row; only the popup CTAs; else the grid.
 */
export const variantKind = (changes: {
  cells: readonly string[]
  globalFields: readonly string[]
  menus: readonly string[]
  settings: readonly string[]
}): VariantKind => {
  if (changes.menus.length > 0 || changes.settings.length > 0) return 'grid'
  const refs = [...new Set(changes.cells.map((cell) => cell.slice(cell.indexOf(':') + 1)))]
  if (changes.globalFields.length === 0) {
    if (refs.length === 1) return 'creative'
    const rows = new Set(refs.map((ref) => parseCell(ref)?.row))
    if (refs.length > 1 && rows.size === 1) return 'row'
  }
  if (
    refs.length === 0 &&
    changes.globalFields.length > 0 &&
    changes.globalFields.every((f) => f === 'popupCtas')
  )
    return 'popup'
  return 'grid'
}
