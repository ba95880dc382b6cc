import { CHECKLIST_RULES, type ChecklistRule } from '@swipe/shared/contract/approvals'
import { textContrast } from '@swipe/shared/contrast'
import { COMPANY_SWITCH } from '@swipe/shared/schemas/visitor-forms'
import { cellOrder, isCellReference, isInGrid, siteGrid } from '@swipe/shared/site/cells'
import { toTime } from '@swipe/shared/site/countdown'
import { ctaImageKeys } from '@swipe/shared/site/cta'
import { disabledFormLinks } from '@swipe/shared/site/form-links'
import { SITE_LANGUAGES, type SiteLanguage } from '@swipe/shared/site/model'
import {
  CREATIVE_DEFAULTS,
  CTA_DEFAULTS,
  GLOBAL_SETTING_DEFAULTS,
  PRODUCT_DEFAULTS,
} from '@swipe/shared/site/model-defaults'
import { safeExternalUrl } from '@swipe/shared/site/urls'
import { FIRST_WINDOW_BYTES, type PublishCreative } from '@swipe/web-site'
import { colors, FRAME, PRODUCT_LOOK, TAP_TARGET } from '@swipe/web-site/blocks/values.ts'
import type { ChecklistInput, ChecklistRuleFn, RuleItem } from './types.ts'

/**
 * The pre-publish checklist's rules (issue 33 part 5; docs/decisions/0067-checklist-and-approvals.md):
 * each a pure function of the draft and the facts gathered for it, finding the places at fault.
 * A rule reads the draft as the publish renders it: the site's languages, and of each the creatives
 * in the grid that have media (a cell without media or outside the grid is not on the page).
 */

/**
 * The first creative's image a phone loads (its LCP element) may weigh at most this. Lighthouse
 * already suggests savings on images over ~100 KB; at 200 KB the first screen of the demo still
 * paints in about a second on a fast 3G-class link.
 */
export const FIRST_CREATIVE_BUDGET_BYTES = 200_000

/** Where one external link of the draft sits; the server HEAD-checks the unique `url`s. */
export interface ExternalLink {
  /** As written (trimmed): the key of `ChecklistInput.links`. */
  url: string
  /** The creative's language; a popup CTA (one for every language) names the default language. */
  lang: string
  /** The creative's cell; null for a popup CTA. */
  position: string | null
  field: string
  place: 'cell' | 'popupCta'
  /** The popup CTA's index, as a string; null in a cell. */
  ref: string | null
}

type At = Partial<Pick<RuleItem, 'lang' | 'position' | 'field' | 'ref' | 'params'>>

const item = (rule: ChecklistRule, place: RuleItem['place'], at: At): RuleItem => ({
  rule,
  place,
  lang: at.lang ?? null,
  position: at.position ?? null,
  field: at.field ?? null,
  ref: at.ref ?? null,
  params: at.params ?? {},
})

const blank = (value: string | null | undefined): boolean => !value?.trim()

/** The site's languages as stored (the renderer's order for its pages aside). */
const languagesOf = (input: ChecklistInput): readonly SiteLanguage[] => input.site.languages ?? []

/** The creatives the publish renders, in language order, then grid order. */
const shownCreatives = (input: ChecklistInput): PublishCreative[] => {
  const grid = siteGrid(input.site)
  return languagesOf(input).flatMap((lang) =>
    input.creatives
      .filter((c) => c.lang === lang && c.mediaKey && isInGrid(c.position, grid))
      .sort((a, b) => cellOrder(a.position, grid.columns) - cellOrder(b.position, grid.columns)),
  )
}

const settingsOf = (input: ChecklistInput, lang: string) => input.settings.find((s) => s.lang === lang)

const ctasOf = (input: ChecklistInput) => input.site.popupCtas ?? []

/** Kilobytes (1,000 bytes) to one decimal, rounded up: a size over a limit never reads as equal to it. */
const kb = (bytes: number): number => Math.ceil(bytes / 100) / 10

const asLanguage = (lang: string): SiteLanguage | null =>
  (SITE_LANGUAGES as readonly string[]).includes(lang) ? (lang as SiteLanguage) : null

