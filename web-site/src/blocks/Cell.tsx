import { CREATIVE_DEFAULTS } from '@swipe/shared/site/model-defaults'
import type { PageTexts } from '@swipe/shared/site/texts'
import type { CSSProperties } from 'react'
import type { CellModel, PageModel } from '../model.ts'
import type { ButtonParts, ProductCardParts, StageParts, StageTexts } from './cell-parts.ts'
import { productCardParts, slideLabel, stageParts } from './cell-parts.ts'
import { LockIcon, PauseIcon } from './icons.tsx'
import { Img } from './Picture.tsx'
import { PLACEHOLDER, SIZES, SMALLEST_FRAME } from './renditions.ts'
import { byOrder, FRAME, isAboveMiddle, newTab, safeColor, TAP_TARGET } from './values.ts'

export * from './cell-parts.ts'

/**
 * The cell block (one creative): its media in the 351 × 535 frame, image-link points, product
 * hotspots, main text, price and link button, or the members-only lock; and the product card the
 * hotspot opens. One component and one stylesheet for every reader:
 * - the publish render (`Cell`, `ProductTemplates`);
 * - the console's previews (`Stage`, `ProductCard` with `CELL_CSS`);
 * - a members-only cell after sign-in: the page carries `Stage` and `ProductCard` rendered in slot
 *   mode (`MemberTemplates`), and the island (client/members.ts) clones them and fills them with
 *   `stageParts` / `productCardParts` of the member API's creative — the same rules, the same
 *   markup, values set as text and attributes only.
 */

/**
 * A point or hotspot above the frame's middle (`data-u`): under a centre CTA it moves up, the
 * others down (Cta.tsx `ctaClearCss`). The island marks a member's the same way (`isAboveMiddle`).
 */
const aboveMiddle = (top: string) => (isAboveMiddle(top) ? { 'data-u': '' } : {})

/** Slot markers for the members' templates (`data-k`); nothing outside slot mode. */
const slotOf = (slot: boolean | undefined, name: string) => (slot ? { 'data-k': name } : {})

/**
 * A link button: a link with the creator's colours, or its label marked unavailable. In slot mode
 * both variants are there, empty, for the island to keep one.
 */
const Button = ({
  button,
  track,
  unavailable,
  slot,
}: {
  button: ButtonParts | undefined
  track: string
  unavailable: string
  slot?: boolean
}) => (
  <>
    {(slot || button?.href) && (
      <a
        className="bt"
        {...(button?.href ? { href: button.href.href, ...newTab(button.href) } : {})}
        data-t={track}
        {...(button?.href ? { style: button.style } : {})}
        {...slotOf(slot, 'bt')}
      >
        {slot ? null : button?.label}
      </a>
    )}
    {(slot || (button && !button.href)) && (
      <span className="bt na" {...slotOf(slot, 'na')}>
        {slot ? null : button?.label}
        <small>{unavailable}</small>
      </span>
    )}
  </>
)

/**
 * A creative's stage (`.st`, the frame). `first`: the page's first creative, its media loaded at
 * once (the LCP); the others wait for the island. `slot`: the members' template, every part
 * present once and empty, marked with `data-k`.
 */
