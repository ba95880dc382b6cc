import { CREATIVE_DEFAULTS } from '@swipe/shared/schemas/site-defaults'
import type { CSSProperties, ReactNode } from 'react'
import { legibleText } from '../lib/contrast.ts'
import { formatPrice, safeColor } from '../lib/format.ts'
import { type CellModel, FRAME, type Href, type PageModel } from '../model.ts'
import { ChevronIcon, LockIcon, PauseIcon } from './icons.tsx'

/**
 * Images other than the first wait for the client, which loads the current creative's neighbours
 * as the visitor moves: the first creative (the LCP) gets the whole connection, and a visitor who
 * never swipes does not download the grid. Until then they show a transparent pixel.
 */
export const PLACEHOLDER = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'

/** Props of a creator link: external links open in a new tab without access to this page. */
export const newTab = (link: Href) => (link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})

/** A button's background and a legible text colour, from creator colours or the defaults. */
export const colors = (
  background: string | null | undefined,
  defaultBackground: string,
  text: string | null | undefined,
  defaultText: string,
) => {
  const bg = safeColor(background, defaultBackground)
  return { background: bg, color: legibleText(safeColor(text, defaultText), bg) }
}

const percent = (value: number, of: number) =>
  `${Math.round((Math.min(Math.max(value, 0), of) / of) * 10000) / 100}%`

/** A link button whose form is switched off: its text, marked unavailable, leading nowhere. */
const Unavailable = ({ label, model }: { label: string; model: PageModel }) => (
  <span className="bt na">
    {label}
    <small>{model.texts.unavailable}</small>
  </span>
)

/** One creative: its media in the 351 × 535 frame, hotspots, texts, price and link button. */
export const Cell = ({
  model,
  cell,
  first,
  underCta,
}: {
  model: PageModel
  cell: CellModel
  first: boolean
  /** A bottom popup CTA may show on this creative: its texts and button sit above it. */
  underCta: boolean
}) => {
  const { creative: c, position } = cell
  const t = model.texts
  const alt = c.imageAlt?.trim() ?? ''
  const button = model.link(c.linkDestinationUrl, c.isInternalLink)
  const unavailable = !button && model.unavailable(c.linkDestinationUrl, c.isInternalLink)
  const data: Record<string, string> = { 'data-o': String(cell.order) }
  const arrow = safeColor(c.hoverArrowColor, '#FFFFFF')
  if (arrow.toUpperCase() !== '#FFFFFF') data['data-a'] = arrow
  if (c.arrowFadeInterval && c.arrowFadeInterval > 0) data['data-f'] = String(c.arrowFadeInterval)
  if (c.sliderSeconds && c.sliderSeconds > 0) data['data-s'] = String(c.sliderSeconds)
  if (c.snsConfig) data['data-sns'] = ''
  if (c.showCompany) data['data-co'] = ''
  return (
    // biome-ignore lint/a11y/useSemanticElements: a carousel slide is a group (WAI-ARIA APG), not a fieldset
    <div
      className={underCta ? 'c uc' : 'c'}
      id={position}
      role="group"
      aria-roledescription="slide"
      aria-label={`${position} (${cell.order})`}
      {...data}
    >
      {cell.locked ? (
        <div className="lk">
          <LockIcon />
          <p>
            <strong>{t.membersOnly}</strong>
          </p>
          {model.members && (
            <>
              <p>{t.membersInvite}</p>
              <a
                className="bt"
                href={model.page('register')}
                style={{ background: CREATIVE_DEFAULTS.linkButtonColor, color: '#202020' }}
              >
                {t.register}
              </a>
              <a href={model.page('login')}>{t.login}</a>
            </>
          )}
        </div>
      ) : (
        <div className="st">
          {cell.video ? (
            <>
              <video
                className="m"
                src={cell.media}
                muted
                playsInline
                loop
                preload={first ? 'auto' : 'none'}
                autoPlay={first}
                width={FRAME.width}
                height={FRAME.height}
              />
              {alt && <p className="vh">{alt}</p>}
              <button type="button" className="vt" aria-label={t.pauseVideo} aria-pressed="false" data-v="">
                <PauseIcon />
              </button>
            </>
          ) : (
            <img
              className="m"
              alt={alt}
              width={FRAME.width}
              height={FRAME.height}
              draggable={false}
              {...(first
                ? { src: cell.media, loading: 'eager', fetchPriority: 'high' }
                : { src: PLACEHOLDER, 'data-src': cell.media, decoding: 'async' })}
            />
          )}
          {(c.imageLinkPoints ?? []).map((point, i) => {
            const target = model.link(point.linkUrl, point.isInternalLink)
            if (!target) return null
            return (
              <a
                // biome-ignore lint/suspicious/noArrayIndexKey: points have no id; their order is stable
                key={i}
                className="pt"
                href={target.href}
                {...newTab(target)}
                aria-label={`${t.link} ${i + 1}${alt ? ` – ${alt}` : ''}`}
                style={{ left: percent(point.x, FRAME.width), top: percent(point.y, FRAME.height) }}
              />
            )
          })}
          {[...(c.products ?? [])]
            .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
            .map((product, i) => {
              const style: CSSProperties = {
                left: percent(product.coordinateX ?? 65, FRAME.width),
                top: percent(product.coordinateY ?? 260, FRAME.height),
                ...colors(product.backgroundColor, '#FFFFFF', product.textColor, '#202020'),
              }
              const name = product.productName?.trim() || `${t.product} ${i + 1}`
              return (
                <button
                  // biome-ignore lint/suspicious/noArrayIndexKey: product ids are optional; order is stable
                  key={i}
                  type="button"
                  className="pr"
                  aria-haspopup="dialog"
                  data-p={`${position}-${i}`}
                  style={style}
                >
                  <b>{name}</b>
                  {typeof product.price === 'number' && formatPrice(product.price, t.taxIncluded)}
                </button>
              )
            })}
          {(c.mainText?.trim() || typeof c.price === 'number' || button || unavailable) && (
            <div className="ov">
              {c.mainText?.trim() && (
                <p
                  className="tx"
                  style={c.mainTextColor ? { color: safeColor(c.mainTextColor, '#FFFFFF') } : undefined}
                >
                  {c.mainText}
                </p>
              )}
              {typeof c.price === 'number' && (
                <p
                  className="pz"
                  style={c.priceTextColor ? { color: safeColor(c.priceTextColor, '#FFFFFF') } : undefined}
                >
                  {formatPrice(c.price, t.taxIncluded)}
                </p>
              )}
              {button && (
                <a
                  className="bt"
                  href={button.href}
                  {...newTab(button)}
                  data-t="link"
                  style={colors(
                    c.linkButtonColor,
                    CREATIVE_DEFAULTS.linkButtonColor,
                    c.linkTextColor,
                    CREATIVE_DEFAULTS.linkTextColor,
                  )}
                >
                  {c.linkButtonText?.trim() || t.learnMore}
                </a>
              )}
              {unavailable && <Unavailable label={c.linkButtonText?.trim() || t.learnMore} model={model} />}
            </div>
          )}
        </div>
      )}
    </div>
  )
}

