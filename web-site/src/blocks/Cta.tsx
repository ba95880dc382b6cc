import { countdownText } from '@swipe/shared/site/countdown'
import { onSheet, remainingSlots } from '@swipe/shared/site/cta'
import type { ContentLanguage } from '@swipe/shared/site/languages'
import { CTA_DEFAULTS } from '@swipe/shared/site/model-defaults'
import { own } from '@swipe/shared/site/own'
import type { PageTexts } from '@swipe/shared/site/texts'
import type { CSSProperties } from 'react'
import type { CtaModel } from '../model.ts'
import type { PublishCta } from '../types.ts'
import { CloseIcon } from './icons.tsx'
import { Img, type Picture, SIZES } from './Picture.tsx'
import { colors, type Href, newTab, TAP_TARGET } from './values.ts'

/**
 * The popup CTA block (SPEC §3, §4): one component and one stylesheet, used by the publish render
 * (`Ctas`, every CTA of the page grouped by position, each hidden until the island shows it) and
 * by the console's CTA preview (`CtaGroup` with one CTA, shown, and `ctaCss`).
 */

// The centre group's class is `md`: `c` is a creative's and `m` its media's (blocks/Cell.tsx),
// whose rules would size the group.
export const POSITIONS = { TOP: 't', CENTER: 'md', BOTTOM: 'b' } as const
export type CtaPosition = keyof typeof POSITIONS

/** The default colours of a CTA's button. */
export const CTA_COLORS = {
  background: CTA_DEFAULTS.linkButtonColor,
  text: CTA_DEFAULTS.linkTextColor,
} as const

type CtaTexts = Pick<PageTexts, 'slots' | 'ctaFull' | 'link' | 'close'>

export interface CtaProps {
  item: CtaModel
  texts: CtaTexts
  lang: ContentLanguage
  /** The clock of the countdown text (the island keeps it current). */
  now: number
  /** Hidden until the island shows it (the page); the console's preview shows it. */
  hidden?: boolean
}

/**
 * One CTA as the block takes it: its place in the site's list, its text in the page's language,
 * its link and image resolved by the reader (the page model, or the console), and an
 * applicant-limit CTA's remaining slots.
 */
export const ctaItem = (
  cta: PublishCta,
  index: number,
  resolved: {
    content: string
    link?: Href | undefined
    image?: string | undefined
    picture?: Picture | undefined
  },
): CtaModel => {
  const remaining = cta.kind === 'APPLICANT_LIMIT' ? remainingSlots(cta.limit, cta.numberClicks) : undefined
  return {
    index,
    cta,
    content: resolved.content,
    ...(resolved.link ? { link: resolved.link } : {}),
    ...(resolved.image ? { image: resolved.image } : {}),
    ...(resolved.image && resolved.picture ? { picture: resolved.picture } : {}),
    ...(remaining !== undefined ? { remaining } : {}),
  }
}

/** The animation a CTA runs: one of the nine (`NONE` and eight), else none. */
export const animationOf = (animation: string | null | undefined): string =>
  animation && own(CTA_ANIMATION_CSS, animation) !== undefined ? animation : CTA_DEFAULTS.animation

/**
 * One CTA. The slots text carries its own template (`data-sl`), so the island can rewrite it with
 * live counts; an applicant-limit CTA carries its "full" text (`data-full`).
 */