export const Stage = ({
  parts,
  texts,
  first = false,
  slot = false,
}: {
  parts: StageParts
  texts: StageTexts & Pick<PageTexts, 'pauseVideo'>
  first?: boolean
  slot?: boolean
}) => {
  const { media } = parts
  const image = slot || !media.video
  const video = slot || media.video
  const overlay = slot || parts.text || parts.price || parts.button
  return (
    <div className="st">
      {video && (
        <>
          <video
            className="m"
            {...(slot ? {} : { src: media.url })}
            {...(media.poster ? (first ? { poster: media.poster } : { 'data-poster': media.poster }) : {})}
            muted
            playsInline
            loop
            preload={first ? 'auto' : 'none'}
            autoPlay={first}
            width={FRAME.width}
            height={FRAME.height}
            {...slotOf(slot, 'video')}
          />
          {(slot || media.alt) && (
            <p className="vh" {...slotOf(slot, 'alt')}>
              {slot ? null : media.alt}
            </p>
          )}
          <button
            type="button"
            className="vt"
            aria-label={texts.pauseVideo}
            aria-pressed="false"
            data-v=""
            {...slotOf(slot, 'vt')}
          >
            <PauseIcon />
          </button>
        </>
      )}
      {image && (
        <Img
          className="m"
          src={media.url}
          picture={media.picture}
          sizes={SIZES.frame}
          alt={media.alt}
          width={FRAME.width}
          height={FRAME.height}
          draggable={false}
          slot={slot}
          {...(first
            ? { loading: 'eager', fetchPriority: 'high' }
            : { deferred: slot ? undefined : PLACEHOLDER, decoding: 'async' })}
        />
      )}
      {slot ? (
        // biome-ignore lint/a11y/useValidAnchor lint/a11y/useAnchorContent: a template's prototype; the island sets its href and label
        <a className="pt" data-k="pt" />
      ) : (
        parts.points.map((point, i) => (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: points have no id; their order is stable
            key={i}
            className="pt"
            href={point.href.href}
            {...newTab(point.href)}
            aria-label={point.label}
            style={{ left: point.left, top: point.top, '--l': point.left, '--t': point.top } as CSSProperties}
            {...aboveMiddle(point.top)}
          />
        ))
      )}
      {slot ? (
        <button type="button" className="pr" aria-haspopup="dialog" data-k="pr">
          <b />
        </button>
      ) : (
        parts.products.map((product) => (
          <button
            key={product.key}
            type="button"
            className="pr"
            aria-haspopup="dialog"
            data-p={product.key}
            style={{ ...product.style, '--l': product.style.left, '--t': product.style.top } as CSSProperties}
            {...aboveMiddle(product.style.top)}
          >
            <b>{product.name}</b>
            {product.price}
          </button>
        ))
      )}
      {overlay && (
        <div className="ov" {...slotOf(slot, 'ov')}>
          {(slot || parts.text) && (
            <p
              className="tx"
              {...(parts.text?.color ? { style: { color: parts.text.color } } : {})}
              {...slotOf(slot, 'tx')}
            >
              {parts.text?.value}
            </p>
          )}
          {(slot || parts.price) && (
            <p
              className="pz"
              {...(parts.price?.color ? { style: { color: parts.price.color } } : {})}
              {...slotOf(slot, 'pz')}
            >
              {parts.price?.value}
            </p>
          )}
          <Button button={parts.button} track="link" unavailable={texts.unavailable} slot={slot} />
        </div>
      )}
    </div>
  )
}

/** The members-only lock: the invitation to sign up and in, when membership is on. */
export const Lock = ({
  texts,
  invite,
}: {
  texts: Pick<PageTexts, 'membersOnly' | 'membersInvite' | 'register' | 'login'>
  /** The sign-up and sign-in pages, when membership is enabled. */
  invite?: { register: string; login: string } | undefined
}) => (
  <div className="lk">
    <LockIcon />
    <p>
      <strong>{texts.membersOnly}</strong>
    </p>
    {invite && (
      <>
        <p>{texts.membersInvite}</p>
        <a
          className="bt"
          href={invite.register}
          style={{ background: CREATIVE_DEFAULTS.linkButtonColor, color: '#202020' }}
        >
          {texts.register}
        </a>
        <a href={invite.login}>{texts.login}</a>
      </>
    )}
  </div>
)

/** The product card's content (the dialog's body). `slot`: the members' template. */
export const ProductCard = ({
  parts,
  texts,
  slot = false,
}: {
  parts: ProductCardParts
  texts: Pick<PageTexts, 'unavailable'>
  slot?: boolean
}) => (
  <>
    {(slot || parts.image) && (
      <Img
        src={parts.image ?? ''}
        picture={parts.picture}
        sizes={SIZES.product}
        alt=""
        width={400}
        height={400}
        loading="lazy"
        decoding="async"
        slot={slot}
      />
    )}
    <h3>{parts.name}</h3>
    {(slot || parts.price) && (
      <p {...slotOf(slot, 'pz')}>
        <strong>{parts.price}</strong>
      </p>
    )}
    {(slot || parts.description) && <p {...slotOf(slot, 'ds')}>{parts.description}</p>}
    <Button button={parts.button} track="product" unavailable={texts.unavailable} slot={slot} />
  </>
)

/** Every part empty: what slot mode renders from. */
const EMPTY_STAGE: StageParts = { media: { url: '', video: false, alt: '' }, points: [], products: [] }

/**
 * The members' templates (on the site's own origin, when the page has a members-only cell): the
 * stage (`#mc`) and the product card (`#mp`) in slot mode, with what the island needs to resolve
 * links and words the way the render does: the page's words (`data-texts`) and the internal
 * pages that are enabled (`data-pages`, target → path). JSON in attributes, escaped by React.
 */
