import { BOTTOM_BAR_CSS, DIALOG_CSS } from './blocks/BottomBar.tsx'
import { BLOCK_BASE_CSS, BLOCK_MOTION_CSS } from './blocks/base.ts'
import { CELL_CSS, PRODUCT_CARD_CSS } from './blocks/Cell.tsx'
import { CTA_ANIMATION_CSS, type ctaClearCss, ctaCss } from './blocks/Cta.tsx'
import { FORM_FIELD_CSS } from './blocks/FormField.tsx'
import { FORM_SUBMIT_CSS } from './blocks/FormSubmit.tsx'
import { TOP_BAR_CSS } from './blocks/TopBar.tsx'

/**
 * The visitor page's CSS, inlined into each page (one request fewer before the first paint; a few
 * KB that compress well). Only the parts a site uses are included. Every size that could move
 * something is fixed before any image or script arrives (CLS 0): the bars have fixed heights, each
 * creative fills the viewport, and its frame keeps SPEC §9's 351 × 535 proportions.
 *
 * Layout: `.app` is one full-height column (100dvh, so it fits whether the phone's address bar
 * shows or not). `#sw` is the swipe viewport; `.tr` holds the rows and moves vertically by
 * `--r` rows; each `.rw` holds its columns and moves horizontally by its own `--c`.
 */

/** The page's frame: the document, the column, the swipe viewport and its rows. */
const PAGE = `html,body{margin:0;height:100%;overflow:hidden;overscroll-behavior:none}
body{font:15px/1.5 system-ui,-apple-system,"Hiragino Sans","Hiragino Kaku Gothic ProN","Noto Sans JP","Noto Sans CJK KR","Noto Sans SC",sans-serif;background:#111;color:#202020;-webkit-text-size-adjust:100%}
.app{display:flex;flex-direction:column;height:100vh;height:100dvh;max-width:480px;margin:0 auto;background:#000}
.wide .app{max-width:none}
`

const GRID = `#sw{position:relative;flex:1;min-height:0;overflow:hidden;touch-action:pinch-zoom;user-select:none;-webkit-user-select:none;-webkit-touch-callout:none}
.tr{height:100%;transform:translate3d(0,calc(var(--r,0)*-100% + var(--dy,0px)),0)}
.rw{display:flex;height:100%;transform:translate3d(calc(var(--c,0)*-100% + var(--dx,0px)),0,0)}
.an .tr,.an .rw{transition:transform .35s cubic-bezier(.2,.7,.2,1)}
.an .dg{transition:none}
`

/**
 * Creative fit FILL (the default; docs/decisions/0024-creative-frame-on-phones.md): on a tall phone
 * screen (portrait, at most 480 px wide, at least twice as high as wide) the frame grows until it
 * covers its slide, keeping 351:535, so the media has no bands; the slide crops its sides. Points
 * and products keep their places on the frame (percentages of it, so on the media too) but are
 * pulled inside the visible width (`--l`, their left), and the texts, button and video toggle
 * stay within the screen. On such a phone the slide is the screen's width (`.app` is at most
 * 480 px), hence `vw`. The slide is at least 2w − the bars high, more than 535/351 w: never cropped
 * above or below. FIT, wider screens and PC view mode keep the whole frame, centred.
 */
const FILL = `@media (max-width:480px) and (max-aspect-ratio:1/2){
.fill .st{inset:auto;left:50%;top:50%;width:max(100cqw,65.61cqh);height:max(100cqh,152.42cqw);translate:-50% -50%}
.fill .ov{left:calc(50% - 50vw);right:calc(50% - 50vw)}
.fill .vt{right:calc(50% - 50vw + 8px)}
.fill .pt{left:clamp(calc(50% - 50vw + 24px),var(--l),calc(50% + 50vw - 24px))!important}
.fill .pr{left:clamp(calc(50% - 50vw + 4px),var(--l),calc(50% + 50vw - 124px))!important}
}
`

/** The swipe arrows and the empty page's notice. */
const ARROWS = `.ar button{position:absolute;z-index:2;display:grid;place-items:center;width:44px;height:44px;padding:0;border:0;background:none;color:var(--ac,#fff);opacity:.9;filter:drop-shadow(0 1px 2px rgba(0,0,0,.7))}
.ar .ic{width:30px;height:30px;stroke-width:2.4}
.ar .l{left:2px;top:50%;margin-top:-22px}.ar .l .ic{transform:rotate(180deg)}
.ar .r{right:2px;top:50%;margin-top:-22px}
.ar .u{top:2px;left:50%;margin-left:-22px}.ar .u .ic{transform:rotate(-90deg)}
.ar .d{bottom:2px;left:50%;margin-left:-22px}.ar .d .ic{transform:rotate(90deg)}
.fd button{animation:fd var(--fi,2s) ease-in-out infinite alternate}
@keyframes fd{to{opacity:.1}}
@media (hover:hover){#sw:not(:hover) .ar button:not(:focus-visible){opacity:0;animation:none}}
.nc{display:grid;place-items:center;height:100%;color:#fff}
`

/**
 * The swipe page's stylesheet without the CTAs: the base, the frame, and each block's own
 * stylesheet (blocks/*), in the order their rules were written.
 */
