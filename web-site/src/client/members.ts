/**
 * Members-only creatives on the swipe page: the page ships a lock and no media (
 * docs/decisions/0022-visitor-site.md); for a signed-in member the island asks the end-user API for the
 * creative and puts it where the lock was — the whole creative, as a public cell shows it (
 * docs/decisions/0005-one-block-registry.md). The markup is the cell block's own: the page carries the
 * block's stage and product card rendered in slot mode (`<template id="mc">`, `<template id="mp">`,
 * blocks/Cell.tsx `MemberTemplates`); this fills a copy with the block's own rules
 * (`stageParts`, `productCardParts`), setting text and attributes only, never markup. Images
 * come as the published page shows them (issue 22): the template's `<picture>` gets the member
 * API's web renditions as each source's and the image's srcset (`pictureOf`, the publish model's
 * rule), a video its web MP4 and poster; the file as uploaded while there are none.
 */

import { keysToCamel } from '@swipe/shared/case'
import { internalPage, safeExternalUrl } from '@swipe/shared/site/urls'
import {
  type ButtonParts,
  type LinkContext,
  type ProductCardParts,
  productCardParts,
  type StageTexts,
  stageParts,
} from '../blocks/cell-parts.ts'
import type { Picture } from '../blocks/Picture.tsx'
import { pictureOf, SMALLEST_FRAME } from '../blocks/renditions.ts'
import { byOrder, type Href, isAboveMiddle } from '../blocks/values.ts'
import { type ApiAnswer, apiUrl, type Camel, type PathsOf } from './api.ts'
import { MEMBER_HEADERS } from './endUser.ts'
import { showPicture } from './pictures.ts'

/** The member API's route for one creative (the path checked against the route table). */
const PATHS: PathsOf<{ page: 'endUser.pagePrivate' }> = {
  page: '/end-user/site/{siteId}/page/{pageId}/private',
}

/** The member API's answer for one creative, its keys camelCased (snake_case on the wire). */
type MemberAnswer = Camel<ApiAnswer<'endUser.pagePrivate'>>

/** A creative the member may see: the visitor creative view's open variant. */
export type MemberCreative = Extract<MemberAnswer['creative'], { locked: false }>

const newTabOf = (element: Element, href: Href) => {
  element.setAttribute('href', href.href)
  if (!href.external) return
  element.setAttribute('target', '_blank')
  element.setAttribute('rel', 'noopener noreferrer')
}

const colour = (element: HTMLElement, style: { background: string; color: string }) => {
  element.style.background = style.background
  element.style.color = style.color
}

/** The slot `name` of `root`, unmarked; none when the template lacks it. */
const slot = <T extends HTMLElement = HTMLElement>(root: ParentNode, name: string): T | null => {
  const found = root.querySelector<T>(`[data-k="${name}"]`)
  found?.removeAttribute('data-k')
  return found
}

/**
 * Fills a template's `<picture>` (Picture.tsx `Img` in slot mode) as `Img` renders `picture`: its
 * sources before the image, the image's JPEG srcset, `sizes` and 1× file (`showPicture`); without
 * renditions, the bare image of the original.
 */
const fillImage = (image: HTMLImageElement, url: string, picture: Picture | undefined) => {
  const sizes = image.dataset.sizes ?? ''
  image.removeAttribute('data-sizes')
  if (picture) showPicture(image, picture, sizes)
  else {
    image.parentElement!.replaceWith(image)
    image.src = url
  }
}

/** Fills a link button's two slots (`bt` link, `na` unavailable) from its parts; removes the unused. */
const fillButton = (root: ParentNode, button: ButtonParts | undefined) => {
  const link = slot(root, 'bt')
  const unavailable = slot(root, 'na')
  if (button?.href && link) {
    newTabOf(link, button.href)
    colour(link, button.style)
    link.textContent = button.label
  } else link?.remove()
  if (button && !button.href && unavailable) unavailable.prepend(button.label)
  else unavailable?.remove()
}

/** Keeps `element` with `text` as its text (and `color`), or removes it. */
const fillText = (element: HTMLElement | null, part: { value: string; color?: string } | undefined) => {
  if (!element) return
  if (!part) return element.remove()
  element.textContent = part.value
  if (part.color) element.style.color = part.color
}

/**
 * How the island resolves creator links, as the render does: an internal target leads to its
 * page when the template names it (its form is enabled), else it is unavailable; anything else
 * must be an http(s) URL.
 */
const linkContext = (template: HTMLTemplateElement): LinkContext => {
  const pages = JSON.parse(template.dataset.pages ?? '{}') as Record<string, string>
  const page = (target: string | null | undefined) =>
    target && Object.hasOwn(pages, target) ? pages[target] : undefined
  return {
    texts: JSON.parse(template.dataset.texts ?? '{}') as StageTexts,
    link: (value, internal) => {
      if (internal) {
        const href = page(value)
        return href ? { href, external: false } : undefined
      }
      const href = safeExternalUrl(value)
      return href ? { href, external: true } : undefined
    },
    unavailable: (value, internal) => Boolean(internal && internalPage(value) && !page(value)),
  }
}

/**
 * The stage of `creative` (a copy of the page's `#mc` template, filled), and its product cards as
 * templates (`#p-<cell>-<n>`, what the product dialog copies from), or none without the templates.
 */