export const MemberTemplates = ({
  texts,
  pages,
}: {
  texts: StageTexts & Pick<PageTexts, 'pauseVideo'>
  pages: Record<string, string>
}) => {
  const words: StageTexts = {
    taxIncluded: texts.taxIncluded,
    learnMore: texts.learnMore,
    link: texts.link,
    product: texts.product,
    unavailable: texts.unavailable,
  }
  return (
    <>
      <template id="mc" data-texts={JSON.stringify(words)} data-pages={JSON.stringify(pages)}>
        <Stage parts={EMPTY_STAGE} texts={texts} slot />
      </template>
      <template id="mp">
        <ProductCard parts={{ name: '' }} texts={texts} slot />
      </template>
    </>
  )
}

/** A creative's class when a CTA of that position may show on it: its controls keep clear (Cta.tsx `ctaClearCss`). */
export const UNDER_CTA = { TOP: 'ut', CENTER: 'um', BOTTOM: 'uc' } as const

/**
 * What a cell holds: its stage, or the lock of a members-only creative (whose media and texts
 * never go into the page). The page's cells file carries this for each cell the page leaves as a
 * placeholder (`Cell` with `placeholder`), with its product cards (`CellFill`).
 */
const CellBody = ({ model, cell, first }: { model: PageModel; cell: CellModel; first: boolean }) =>
  cell.locked ? (
    <Lock
      texts={model.texts}
      invite={model.members ? { register: model.page('register'), login: model.page('login') } : undefined}
    />
  ) : (
    <Stage
      parts={stageParts(
        cell.creative,
        { url: cell.media ?? '', video: cell.video, picture: cell.picture, poster: cell.poster },
        cell.position,
        model,
      )}
      texts={model.texts}
      first={first}
    />
  )

/**
 * One creative of the page (a carousel slide): its stage, or the lock of a members-only creative
 * (whose media and texts never go into the page). The slide's data attributes carry what the
 * island needs as the visitor moves: order, arrow colour and fade, auto-advance, bottom-bar switches.
 * A `placeholder` is the slide alone, empty and of the same size (the grid fixes every slide's
 * size): the island fills it from the page's cells file and labels it then (`slideLabel`, the
 * label was a third of a placeholder's bytes; docs/decisions/0074-first-screen-first.md).
 */
export const Cell = ({
  model,
  cell,
  first,
  underCtas = [],
  placeholder = false,
}: {
  model: PageModel
  cell: CellModel
  first: boolean
  /** The classes of the CTA positions that may show on this creative (`UNDER_CTA`). */
  underCtas?: readonly string[]
  /** Left empty, for the island to fill (`CellFill`). */
  placeholder?: boolean
}) => {
  const { creative: c, position } = cell
  const data: Record<string, string> = { 'data-o': String(cell.order) }
  const arrow = safeColor(c.hoverArrowColor, CREATIVE_DEFAULTS.hoverArrowColor)
  if (arrow.toUpperCase() !== CREATIVE_DEFAULTS.hoverArrowColor) data['data-a'] = arrow
  if (c.arrowFadeInterval && c.arrowFadeInterval > 0) data['data-f'] = String(c.arrowFadeInterval)
  if (c.sliderSeconds && c.sliderSeconds > 0) data['data-s'] = String(c.sliderSeconds)
  if (cell.shows.sns) data['data-sns'] = ''
  if (cell.shows.company) data['data-co'] = ''
  return (
    // biome-ignore lint/a11y/useSemanticElements: a carousel slide is a group (WAI-ARIA APG), not a fieldset
    <div
      className={['c', ...(first ? ['o'] : []), ...underCtas].join(' ')}
      id={position}
      role="group"
      aria-roledescription="slide"
      {...(placeholder ? {} : { 'aria-label': slideLabel(position, cell.order) })}
      {...data}
    >
      {placeholder ? null : <CellBody model={model} cell={cell} first={first} />}
    </div>
  )
}

/** A cell's product cards, as templates (`ProductTemplates`). */
const CellProducts = ({ model, cell }: { model: PageModel; cell: CellModel }) =>
  cell.locked
    ? null
    : byOrder(cell.creative.products ?? []).map((product, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: product ids are optional; order is stable
        <template key={`${cell.position}-${i}`} id={`p-${cell.position}-${i}`}>
          <ProductCard
            parts={{
              ...productCardParts(product, model.media(product.imagePath), i, model),
              ...(model.picture(product.imagePath, SMALLEST_FRAME)
                ? { picture: model.picture(product.imagePath, SMALLEST_FRAME)! }
                : {}),
            }}
            texts={model.texts}
          />
        </template>
      ))

