import { gridCells, siteGrid } from '@swipe/shared/site/cells'
import { CONVERSION_PLATFORMS, type ConversionPlatform } from '@swipe/shared/site/conversions-normalise'
import {
  MESSAGE_MATCH_LIMITS,
  type MessageMatchParam,
  MessageMatchSchema,
} from '@swipe/shared/site/message-match'
import {
  AD_VENDORS,
  type AdVendor,
  EXAMPLE_VENDORS,
  PRODUCT_EVENTS,
  type SiteTagsInput,
} from '@swipe/shared/site/tags-vendors'
import { tShared } from '../../../../i18n/index.ts'
import type { FieldProblem, SiteDraft } from '../draft.ts'
import { issuesOf } from '../other/model.ts'

/**
 * The ad tags tab's pure rules (shared/src/site/tags-vendors.ts holds the vendors and their IDs):
 * which fields each vendor asks for, and how a switch or a field changes the draft's `adTags`.
 */

export type Tags = NonNullable<SiteTagsInput>
type Vendors = NonNullable<Tags['vendors']>

/** A vendor's ID fields, in the order shown, and its per-event field, if any. */
export const VENDOR_FIELDS = {
  gtm: { ids: ['containerId'] },
  ga4: { ids: ['measurementId'] },
  googleAds: { ids: ['conversionId'], perEvent: 'labels' },
  metaPixel: { ids: ['pixelId'] },
  lineTag: { ids: ['tagId'] },
  yahooAds: { ids: ['conversionId', 'retargetingId'], perEvent: 'labels' },
  tiktokPixel: { ids: ['pixelId'] },
  xPixel: { ids: ['pixelId'], perEvent: 'events' },
} as const satisfies Record<AdVendor, { ids: readonly string[]; perEvent?: 'labels' | 'events' }>

/** One vendor's fields with the sample of each (shared EXAMPLE_VENDORS), as the tab shows them. */
export const fieldsOf = (
  vendor: AdVendor,
): { ids: readonly { key: string; example: string }[]; perEvent?: 'labels' | 'events' } => {
  const fields: { ids: readonly string[]; perEvent?: 'labels' | 'events' } = VENDOR_FIELDS[vendor]
  const examples = EXAMPLE_VENDORS[vendor] as Readonly<Record<string, string>>
  return {
    ids: fields.ids.map((key) => ({ key, example: examples[key] ?? '' })),
    ...(fields.perEvent ? { perEvent: fields.perEvent } : {}),
  }
}

/** The product events a per-event field may name (the page's own events). */
export const EVENTS = PRODUCT_EVENTS

/** The draft's tags, as the form edits them (absent: none yet). */
export const tagsOf = (draft: SiteDraft): Tags =>
  (draft.globalSetting.adTags as Tags | null | undefined) ?? { vendors: {}, consent: 'opt-in' }

const withTags =
  (change: (tags: Tags) => Tags) =>
  (draft: SiteDraft): SiteDraft => ({
    ...draft,
    globalSetting: { ...draft.globalSetting, adTags: change(tagsOf(draft)) as never },
  })

/** Switches a vendor on (its ID fields empty, to be filled) or off (its fields dropped). */
export const switchVendor = (vendor: AdVendor, on: boolean) =>
  withTags((tags) => {
    const vendors: Record<string, unknown> = { ...tags.vendors }
    if (on) vendors[vendor] = Object.fromEntries(fieldsOf(vendor).ids.map((f) => [f.key, '']))
    else delete vendors[vendor]
    return { ...tags, vendors: vendors as Vendors }
  })

/**
 * Sets one field of a vendor: an ID (`key`), or a per-event value (`event` given). An empty optional
 * value is left out, so an unused field never fails the vendor's format.
 */
export const setVendorField = (vendor: AdVendor, key: string, value: string, event?: string) =>
  withTags((tags) => {
    const current = {
      ...((tags.vendors as Record<string, Record<string, unknown> | undefined>)[vendor] ?? {}),
    }
    if (event) {
      const map = { ...((current[key] as Record<string, string> | undefined) ?? {}) }
      if (value.trim()) map[event] = value
      else delete map[event]
      if (Object.keys(map).length) current[key] = map
      else delete current[key]
    } else if (value === '' && fieldsOf(vendor).ids.length > 1) delete current[key]
    else current[key] = value
    return { ...tags, vendors: { ...tags.vendors, [vendor]: current } as Vendors }
  })