const blockingComment: ChecklistRuleFn = (input) =>
  input.blockingComments.map((comment) =>
    item('blockingComment', 'comment', {
      lang: asLanguage(comment.lang),
      position: isCellReference(comment.cell) ? comment.cell : null,
      ref: comment.id,
      params: { text: [...comment.text.trim()].slice(0, 80).join('') },
    }),
  )

/**
 * A form that asks the visitor to agree (the language's company setting requires agreement and is
 * shown on that form: the page's agreement box, web-site/src/lib/forms.ts) links to the terms of
 * service and the privacy policy: each must have text in that language.
 */
const legalMissing: ChecklistRuleFn = (input) =>
  languagesOf(input).flatMap((lang) => {
    const settings = settingsOf(input, lang)
    const company = settings?.company
    if (!company?.contractAgreementRequired) return []
    const asks = (['contact', 'homepage', 'membership'] as const).some(
      (kind) => settings?.forms?.[kind]?.enabled && company[COMPANY_SWITCH[kind]],
    )
    if (!asks) return []
    return (['termsOfService', 'privacyPolicy'] as const)
      .filter((field) => blank(company[field]))
      .map((field) => item('legalMissing', 'settings', { lang, field: `company.${field}` }))
  })

const mediaFailed: ChecklistRuleFn = (input) => {
  const failed = (key: string | null | undefined) => Boolean(key && input.media.get(key)?.state === 'failed')
  const items: RuleItem[] = []
  for (const field of ['logoKey', 'faviconKey'] as const)
    if (failed(input.site[field])) items.push(item('mediaFailed', 'global', { field }))
  for (const c of shownCreatives(input)) {
    const at = { lang: c.lang, position: c.position }
    if (failed(c.mediaKey)) items.push(item('mediaFailed', 'cell', { ...at, field: 'mediaKey' }))
    for (const [i, p] of (c.products ?? []).entries())
      if (failed(p.imagePath))
        items.push(item('mediaFailed', 'cell', { ...at, field: `products.${i}.imagePath` }))
  }
  for (const [i, cta] of ctasOf(input).entries())
    if (ctaImageKeys(cta).some(failed))
      items.push(item('mediaFailed', 'popupCta', { field: 'imageUrl', ref: String(i) }))
  return items
}

const imageAlt: ChecklistRuleFn = (input) =>
  shownCreatives(input)
    .filter((c) => c.mediaType !== 'video' && blank(c.imageAlt))
    .map((c) => item('imageAlt', 'cell', { lang: c.lang, position: c.position, field: 'imageAlt' }))

/**
 * Text below AA on the colours the page paints (`colors`: the creator's, else the defaults). A
 * creative's and a product's button show only when they link somewhere; a product's card always.
 */
const contrast: ChecklistRuleFn = (input) => {
  const low = (text: string, background: string) => {
    const found = textContrast(text, background)
    return found && !found.legible ? { ratio: found.ratio } : undefined
  }
  const items: RuleItem[] = []
  const check = (place: RuleItem['place'], at: At, painted: { background: string; color: string }) => {
    const params = low(painted.color, painted.background)
    if (params) items.push(item('contrast', place, { ...at, params }))
  }
  for (const c of shownCreatives(input)) {
    const at = { lang: c.lang, position: c.position }
    if (!blank(c.linkDestinationUrl))
      check(
        'cell',
        { ...at, field: 'linkTextColor' },
        colors(
          c.linkButtonColor,
          CREATIVE_DEFAULTS.linkButtonColor,
          c.linkTextColor,
          CREATIVE_DEFAULTS.linkTextColor,
        ),
      )
    for (const [i, p] of (c.products ?? []).entries()) {
      if (!blank(p.linkButtonUrl))
        check(
          'cell',
          { ...at, field: `products.${i}.linkTextColor` },
          colors(
            p.linkButtonColor,
            PRODUCT_DEFAULTS.linkButtonColor,
            p.linkTextColor,
            PRODUCT_DEFAULTS.linkTextColor,
          ),
        )
      check(
        'cell',
        { ...at, field: `products.${i}.textColor` },
        colors(p.backgroundColor, PRODUCT_LOOK.background, p.textColor, PRODUCT_LOOK.text),
      )
    }
  }
  for (const [i, cta] of ctasOf(input).entries())
    check(
      'popupCta',
      { field: 'linkTextColor', ref: String(i) },
      colors(
        cta.linkButtonColor,
        CTA_DEFAULTS.linkButtonColor,
        cta.linkTextColor,
        CTA_DEFAULTS.linkTextColor,
      ),
    )
  return items
}