export const Cta = ({ item, texts: t, lang, now, hidden = true }: CtaProps) => {
  const { cta } = item
  const { background, color } = colors(
    cta.linkButtonColor,
    CTA_COLORS.background,
    cta.linkTextColor,
    CTA_COLORS.text,
  )
  const style = { '--b': background, '--t': color } as CSSProperties
  const data: Record<string, string> = {
    'data-cta': String(item.index),
    'data-sheets': (cta.effectiveSheets ?? []).join(','),
    'data-kind': cta.kind ?? 'TIME_LIMIT',
  }
  if (cta.startDate) data['data-start'] = cta.startDate
  if (cta.endDate) data['data-end'] = cta.endDate
  if (item.remaining !== undefined) data['data-left'] = String(item.remaining)
  if (cta.limit) data['data-limit'] = cta.limit
  // What the island shows when the server answers that the last slot is gone.
  if (cta.kind === 'APPLICANT_LIMIT' && item.link) data['data-full'] = t.ctaFull
  const body = (
    <>
      {item.image && (
        <Img
          src={item.image}
          picture={item.picture}
          sizes={SIZES.cta}
          alt=""
          width={48}
          height={48}
          loading="lazy"
        />
      )}
      <span>
        <span className="cx">{item.content}</span>
        {cta.showRemainingTime && <small data-cd="">{countdownText(cta.endDate, now, lang)}</small>}
        {cta.showRemainingSlots && item.remaining !== undefined && (
          <small data-sl={t.slots}>{t.slots.replace('{n}', String(item.remaining))}</small>
        )}
      </span>
    </>
  )
  return (
    <section
      className={`cta a-${animationOf(cta.animation)}`}
      style={style}
      aria-label={item.content.trim() || t.link}
      hidden={hidden}
      {...data}
    >
      {item.link ? (
        <a className="cb" href={item.link.href} {...newTab(item.link)} data-t="cta">
          {body}
        </a>
      ) : (
        <div className="cb">{body}</div>
      )}
      <button type="button" className="x" aria-label={t.close} data-x="">
        <CloseIcon />
      </button>
    </section>
  )
}

/** The CTAs of one display position, in the order the creator listed them. */
export const CtaGroup = ({
  position,
  items,
  ...rest
}: Omit<CtaProps, 'item'> & { position: CtaPosition; items: readonly CtaModel[] }) => (
  <div className={`ctas ${POSITIONS[position]}`}>
    {items.map((item) => (
      <Cta key={item.index} item={item} {...rest} />
    ))}
  </div>
)

/**
 * The page's popup CTAs grouped by display position. Each starts hidden: the client shows it on
 * the sheets and between the dates its data attributes carry, and keeps its countdown current.
 */
export const Ctas = ({
  ctas,
  texts,
  lang,
  now,
}: {
  ctas: readonly CtaModel[]
  texts: CtaTexts
  lang: ContentLanguage
  now: number
}) => {
  if (!ctas.length) return null
  return (
    <>
      {(['TOP', 'CENTER', 'BOTTOM'] as const).map((position) => {
        const items = ctas.filter((c) => (c.cta.displayPosition ?? CTA_DEFAULTS.displayPosition) === position)
        return items.length ? (
          <CtaGroup key={position} position={position} items={items} texts={texts} lang={lang} now={now} />
        ) : null
      })}
    </>
  )
}

/**
 * How tall one CTA may be, in CSS px: its text is at most two lines (22.5 px each at the page's
 * 15px/1.5) and each small line one (18 px: the countdown, and the slots or the "full" text of an
 * applicant-limit CTA), its image 48 px, its padding 20 px; at least its 56 px minimum.
 */
export const ctaHeight = (item: Pick<CtaModel, 'cta' | 'image'>): number => {
  const smalls = (item.cta.showRemainingTime ? 1 : 0) + (item.cta.kind === 'APPLICANT_LIMIT' ? 1 : 0)
  return Math.max(56, Math.ceil(20 + Math.max(item.image ? 48 : 0, 45 + 18 * smalls)))
}

/** Where a CTA group starts from its edge of the swipe area: clear of the up and down arrows. */
export const CTA_EDGE = 48
/** Room kept between a CTA group and the controls it must not cover. */
const CLEAR = 8
/** Half a link point (`TAP_TARGET` round, placed by its centre); a product hotspot's height at most. */
const POINT_HALF = TAP_TARGET / 2
const HOTSPOT_HEIGHT = 72

/** The height of each position's group of CTAs (the CTAs one above the other, 8 px apart), in px. */
export const ctaBands = (ctas: readonly CtaModel[]): Record<CtaPosition, number> => {
  const band = (position: CtaPosition) => {
    const heights = ctas
      .filter((c) => (c.cta.displayPosition ?? CTA_DEFAULTS.displayPosition) === position)
      .map(ctaHeight)
    return heights.length ? heights.reduce((a, b) => a + b, 0) + 8 * (heights.length - 1) : 0
  }
  return { TOP: band('TOP'), CENTER: band('CENTER'), BOTTOM: band('BOTTOM') }
}