/** The consent mode. */
export const setConsent = (consent: 'opt-in' | 'notice-only') => withTags((tags) => ({ ...tags, consent }))

/** The vendors switched on, in the catalogue's order. */
export const vendorsOn = (tags: Tags): AdVendor[] =>
  AD_VENDORS.filter((vendor) => (tags.vendors as Record<string, unknown> | undefined)?.[vendor] != null)

// ---------------------------------------------------------------------------------------------
// Server-side conversions (issue 32 Deliver 4): saved with the site, like the vendors' IDs

type Conversions = NonNullable<Tags['conversions']>

/** A test code of Meta's and TikTok's test-events tools, as the placeholder shows it. */
const TEST_CODE_EXAMPLE = 'TEST12345'

/**
 * Each destination's text fields in the order shown, with a sample in the field's format; an
 * `optional` one is left out of the draft while empty. Google's test mode (`validateOnly`) is a
 * switch of its own; LINE has no test mode.
 */
export const DESTINATION_FIELDS = {
  meta: [
    { key: 'pixelId', example: EXAMPLE_VENDORS.metaPixel.pixelId },
    { key: 'testEventCode', example: TEST_CODE_EXAMPLE, optional: true },
  ],
  line: [{ key: 'tagId', example: EXAMPLE_VENDORS.lineTag.tagId }],
  tiktok: [
    { key: 'pixelCode', example: EXAMPLE_VENDORS.tiktokPixel.pixelId },
    { key: 'testEventCode', example: TEST_CODE_EXAMPLE, optional: true },
  ],
  google: [
    { key: 'customerId', example: '123-456-7890' },
    { key: 'loginCustomerId', example: '123-456-7890', optional: true },
    { key: 'conversionActionId', example: '123456789' },
    { key: 'clientId', example: '123456789012-abc123.apps.googleusercontent.com' },
  ],
} as const satisfies Record<
  ConversionPlatform,
  readonly { key: string; example: string; optional?: boolean }[]
>

/** One destination's fields as the tab lists them. */
export const destinationFieldsOf = (
  platform: ConversionPlatform,
): readonly { key: string; example: string; optional?: boolean }[] => DESTINATION_FIELDS[platform]

/** The destinations switched on in the draft, in `CONVERSION_PLATFORMS` order. */
export const destinationsOn = (tags: Tags): ConversionPlatform[] =>
  CONVERSION_PLATFORMS.filter((platform) => tags.conversions?.[platform] != null)

/** A destination's values in the draft (empty while it is off). */
export const destinationOf = (tags: Tags, platform: ConversionPlatform): Record<string, unknown> =>
  (tags.conversions?.[platform] as Record<string, unknown> | null | undefined) ?? {}

const withConversions = (change: (conversions: Record<string, unknown>) => Record<string, unknown>) =>
  withTags((tags) => ({ ...tags, conversions: change({ ...(tags.conversions ?? {}) }) as Conversions }))

/**
 * Switches a destination on (its required fields empty, to be filled; Google's test mode off) or
 * off (its fields dropped; its stored credentials stay until removed in its panel).
 */
export const switchDestination = (platform: ConversionPlatform, on: boolean) =>
  withConversions((conversions) => {
    if (!on) {
      delete conversions[platform]
      return conversions
    }
    const fields = Object.fromEntries(
      destinationFieldsOf(platform)
        .filter((field) => !field.optional)
        .map((field) => [field.key, '']),
    )
    conversions[platform] = platform === 'google' ? { ...fields, validateOnly: false } : fields
    return conversions
  })