/** A box on the 351 × 535 creative frame, in frame pixels. */
interface Box {
  left: number
  top: number
  right: number
  bottom: number
}

const overlaps = (a: Box, b: Box): boolean =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max)

/**
 * A product tag's box, an estimate: `TAP_TARGET` high (its min-height) and 120 px wide from its
 * top-left corner, a short name at the tag's 14 px (the page keeps 124 px for a tag at a FILL
 * screen's right edge, web-site/src/styles.ts).
 */
const PRODUCT_TAG_WIDTH = 120

/**
 * The swipe arrows (web-site/src/styles.ts `.ar`): 44 px buttons 2 px from each edge, left and
 * right at mid-height, up and down at mid-width, taken on the frame (the swipe area's size at FIT).
 */
const ARROW = 44
const ARROW_BOXES: readonly Box[] = (() => {
  const { width: w, height: h } = FRAME
  const inset = 2
  const mid = (side: number) => side / 2 - ARROW / 2
  return [
    { left: inset, top: mid(h), right: inset + ARROW, bottom: mid(h) + ARROW },
    { left: w - inset - ARROW, top: mid(h), right: w - inset, bottom: mid(h) + ARROW },
    { left: mid(w), top: inset, right: mid(w) + ARROW, bottom: inset + ARROW },
    { left: mid(w), top: h - inset - ARROW, right: mid(w) + ARROW, bottom: h - inset },
  ]
})()

/**
 * The creative's link button (Cell.tsx `.bt` in `.ov`), an estimate: centred, 62 % of the frame wide
 * (its min-width; a long label makes it wider), `TAP_TARGET` high (a one-line label), above the
 * overlay's bottom padding of 5 % of the width. It is the overlay's last part, so at its bottom.
 */
const LINK_BUTTON_BOX: Box = (() => {
  const { width: w, height: h } = FRAME
  const width = 0.62 * w
  const bottom = h - 0.05 * w
  return { left: (w - width) / 2, top: bottom - TAP_TARGET, right: (w + width) / 2, bottom }
})()

/**
 * Tap targets that overlap, within one creative: link points (their `TAP_TARGET` round box by its
 * centre) and product tags (`PRODUCT_TAG_WIDTH` × `TAP_TARGET` from their top-left) with one
 * another, with the swipe arrows, or with the creative's link button. A target cannot be smaller
 * than 48 px: the page draws points `TAP_TARGET` round and tags at least that high, so only
 * overlaps are left to find. One item per pair, on the earlier target (points before products).
 */
const tapTarget: ChecklistRuleFn = (input) =>
  shownCreatives(input).flatMap((c) => {
    const { width: w, height: h } = FRAME
    const half = TAP_TARGET / 2
    const targets: { field: string; box: Box }[] = [
      // A point without a link is not drawn.
      ...(c.imageLinkPoints ?? []).flatMap((p, i) => {
        if (blank(p.linkUrl)) return []
        const x = clamp(p.x, w)
        const y = clamp(p.y, h)
        return [
          {
            field: `imageLinkPoints.${i}`,
            box: { left: x - half, top: y - half, right: x + half, bottom: y + half },
          },
        ]
      }),
      ...(c.products ?? []).map((p, i) => {
        const x = clamp(p.coordinateX ?? PRODUCT_DEFAULTS.coordinateX, w)
        const y = clamp(p.coordinateY ?? PRODUCT_DEFAULTS.coordinateY, h)
        return {
          field: `products.${i}`,
          box: { left: x, top: y, right: x + PRODUCT_TAG_WIDTH, bottom: y + TAP_TARGET },
        }
      }),
    ]
    const button = !blank(c.linkDestinationUrl)
    const at = { lang: c.lang, position: c.position }
    return targets.flatMap((target, i) => {
      const hit = (other: string) =>
        item('tapTarget', 'cell', { ...at, field: target.field, params: { with: other } })
      return [
        ...targets
          .slice(i + 1)
          .flatMap((other) => (overlaps(target.box, other.box) ? [hit(other.field)] : [])),
        ...(ARROW_BOXES.some((arrow) => overlaps(target.box, arrow)) ? [hit('arrows')] : []),
        ...(button && overlaps(target.box, LINK_BUTTON_BOX) ? [hit('linkButton')] : []),
      ]
    })
  })