/**
 * The rules that keep a creative's controls clear of the CTAs that may show on it (
 * docs/decisions/0025-visitor-page-controls.md). A creative under a bottom CTA (`.uc`) raises its
 * texts and link button above the group's band, and pulls its link points and product hotspots up
 * out of it; under a top CTA (`.ut`) its points, hotspots and video toggle move below the band;
 * under a centre CTA (`.um`) they leave the middle band for the side they are on (`data-u`: above
 * the middle). Positions are the frame's, whose edges never lie outside the swipe area, so the
 * bands measured from the swipe area's edges are kept clear on every screen (on a letterboxed frame
 * with room to spare). A centre group leaves the left and right arrows free.
 */
export const ctaClearCss = (
  bands: Record<CtaPosition, number>,
  /** Whether a creative under a CTA of `position` has such parts (else their rule is left out). */
  has: (position: CtaPosition, part: ClearedPart) => boolean = () => true,
): string => {
  const rules: string[] = []
  /** A rule for a part of the creatives (written only if one has it), or for every page (`null`). */
  const add = (position: CtaPosition, part: ClearedPart | null, rule: string) => {
    if (!part || has(position, part)) rules.push(rule)
  }
  if (bands.BOTTOM) {
    const edge = CTA_EDGE + bands.BOTTOM + CLEAR
    add('BOTTOM', null, `.uc .ov{padding-bottom:${edge}px}`)
    add('BOTTOM', 'pt', `.uc .pt{top:min(var(--t),calc(100% - ${edge + POINT_HALF}px))!important}`)
    add('BOTTOM', 'pr', `.uc .pr{top:min(var(--t),calc(100% - ${edge + HOTSPOT_HEIGHT}px))!important}`)
  }
  if (bands.TOP) {
    const edge = CTA_EDGE + bands.TOP + CLEAR
    add('TOP', 'pt', `.ut .pt{top:max(var(--t),${edge + POINT_HALF}px)!important}`)
    add('TOP', 'pr', `.ut .pr{top:max(var(--t),${edge}px)!important}`)
    add('TOP', 'vt', `.ut .vt{top:${edge}px}`)
  }
  if (bands.CENTER) {
    const half = Math.ceil(bands.CENTER / 2) + CLEAR
    // The left and right arrows (44 px from each side, mid-height) stay free.
    add('CENTER', null, '.ctas.md{padding:0 46px}')
    add('CENTER', 'pt', `.um .pt[data-u]{top:min(var(--t),calc(50% - ${half + POINT_HALF}px))!important}`)
    add(
      'CENTER',
      'pt',
      `.um .pt:not([data-u]){top:max(var(--t),calc(50% + ${half + POINT_HALF}px))!important}`,
    )
    add('CENTER', 'pr', `.um .pr[data-u]{top:min(var(--t),calc(50% - ${half + HOTSPOT_HEIGHT}px))!important}`)
    add('CENTER', 'pr', `.um .pr:not([data-u]){top:max(var(--t),calc(50% + ${half}px))!important}`)
  }
  return rules.join('')
}

/** A creative's part that a CTA's band may have to move: link points, product hotspots, the video toggle. */
export type ClearedPart = 'pt' | 'pr' | 'vt'

/** The positions of the CTAs that may show on the creative of page order `order` (any of its dates). */
export const ctaPositionsOn = (ctas: readonly CtaModel[], order: number): CtaPosition[] =>
  (['TOP', 'CENTER', 'BOTTOM'] as const).filter((position) =>
    ctas.some(
      (c) =>
        (c.cta.displayPosition ?? CTA_DEFAULTS.displayPosition) === position &&
        onSheet(c.cta.effectiveSheets, order),
    ),
  )

