import {
  AD_VENDORS,
  type AdVendor,
  EXAMPLE_VENDORS,
  PRODUCT_EVENTS,
  type SiteTagsInput,
} from '@swipe/shared/site/tags-vendors'
import type { SiteDraft } from '../draft.ts'

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