/**
 * What the island puts into a placeholder cell (docs/decisions/0074-first-screen-first.md): the
 * cell's body, as the page would carry it away from the opening cell, and its product cards as
 * templates (inside the slide; the product dialog finds them by id).
 */
export const CellFill = ({ model, cell }: { model: PageModel; cell: CellModel }) => (
  <>
    <CellBody model={model} cell={cell} first={false} />
    <CellProducts model={model} cell={cell} />
  </>
)

/**
 * The product cards of a page, as templates: the client copies one into the product dialog when
 * its hotspot is pressed, so their images load only then.
 */
export const ProductTemplates = ({
  model,
  only,
}: {
  model: PageModel
  /** The cells the page carries whole (the others' cards travel with them in the cells file). */
  only?: ReadonlySet<string> | undefined
}) => (
  <>
    {model.rows
      .flat()
      .filter((cell) => !only || only.has(cell.position))
      .map((cell) => (
        <CellProducts key={cell.position} model={model} cell={cell} />
      ))}
  </>
)

/**
 * The cell block's stylesheet: the stage, its media, points, product hotspots, texts and link
 * button, the lock, the video toggle, and the product card. Cells off the screen skip their
 * rendering (`content-visibility:auto`); the opening cell (`.o`) does not, or the first frame
 * would lay the page out twice: once with it skipped, once more when found on the screen
 * (docs/decisions/0074-first-screen-first.md, "The opening cell rendered at once").
 */
export const CELL_CSS = `picture{display:contents}
.c{position:relative;flex:0 0 100%;height:100%;overflow:hidden;container-type:size;content-visibility:auto}.o{content-visibility:visible}
.st{position:absolute;inset:0;margin:auto;width:100%;height:100%;width:min(100cqw,65.6cqh);height:min(100cqh,152.42cqw);container-type:size;overflow:hidden}
.m{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;-webkit-user-drag:none}
.ov{position:absolute;left:0;right:0;bottom:0;display:flex;flex-direction:column;align-items:center;gap:2cqw;padding:14cqw 5cqw 5cqw;background:linear-gradient(transparent,rgba(0,0,0,.6));color:#fff;text-align:center;pointer-events:none}
.ov>*{margin:0}.ov>a{pointer-events:auto}
.tx{font-size:clamp(13px,4.3cqw,18px);white-space:pre-wrap;text-shadow:0 1px 3px rgba(0,0,0,.6)}
.pz{font-size:clamp(15px,5.2cqw,22px);font-weight:700;text-shadow:0 1px 3px rgba(0,0,0,.6)}
.bt{display:flex;align-items:center;justify-content:center;min-width:62%;min-height:${TAP_TARGET}px;padding:8px 20px;border-radius:999px;font-weight:700;text-decoration:none;box-shadow:0 3px 10px rgba(0,0,0,.3)}
.na{flex-direction:column;gap:0;background:#5c5c5c;color:#fff;line-height:1.3;box-shadow:none;cursor:default}
.na small{font-size:12px;font-weight:400}
.pt{position:absolute;width:${TAP_TARGET}px;height:${TAP_TARGET}px;margin:-${TAP_TARGET / 2}px 0 0 -${TAP_TARGET / 2}px;border-radius:50%;border:2px solid rgba(255,255,255,.95);box-shadow:0 0 0 2px rgba(0,0,0,.35),inset 0 0 0 2px rgba(0,0,0,.2)}
.pr{position:absolute;display:flex;flex-direction:column;justify-content:center;max-width:62%;min-height:${TAP_TARGET}px;padding:5px 10px;border:0;border-radius:0 10px 10px 10px;font-size:clamp(11px,3.4cqw,14px);line-height:1.35;text-align:left;box-shadow:0 2px 8px rgba(0,0,0,.35)}
.pr b{display:block}
.lk{position:absolute;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;padding:24px;background:#1d1d1f;color:#fff;text-align:center}
.lk p{margin:0}
.lk .ic{width:40px;height:40px}
.lk a:not(.bt){display:inline-flex;align-items:center;min-height:44px}
.vt{position:absolute;right:8px;top:8px;display:grid;place-items:center;width:44px;height:44px;border:0;border-radius:50%;background:rgba(0,0,0,.45);color:#fff}
`

/** The product card's stylesheet (inside the product dialog). */
export const PRODUCT_CARD_CSS = `.pd img{display:block;width:100%;height:auto;aspect-ratio:1;object-fit:contain;background:#f4f4f4;border-radius:10px}
.pd h3{margin:12px 0 4px;font-size:17px}
.pd p{margin:0 0 12px;white-space:pre-wrap}
.pd .bt{margin-top:4px}
`