/** The CTA block's stylesheet, without the animations (`ctaCss` adds those in use). */
export const CTA_CSS = `.ctas{position:absolute;left:0;right:0;z-index:2;display:flex;flex-direction:column;align-items:center;gap:8px;padding:0 8px;pointer-events:none}
.ctas.t{top:${CTA_EDGE}px}.ctas.md{top:50%;transform:translateY(-50%)}.ctas.b{bottom:${CTA_EDGE}px}
.cta{position:relative;width:min(92%,420px);pointer-events:auto}
.cta .cb{position:relative;display:flex;align-items:center;gap:10px;min-height:56px;padding:10px 48px 10px 14px;border-radius:14px;background:var(--b);color:var(--t);font-weight:700;text-decoration:none;box-shadow:0 6px 20px rgba(0,0,0,.35)}
.cta .cx{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden}
.cta img{width:48px;height:48px;border-radius:8px;object-fit:cover;flex:none}
.cta small{display:block;overflow:hidden;font-size:12px;font-weight:400;white-space:nowrap;text-overflow:ellipsis}
.cta .x{position:absolute;top:6px;right:2px;color:var(--t)}
.cta.fl .cb{animation:none;cursor:default}.cta.fl .cb::before,.cta.fl .cb::after{content:none}
`

/** The nine animations (SPEC §3 Popup CTA), one keyframe set each, applied to the CTA's link. */
export const CTA_ANIMATION_CSS: Record<string, string> = {
  NONE: '',
  PULSE: '.a-PULSE .cb{animation:pu 1.6s ease-in-out infinite}@keyframes pu{50%{transform:scale(1.05)}}',
  GLOW: '.a-GLOW .cb{animation:gl 2s ease-in-out infinite}@keyframes gl{50%{box-shadow:0 0 22px 6px var(--b)}}',
  BOUNCE:
    '.a-BOUNCE .cb{animation:bo 2s ease infinite}@keyframes bo{0%,20%,50%,80%,to{transform:none}40%{transform:translateY(-12px)}60%{transform:translateY(-6px)}}',
  SHIMMER:
    '.a-SHIMMER .cb{overflow:hidden}.a-SHIMMER .cb::after{content:"";position:absolute;inset:0;background:linear-gradient(110deg,transparent 35%,rgba(255,255,255,.5) 50%,transparent 65%);background-size:250% 100%;animation:sh 2.4s linear infinite}@keyframes sh{from{background-position:150% 0}to{background-position:-100% 0}}',
  GLITCH:
    '.a-GLITCH .cb{animation:gi 2.5s steps(1) infinite}@keyframes gi{0%,88%{transform:none;text-shadow:none}90%{transform:translate(-2px,1px);text-shadow:2px 0 #0ff,-2px 0 #f0f}93%{transform:translate(2px,-1px)}96%{transform:translate(-1px);text-shadow:-2px 0 #0ff,2px 0 #f0f}}',
  WOBBLE:
    '.a-WOBBLE .cb{animation:wo 2.4s ease-in-out infinite}@keyframes wo{0%,75%,to{transform:none}15%{transform:rotate(-4deg)}30%{transform:rotate(3deg)}45%{transform:rotate(-2deg)}60%{transform:rotate(1deg)}}',
  BUBBLY:
    '.a-BUBBLY .cb{animation:bu 2s ease-in-out infinite}@keyframes bu{0%,80%,to{transform:none}30%{transform:scale(1.08,.92)}45%{transform:scale(.95,1.05)}60%{transform:scale(1.03,.97)}}',
  PULSE_OUT:
    '.a-PULSE_OUT .cb::before{content:"";position:absolute;inset:0;border-radius:inherit;animation:po 1.8s ease-out infinite}@keyframes po{from{box-shadow:0 0 0 0 var(--b)}to{box-shadow:0 0 0 18px transparent}}',
}

/**
 * The CTA stylesheet with the animations `animations` use (each once) and, for a page, the rules
 * that keep its creatives' controls clear of its CTAs (`ctaClearCss`).
 */
export const ctaCss = (
  animations: readonly (string | null | undefined)[],
  clear?: Parameters<typeof ctaClearCss>,
): string =>
  [
    CTA_CSS,
    ...[...new Set(animations.map(animationOf))].map((a) => CTA_ANIMATION_CSS[a] ?? ''),
    clear ? ctaClearCss(...clear) : '',
  ].join('')