const FORM_LINK_FIELD = {
  creative: () => 'linkDestinationUrl',
  product: (i: number) => `products.${i}.linkButtonUrl`,
  point: (i: number) => `imageLinkPoints.${i}.linkUrl`,
} as const

const formLink: ChecklistRuleFn = (input) =>
  disabledFormLinks({
    languages: languagesOf(input),
    popupCtas: ctasOf(input),
    creatives: shownCreatives(input),
    settings: input.settings,
  }).map((link) =>
    link.place === 'cta'
      ? item('formLink', 'popupCta', {
          lang: link.lang,
          field: 'linkUrl',
          ref: String(link.index ?? 0),
          params: { form: link.form },
        })
      : item('formLink', 'cell', {
          lang: link.lang,
          position: link.position ?? null,
          field: FORM_LINK_FIELD[link.place](link.index ?? 0),
          params: { form: link.form },
        }),
  )

/**
 * Every external (not internal, http or https) link of the draft: the creatives' buttons, their
 * link points and products in language and grid order, then the popup CTAs. The same address in
 * two places is listed twice (each place is at fault); the server checks each address once.
 */
export const externalLinks = (input: ChecklistInput): ExternalLink[] => {
  const found: ExternalLink[] = []
  const add = (
    value: string | null | undefined,
    internal: boolean | null | undefined,
    at: Omit<ExternalLink, 'url'>,
  ) => {
    if (!internal && safeExternalUrl(value)) found.push({ url: value!.trim(), ...at })
  }
  for (const c of shownCreatives(input)) {
    const at = { lang: c.lang, position: c.position, place: 'cell', ref: null } as const
    add(c.linkDestinationUrl, c.isInternalLink, { ...at, field: 'linkDestinationUrl' })
    for (const [i, p] of (c.imageLinkPoints ?? []).entries())
      add(p.linkUrl, p.isInternalLink, { ...at, field: `imageLinkPoints.${i}.linkUrl` })
    for (const [i, p] of (c.products ?? []).entries())
      add(p.linkButtonUrl, p.isInternalLink, { ...at, field: `products.${i}.linkButtonUrl` })
  }
  const lang = input.site.defaultLanguage ?? GLOBAL_SETTING_DEFAULTS.defaultLanguage
  for (const [i, cta] of ctasOf(input).entries())
    add(cta.linkUrl, cta.isInternalLink, {
      lang,
      position: null,
      field: 'linkUrl',
      place: 'popupCta',
      ref: String(i),
    })
  return found
}

/** An answer of 4xx/5xx or a failure; `ok` and `unchecked` (no answer in time) are quiet. */
const linkUnreachable: ChecklistRuleFn = (input) =>
  externalLinks(input).flatMap((link) => {
    const fact = input.links.get(link.url)
    const answer =
      fact?.result === 'status' && fact.status >= 400
        ? fact.status
        : fact?.result === 'failed'
          ? fact.category
          : undefined
    if (answer === undefined) return []
    const params = { url: link.url, answer }
    return link.place === 'popupCta'
      ? [item('linkUnreachable', 'popupCta', { field: link.field, ref: link.ref, params })]
      : [
          item('linkUnreachable', 'cell', {
            lang: link.lang as SiteLanguage,
            position: link.position,
            field: link.field,
            params,
          }),
        ]
  })

