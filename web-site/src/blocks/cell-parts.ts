import { CREATIVE_DEFAULTS, PRODUCT_DEFAULTS } from '@swipe/shared/site/model-defaults'
import type { PageTexts } from '@swipe/shared/site/texts'
import type { PublishCreative, PublishProduct } from '../types.ts'
import type { Picture } from './Picture.tsx'
import {
  byOrder,
  colors,
  FRAME,
  formatPrice,
  type Href,
  OVERLAY_TEXT,
  percent,
  productStyle,
  safeColor,
} from './values.ts'

/**
 * The cell block's rules (no React, no schema library): which parts of a creative and of its
 * product card show, with which words, links, colours and places. `Cell.tsx` renders them; the
 * visitor island (client/members.ts) fills the members' templates with them after sign-in.
 */

/** The page words a creative shows. */
export type StageTexts = Pick<PageTexts, 'taxIncluded' | 'learnMore' | 'link' | 'product' | 'unavailable'>

/** How a reader resolves creator links: the page model, the console, or the island. */
export interface LinkContext {
  texts: StageTexts
  /** Where a creator link leads (an enabled internal page or an http(s) URL), or nowhere. */
  link: (value: string | null | undefined, internal: boolean | null | undefined) => Href | undefined
  /** An internal link whose form is switched off. */
  unavailable: (value: string | null | undefined, internal: boolean | null | undefined) => boolean
}

/** The creative fields the cell shows (the publish input's and the member API view's names). */
export type StageCreative = Pick<
  PublishCreative,
  | 'imageAlt'
  | 'mainText'
  | 'mainTextColor'
  | 'price'
  | 'priceTextColor'
  | 'linkButtonText'
  | 'linkDestinationUrl'
  | 'isInternalLink'
  | 'linkButtonColor'
  | 'linkTextColor'
  | 'imageLinkPoints'
> & { products?: readonly StageProduct[] | null | undefined }

export type StageProduct = Omit<PublishProduct, 'imagePath'>

interface Colours {
  background: string
  color: string
}

/** A link button: where it goes, its label and colours; or, leading nowhere, its label only. */
export type ButtonParts = { href: Href; label: string; style: Colours } | { href?: undefined; label: string }

/** Everything a creative's stage shows, resolved: what `Stage` renders and the island fills in. */
export interface StageParts {
  media: {
    url: string
    video: boolean
    alt: string
    /** An image's web renditions (issue 22): the release's, or the member API's after sign-in. */
    picture?: Picture | undefined
    /** A video's poster, its first paint (issue 22). */
    poster?: string | undefined
  }
  points: { href: Href; label: string; left: string; top: string }[]
  products: { key: string; name: string; price?: string; style: Colours & { left: string; top: string } }[]
  text?: { value: string; color?: string }
  price?: { value: string; color?: string }
  button?: ButtonParts
}

/** A link button's parts, or none when it has no destination at all. */
const buttonParts = (
  ctx: LinkContext,
  target: { url: string | null | undefined; internal: boolean | null | undefined; text?: string | null },
  style: Colours,
): ButtonParts | undefined => {
  const label = target.text?.trim() || ctx.texts.learnMore
  const href = ctx.link(target.url, target.internal)
  if (href) return { href, label, style }
  return ctx.unavailable(target.url, target.internal) ? { label } : undefined
}

/** The rules of a creative's stage: which parts show, with which words, colours and places. */
export const stageParts = (
  creative: StageCreative,
  media: Omit<StageParts['media'], 'alt'>,
  position: string,
  ctx: LinkContext,
): StageParts => {
  const t = ctx.texts
  const alt = creative.imageAlt?.trim() ?? ''
  const text = creative.mainText?.trim() ? creative.mainText : undefined
  const button = buttonParts(
    ctx,
    { url: creative.linkDestinationUrl, internal: creative.isInternalLink, text: creative.linkButtonText },
    colors(
      creative.linkButtonColor,
      CREATIVE_DEFAULTS.linkButtonColor,
      creative.linkTextColor,
      CREATIVE_DEFAULTS.linkTextColor,
    ),
  )
  return {
    media: { ...media, alt },
    points: (creative.imageLinkPoints ?? []).flatMap((point, i) => {
      const href = ctx.link(point.linkUrl, point.isInternalLink)
      if (!href) return []
      return [
        {
          href,
          label: `${t.link} ${i + 1}${alt ? ` – ${alt}` : ''}`,
          left: percent(point.x, FRAME.width),
          top: percent(point.y, FRAME.height),
        },
      ]
    }),
    products: byOrder(creative.products ?? []).map((product, i) => ({
      key: `${position}-${i}`,
      name: product.productName?.trim() || `${t.product} ${i + 1}`,
      ...(typeof product.price === 'number' ? { price: formatPrice(product.price, t.taxIncluded) } : {}),
      style: productStyle(product),
    })),
    ...(text
      ? {
          text: {
            value: text,
            ...(creative.mainTextColor ? { color: safeColor(creative.mainTextColor, OVERLAY_TEXT) } : {}),
          },
        }
      : {}),
    ...(typeof creative.price === 'number'
      ? {
          price: {
            value: formatPrice(creative.price, t.taxIncluded),
            ...(creative.priceTextColor ? { color: safeColor(creative.priceTextColor, OVERLAY_TEXT) } : {}),
          },
        }
      : {}),
    ...(button ? { button } : {}),
  }
}

/** What the product card shows, resolved. */
export interface ProductCardParts {
  image?: string
  /** The image's web renditions (issue 22): the release's, or the member API's on the island's cards. */
  picture?: Picture
  name: string
  price?: string
  description?: string
  button?: ButtonParts
}

/** The rules of a product card. `image`: the product image's URL, resolved by the reader. */
export const productCardParts = (
  product: StageProduct,
  image: string | null | undefined,
  index: number,
  ctx: LinkContext,
): ProductCardParts => {
  const button = buttonParts(
    ctx,
    { url: product.linkButtonUrl, internal: product.isInternalLink, text: product.linkButtonText },
    colors(
      product.linkButtonColor,
      PRODUCT_DEFAULTS.linkButtonColor,
      product.linkTextColor,
      PRODUCT_DEFAULTS.linkTextColor,
    ),
  )
  return {
    ...(image ? { image } : {}),
    name: product.productName?.trim() || `${ctx.texts.product} ${index + 1}`,
    ...(typeof product.price === 'number'
      ? { price: formatPrice(product.price, ctx.texts.taxIncluded) }
      : {}),
    ...(product.description?.trim() ? { description: product.description } : {}),
    ...(button ? { button } : {}),
  }
}

/** A slide's accessible name: its cell and its page order (client/main.ts `fillCell` writes it too). */
export const slideLabel = (position: string, order: number | string): string => `${position} (${order})`