export const memberStage = (
  creative: MemberCreative,
  position: string,
): { stage: HTMLElement; cards: HTMLTemplateElement[] } | undefined => {
  const template = document.getElementById('mc')
  if (!(template instanceof HTMLTemplateElement) || !creative.mediaUrl) return undefined
  const ctx = linkContext(template)
  const video = creative.mediaType === 'video'
  const made = creative.mediaRenditions
  // A video plays its web MP4 with its poster as the first paint (the API names a poster only
  // with the MP4, and images only for an image); an image offers its renditions.
  const parts = stageParts(
    creative,
    {
      url: made?.video || creative.mediaUrl,
      video,
      picture: pictureOf(made?.images ?? [], SMALLEST_FRAME),
      poster: made?.poster || undefined,
    },
    position,
    ctx,
  )
  const stage = (template.content.cloneNode(true) as DocumentFragment).querySelector<HTMLElement>('.st')!

  const image = slot<HTMLImageElement>(stage, 'img')
  const player = slot<HTMLVideoElement>(stage, 'video')
  const alt = slot(stage, 'alt')
  // The visitor starts a member's video with its controls (which pause it too, WCAG 2.2.2).
  slot(stage, 'vt')?.remove()
  if (video && player) {
    stage.querySelector('picture')?.remove()
    player.src = parts.media.url
    if (parts.media.poster) player.poster = parts.media.poster
    player.controls = true
    // React does not write `muted` into markup; the page's videos are muted (autoplay rules).
    player.muted = true
    player.preload = 'metadata'
    if (parts.media.alt && alt) alt.textContent = parts.media.alt
    else alt?.remove()
  } else {
    player?.remove()
    alt?.remove()
    if (image) {
      image.alt = parts.media.alt
      fillImage(image, parts.media.url, parts.media.picture)
    }
  }

  const point = slot(stage, 'pt')
  for (const part of parts.points) {
    const copy = point!.cloneNode() as HTMLElement
    newTabOf(copy, part.href)
    copy.setAttribute('aria-label', part.label)
    copy.style.left = part.left
    copy.style.top = part.top
    // Left and top again, for the clamps of a phone's FILL frame (../styles.ts) and of a CTA's
    // band (blocks/Cta.tsx), as the render writes them.
    copy.style.setProperty('--l', part.left)
    copy.style.setProperty('--t', part.top)
    if (isAboveMiddle(part.top)) copy.dataset.u = ''
    point!.before(copy)
  }
  point?.remove()

  const hotspot = slot(stage, 'pr')
  for (const product of parts.products) {
    const copy = hotspot!.cloneNode(true) as HTMLElement
    copy.dataset.p = product.key
    copy.style.left = product.style.left
    copy.style.top = product.style.top
    colour(copy, product.style)
    copy.style.setProperty('--l', product.style.left)
    copy.style.setProperty('--t', product.style.top)
    if (isAboveMiddle(product.style.top)) copy.dataset.u = ''
    copy.querySelector('b')!.textContent = product.name
    if (product.price) copy.append(product.price)
    hotspot!.before(copy)
  }
  hotspot?.remove()

  const overlay = slot(stage, 'ov')
  fillText(slot(stage, 'tx'), parts.text)
  fillText(slot(stage, 'pz'), parts.price)
  fillButton(stage, parts.button)
  if (overlay && !overlay.childElementCount) overlay.remove()

  const cardTemplate = document.getElementById('mp')
  const cards =
    cardTemplate instanceof HTMLTemplateElement
      ? byOrder(creative.products ?? []).map((product, i) => {
          const holder = document.createElement('template')
          holder.id = `p-${position}-${i}`
          holder.content.append(
            productCard(cardTemplate.content.cloneNode(true) as DocumentFragment, {
              ...productCardParts(product, product.imageUrl, i, ctx),
              picture: pictureOf(product.imageRenditions ?? [], SMALLEST_FRAME),
            }),
          )
          return holder
        })
      : []
  return { stage, cards }
}

/** Fills a copy of the product card template from its parts. */
const productCard = (card: DocumentFragment, parts: ProductCardParts) => {
  const image = slot<HTMLImageElement>(card, 'img')
  if (parts.image && image) fillImage(image, parts.image, parts.picture)
  else card.querySelector('picture')?.remove()
  card.querySelector('h3')!.textContent = parts.name
  const price = slot(card, 'pz')
  if (parts.price && price) price.querySelector('strong')!.textContent = parts.price
  else price?.remove()
  fillText(slot(card, 'ds'), parts.description ? { value: parts.description } : undefined)
  fillButton(card, parts.button)
  return card
}

/**
 * Asks `GET <api>/end-user/site/<site>/page/<cell>/private?lang=` (same origin: the browser adds the member's session
 * cookie, which no script can read) and replaces the cell's lock with the creative's stage in
 * the same 351 × 535 frame (`.st`) as every creative, so nothing moves; its product cards join
 * the page's. Resolves to the answer's status; the caller drops its sign-in hint on a 401 (SPEC §8).
 */
export const openLockedCell = async (
  cell: HTMLElement,
  api: string,
  site: string,
  lang: string,
): Promise<number> => {
  const response = await fetch(
    // `lang` is a language segment: nothing to encode.
    `${apiUrl(api, PATHS.page, { siteId: site, pageId: cell.id })}?lang=${lang}`,
    { headers: MEMBER_HEADERS, credentials: 'same-origin', cache: 'no-store' },
  )
  if (!response.ok) return response.status
  const { creative } = keysToCamel<Partial<MemberAnswer>>(await response.json())
  const lock = cell.querySelector('.lk')
  if (!lock || !creative || creative.locked) return response.status
  const opened = memberStage(creative, cell.id)
  if (!opened) return response.status
  const focused = lock.contains(document.activeElement)
  lock.replaceWith(opened.stage)
  for (const card of opened.cards) {
    document.getElementById(card.id)?.remove()
    document.body.append(card)
  }
  if (focused) cell.focus({ preventScroll: true })
  return response.status
}