const BASE = [
  BLOCK_BASE_CSS,
  PAGE,
  TOP_BAR_CSS,
  GRID,
  CELL_CSS,
  FILL,
  ARROWS,
  BOTTOM_BAR_CSS,
  DIALOG_CSS,
  PRODUCT_CARD_CSS,
  BLOCK_MOTION_CSS,
].join('')

export { BLOCK_BASE_CSS, CTA_ANIMATION_CSS }

/**
 * Without the script, the rows and columns scroll natively (scroll snap) instead. The cells a page
 * leaves for the island to fill (docs/decisions/0074-first-screen-first.md) stay empty: they go,
 * and so does a row of them, so the scrollers hold the cells the page carries (a rule of its own:
 * a browser without `:has` drops only it).
 */
export const NO_SCRIPT_CSS =
  '#sw{overflow:auto;scroll-snap-type:y mandatory;touch-action:auto;scrollbar-width:none}.rw{overflow-x:auto;scroll-snap-type:x mandatory;scroll-snap-align:start;scrollbar-width:none}.c{scroll-snap-align:start}.ar,.ctas,.c:empty{display:none}.rw:not(:has(>.c:not(:empty))){display:none}'

/**
 * The no-script CSS of a page. A page that opens away from its first creative (a start cell,
 * ../opening.ts, at `row` of the rows and `column` of its row) is moved there by the track's and
 * row's transforms; without the script those would put the cells before it out of the scrollers'
 * reach, so they go, and the scrollers open at the start cell instead where the browser knows
 * `scroll-initial-target` (elsewhere they open at the first creative, every cell in reach).
 */
export const noScriptCss = (start?: { row: number; column: number; position: string }): string =>
  start && (start.row || start.column)
    ? `${NO_SCRIPT_CSS}.tr,.rw{transform:none}#${start.position},.rw:has(#${start.position}){scroll-initial-target:nearest}`
    : NO_SCRIPT_CSS

/**
 * The CSS of a page: the base, plus the CTA block's styles, the animations its CTAs use and the
 * rules that keep its creatives' controls clear of them (`ctaClearCss`).
 */
export const pageCss = (
  ctaAnimations: readonly string[] | null,
  ctaClear?: Parameters<typeof ctaClearCss>,
): string => (BASE + (ctaAnimations ? ctaCss(ctaAnimations, ctaClear) : '')).replace(/\n/g, '')

/**
 * The visitor form pages' CSS (register, login, contact, forms and their success pages), inlined
 * like the swipe page's. The document scrolls; the column is the swipe page's 480 px. Every colour
 * pair reaches WCAG 4.5:1; controls are at least 44 px high; focus is always visible.
 */
export const FORM_CSS = `*,::before,::after{box-sizing:border-box}
.st{white-space:pre-line}
[hidden]{display:none!important}
body{margin:0;font:15px/1.6 system-ui,-apple-system,"Hiragino Sans","Hiragino Kaku Gothic ProN","Noto Sans JP","Noto Sans CJK KR","Noto Sans SC",sans-serif;background:#f2f2f3;color:#202020;-webkit-text-size-adjust:100%}
a{color:#0b57d0}
:focus-visible{outline:2px solid #0b57d0;outline-offset:2px}
.vh{position:absolute!important;width:1px;height:1px;margin:-1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.tb{position:sticky;top:0;z-index:1;display:flex;align-items:center;gap:8px;height:48px;padding:0 4px 0 12px;background:#fff;border-bottom:1px solid #e5e5e5}
.lo{display:block;width:160px;height:32px;margin-right:auto;overflow:hidden;color:#202020;font-weight:700;line-height:32px;white-space:nowrap;text-overflow:ellipsis;text-decoration:none}
.lo img{display:block;width:100%;height:100%;object-fit:contain;object-position:left center}
.bk{display:inline-flex;align-items:center;min-height:44px;padding:0 8px;color:#202020;font-size:14px}
main{max-width:480px;min-height:calc(100dvh - 48px);margin:0 auto;padding:24px 16px 48px;background:#fff}
h1{margin:0 0 8px;font-size:22px;line-height:1.4}
h1:focus{outline:none}
h2{margin:28px 0 8px;font-size:17px}
p{margin:0 0 16px}
.ld{color:#505050}
form{margin:20px 0 0}
${FORM_FIELD_CSS}.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.co{margin:0 0 18px}
.co details{margin:0 0 8px;border:1px solid #d9d9d9;border-radius:8px}
.co summary{display:flex;align-items:center;justify-content:space-between;min-height:44px;padding:0 12px;cursor:pointer;list-style:none}
.co summary::-webkit-details-marker{display:none}
.co summary::after{content:"+";font-size:18px}
.co [open]>summary::after{content:"−"}
.co details>div{max-height:40vh;overflow:auto;padding:0 12px 12px;font-size:13px;white-space:pre-wrap;overflow-wrap:anywhere}
.ms{min-height:1.6em;font-weight:700}
.ms.bad{color:#b3261e}
${FORM_SUBMIT_CSS}.al{margin:20px 0 0;text-align:center}
.al a{display:inline-flex;align-items:center;min-height:44px}
`.replace(/\n/g, '')