/** Sets one text field of a destination; an empty optional one (a test code) is left out. */
export const setDestinationField = (platform: ConversionPlatform, key: string, value: string) =>
  withConversions((conversions) => {
    const current = { ...((conversions[platform] as Record<string, unknown> | undefined) ?? {}) }
    const optional = destinationFieldsOf(platform).some((field) => field.key === key && field.optional)
    if (optional && !value.trim()) delete current[key]
    else current[key] = value
    return { ...conversions, [platform]: current }
  })

/** Google's test mode: every upload is only validated, nothing is recorded. */
export const setGoogleValidateOnly = (validateOnly: boolean) =>
  withConversions((conversions) => ({
    ...conversions,
    google: { ...((conversions.google as Record<string, unknown> | undefined) ?? {}), validateOnly },
  }))

/**
 * The share of the last 30 days' ended deliveries that arrived, as `98.5%` in the reader's
 * language; `—` when none ended. Rounded down, so a destination that failed even once never
 * reads 100%.
 */
export const deliveryRateText = (rate: number | null, locale: string): string =>
  rate === null
    ? '—'
    : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
        Math.floor(rate * 1000) / 1000,
      )

// ---------------------------------------------------------------------------------------------
// Message match (issue 34 part 5, shared/src/site/message-match.ts): saved with the site, shown
// to an ad's visitors from the next publish

/** One rule as the draft holds it: the value as typed (the server trims, decodes and lower-cases it). */
export interface MatchRule {
  param: MessageMatchParam
  value: string
  cell: string
}

/** The draft's rules (absent: none). */
export const rulesOf = (draft: SiteDraft): MatchRule[] => draft.globalSetting.messageMatch ?? []

/** The grid's cells a rule may open on, in page order (A1, B1, …, A2, …). */
export const cellsOf = (draft: SiteDraft): string[] => gridCells(siteGrid(draft.globalSetting))

/** Whether another rule may be added. */
export const canAddRule = (rules: readonly MatchRule[]): boolean =>
  rules.length < MESSAGE_MATCH_LIMITS.maxRules

const withRules =
  (change: (rules: MatchRule[]) => MatchRule[]) =>
  (draft: SiteDraft): SiteDraft => ({
    ...draft,
    globalSetting: { ...draft.globalSetting, messageMatch: change(rulesOf(draft)) },
  })

/**
 * A new rule at the end: `utm_content`, no value yet, opening on the second cell (A1 is where
 * every visit opens anyway; a one-cell grid has only A1). Nothing is added past the limit.
 */
export const addRule = (cells: readonly string[]) =>
  withRules((rules) =>
    canAddRule(rules)
      ? [...rules, { param: 'utm_content', value: '', cell: cells[1] ?? cells[0] ?? 'A1' }]
      : rules,
  )

/** Changes one rule's parameter, value or cell. */
export const setRule = (index: number, change: Partial<MatchRule>) =>
  withRules((rules) => rules.map((rule, i) => (i === index ? { ...rule, ...change } : rule)))

/** Removes one rule; the list may become empty (no rules: every visit opens on A1). */
export const removeRule = (index: number) => withRules((rules) => rules.filter((_, i) => i !== index))

/**
 * What the save would refuse, with paths relative to the list (`1.value`; the list itself: ``):
 * the shared schema (value required and at most 40 characters after trimming and decoding, one
 * rule per parameter and value, at most eight), and a cell outside the grid (the API's check).
 */
export const ruleProblems = (rules: readonly MatchRule[], cells: readonly string[]): FieldProblem[] => {
  const grid = new Set(cells)
  const outside = rules.flatMap((rule, index) =>
    grid.has(rule.cell.trim().toUpperCase())
      ? []
      : [{ path: `${index}.cell`, message: tShared('messageMatch.cellOutside') }],
  )
  return [...issuesOf(MessageMatchSchema, rules), ...outside]
}

/** The landing URL of an ad with this rule: the site's address with the parameter added. */
export const exampleUrl = (
  siteUrl: string | null | undefined,
  param: MessageMatchParam,
  value: string,
): string => {
  let url: URL
  try {
    url = new URL(siteUrl ?? '')
  } catch {
    url = new URL('https://example.com/')
  }
  url.searchParams.set(param, value)
  return url.toString()
}