/**
 * The product cards of a page, as templates: the client copies one into the product dialog when
 * its hotspot is pressed, so their images load only then.
 */
export const ProductTemplates = ({ model }: { model: PageModel }) => (
  <>
    {model.rows.flat().flatMap((cell) =>
      cell.locked
        ? []
        : [...(cell.creative.products ?? [])]
            .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
            .map((product, i) => {
              const image = model.media(product.imagePath)
              const button = model.link(product.linkButtonUrl, product.isInternalLink)
              const name = product.productName?.trim() || `${model.texts.product} ${i + 1}`
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: product ids are optional; order is stable
                <template key={`${cell.position}-${i}`} id={`p-${cell.position}-${i}`}>
                  {image && (
                    <img src={image} alt="" width={400} height={400} loading="lazy" decoding="async" />
                  )}
                  <h3>{name}</h3>
                  {typeof product.price === 'number' && (
                    <p>
                      <strong>{formatPrice(product.price, model.texts.taxIncluded)}</strong>
                    </p>
                  )}
                  {product.description?.trim() && <p>{product.description}</p>}
                  {button && (
                    <a
                      className="bt"
                      href={button.href}
                      {...newTab(button)}
                      data-t="product"
                      style={colors(product.linkButtonColor, '#2BAA50', product.linkTextColor, '#FFFFFF')}
                    >
                      {product.linkButtonText?.trim() || model.texts.learnMore}
                    </a>
                  )}
                  {!button && model.unavailable(product.linkButtonUrl, product.isInternalLink) && (
                    <Unavailable
                      label={product.linkButtonText?.trim() || model.texts.learnMore}
                      model={model}
                    />
                  )}
                </template>
              )
            }),
    )}
  </>
)

/** The rows and columns of creatives with the swipe arrows; arrows start as the first creative sets them. */
export const Grid = ({ model, children }: { model: PageModel; children?: ReactNode }) => {
  const first = model.rows[0]?.[0]
  const fade = first?.creative.arrowFadeInterval
  const arrowStyle = {
    '--ac': safeColor(first?.creative.hoverArrowColor, '#FFFFFF'),
    ...(fade && fade > 0 ? { '--fi': `${fade}s` } : {}),
  } as CSSProperties
  const t = model.texts
  const raised = new Set(
    model.ctas
      .filter((c) => (c.cta.displayPosition ?? 'BOTTOM') === 'BOTTOM')
      .flatMap((c) => c.cta.effectiveSheets ?? []),
  )
  return (
    <main id="sw" aria-roledescription="carousel" aria-label={t.creatives}>
      <h1 className="vh">{model.h1}</h1>
      <div className="tr">
        {model.rows.map((row) => (
          <div className="rw" key={row[0]!.row}>
            {row.map((cell) => (
              <Cell
                key={cell.position}
                model={model}
                cell={cell}
                first={cell === first}
                underCta={raised.has(cell.order)}
              />
            ))}
          </div>
        ))}
        {!first && <p className="nc">{t.noContent}</p>}
      </div>
      <div className={fade && fade > 0 ? 'ar fd' : 'ar'} style={arrowStyle}>
        <button type="button" className="l" aria-label={t.left} data-m="l" hidden>
          <ChevronIcon />
        </button>
        <button
          type="button"
          className="r"
          aria-label={t.right}
          data-m="r"
          hidden={(model.rows[0]?.length ?? 0) < 2}
        >
          <ChevronIcon />
        </button>
        <button type="button" className="u" aria-label={t.up} data-m="u" hidden>
          <ChevronIcon />
        </button>
        <button type="button" className="d" aria-label={t.down} data-m="d" hidden={model.rows.length < 2}>
          <ChevronIcon />
        </button>
      </div>
      {children}
      <p className="vh" aria-live="polite" id="st" />
    </main>
  )
}