const ctaExpired: ChecklistRuleFn = (input) =>
  ctasOf(input).flatMap((cta, i) => {
    const end = toTime(cta.endDate ?? undefined)
    return end !== undefined && end < input.now
      ? [item('ctaExpired', 'popupCta', { field: 'endDate', ref: String(i) })]
      : []
  })

/** Pages are orders from 1 (row-major); a page past rows × columns does not exist. */
const ctaNoPages: ChecklistRuleFn = (input) => {
  const pages = input.site.numberHorizontal * input.site.numberVertical
  return ctasOf(input).flatMap((cta, i) => {
    const sheets = cta.effectiveSheets ?? []
    return sheets.length && sheets.every((sheet) => sheet > pages)
      ? [item('ctaNoPages', 'popupCta', { field: 'effectiveSheets', ref: String(i) })]
      : []
  })
}

const firstHtmlHeavy: ChecklistRuleFn = (input) =>
  input.firstHtml
    .filter((page) => page.gzipBytes > FIRST_WINDOW_BYTES)
    .map((page) =>
      item('firstHtmlHeavy', 'global', {
        lang: asLanguage(page.lang),
        params: { kb: kb(page.gzipBytes), limitKb: kb(FIRST_WINDOW_BYTES) },
      }),
    )

const firstCreativeHeavy: ChecklistRuleFn = (input) =>
  shownCreatives(input)
    .filter((c) => c.position === 'A1')
    .flatMap((c) => {
      const bytes = input.media.get(c.mediaKey!)?.phoneBytes
      return bytes !== undefined && bytes > FIRST_CREATIVE_BUDGET_BYTES
        ? [
            item('firstCreativeHeavy', 'cell', {
              lang: c.lang,
              position: c.position,
              field: 'mediaKey',
              params: { kb: kb(bytes), limitKb: kb(FIRST_CREATIVE_BUDGET_BYTES) },
            }),
          ]
        : []
    })

const seoMissing: ChecklistRuleFn = (input) =>
  languagesOf(input).flatMap((lang) => {
    const seo = settingsOf(input, lang)?.seo
    return (['title', 'description'] as const)
      .filter((key) => blank(seo?.[key]))
      .map((key) => item('seoMissing', 'settings', { lang, field: `seo.${key}` }))
  })

/** Each rule of `CHECKLIST_RULES`, by name. */
export const CHECKLIST_RULE_FNS: Record<ChecklistRule, ChecklistRuleFn> = {
  blockingComment,
  legalMissing,
  mediaFailed,
  imageAlt,
  contrast,
  tapTarget,
  formLink,
  linkUnreachable,
  ctaExpired,
  ctaNoPages,
  firstHtmlHeavy,
  firstCreativeHeavy,
  seoMissing,
}

/** Made on first use, not at import: ICU's set-up is a cold-start cost (decision 0073). */
let fieldCollator: Intl.Collator | undefined

/**
 * Every rule's items, ordered: the rules' order (`CHECKLIST_RULES`), then language (the site's
 * order; items of no language first), then cell in grid order (items of no cell first), then field
 * (`products.2` before `products.10`); items equal in all of these keep the order their rule found
 * them in.
 */
export const runRules = (input: ChecklistInput): RuleItem[] => {
  const languages = languagesOf(input)
  const columns = input.site.numberVertical
  fieldCollator ??= new Intl.Collator('en', { numeric: true })
  const collator = fieldCollator
  const langRank = (lang: string | null) =>
    lang === null
      ? -1
      : languages.includes(lang as SiteLanguage)
        ? languages.indexOf(lang as SiteLanguage)
        : languages.length
  return CHECKLIST_RULES.flatMap((rule) =>
    CHECKLIST_RULE_FNS[rule](input).sort(
      (a, b) =>
        langRank(a.lang) - langRank(b.lang) ||
        cellOrder(a.position, columns) - cellOrder(b.position, columns) ||
        collator.compare(a.field ?? '', b.field ?? ''),
    ),
  )
}
