import { own } from './lib/own.ts'

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

const BASE = `*,::before,::after{box-sizing:border-box}
[hidden]{display:none!important}
html,body{margin:0;height:100%;overflow:hidden;overscroll-behavior:none}
body{font:15px/1.5 system-ui,-apple-system,"Hiragino Sans","Hiragino Kaku Gothic ProN","Noto Sans JP","Noto Sans CJK KR","Noto Sans SC",sans-serif;background:#111;color:#202020;-webkit-text-size-adjust:100%}
button{font:inherit;color:inherit;cursor:pointer}
a{color:inherit}
:focus-visible{outline:2px solid #fff;outline-offset:1px;box-shadow:0 0 0 4px #0b57d0}
.vh{position:absolute!important;width:1px;height:1px;margin:-1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.app{display:flex;flex-direction:column;height:100vh;height:100dvh;max-width:480px;margin:0 auto;background:#000}
.wide .app{max-width:none}
.tb,.bb{position:relative;z-index:3;display:flex;align-items:center;gap:4px;background:#fff;flex:0 0 48px;height:48px;padding:0 4px 0 12px}
.lo{display:block;width:160px;height:32px;margin-right:auto}
.lo img{display:block;width:100%;height:100%;object-fit:contain;object-position:left center}
.ic{width:24px;height:24px;fill:none;stroke:currentColor;stroke-width:1.8;stroke-linecap:round;stroke-linejoin:round;flex:none}
.dd{position:relative}
.dd>summary{list-style:none;display:grid;place-items:center;width:44px;height:44px;border-radius:8px;cursor:pointer}
.dd>summary::-webkit-details-marker{display:none}
.dd>div{position:absolute;right:0;top:46px;min-width:200px;max-height:70dvh;overflow:auto;background:#fff;border-radius:12px;box-shadow:0 8px 28px rgba(0,0,0,.25);padding:6px}
.dd ul,.bb ul{list-style:none;margin:0;padding:0}
.dd a{display:flex;align-items:center;min-height:44px;padding:0 12px;border-radius:8px;text-decoration:none}
.dd a:hover{background:#f2f2f2}
.dd a[aria-current]{font-weight:700}
#sw{position:relative;flex:1;min-height:0;overflow:hidden;touch-action:pinch-zoom;user-select:none;-webkit-user-select:none;-webkit-touch-callout:none}
.tr{height:100%;transform:translate3d(0,calc(var(--r,0)*-100% + var(--dy,0px)),0)}
.rw{display:flex;height:100%;transform:translate3d(calc(var(--c,0)*-100% + var(--dx,0px)),0,0)}
.an .tr,.an .rw{transition:transform .35s cubic-bezier(.2,.7,.2,1)}
.an .dg{transition:none}
.c{position:relative;flex:0 0 100%;height:100%;overflow:hidden;container-type:size;content-visibility:auto}
.st{position:absolute;inset:0;margin:auto;width:100%;height:100%;width:min(100cqw,65.6cqh);height:min(100cqh,152.42cqw);container-type:size;overflow:hidden}
.m{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;-webkit-user-drag:none}
.ov{position:absolute;left:0;right:0;bottom:0;display:flex;flex-direction:column;align-items:center;gap:2cqw;padding:14cqw 5cqw 5cqw;background:linear-gradient(transparent,rgba(0,0,0,.6));color:#fff;text-align:center;pointer-events:none}
.ov>*{margin:0;pointer-events:auto}
.tx{font-size:clamp(13px,4.3cqw,18px);white-space:pre-wrap;text-shadow:0 1px 3px rgba(0,0,0,.6)}
.pz{font-size:clamp(15px,5.2cqw,22px);font-weight:700;text-shadow:0 1px 3px rgba(0,0,0,.6)}
.bt{display:flex;align-items:center;justify-content:center;min-width:62%;min-height:44px;padding:8px 20px;border-radius:999px;font-weight:700;text-decoration:none;box-shadow:0 3px 10px rgba(0,0,0,.3)}
.na{flex-direction:column;gap:0;background:#5c5c5c;color:#fff;line-height:1.3;box-shadow:none;cursor:default}
.na small{font-size:12px;font-weight:400}
.pt{position:absolute;width:44px;height:44px;margin:-22px 0 0 -22px;border-radius:50%;border:2px solid rgba(255,255,255,.95);box-shadow:0 0 0 2px rgba(0,0,0,.35),inset 0 0 0 2px rgba(0,0,0,.2)}
.pr{position:absolute;max-width:62%;padding:5px 10px;border:0;border-radius:0 10px 10px 10px;font-size:clamp(11px,3.4cqw,14px);line-height:1.35;text-align:left;box-shadow:0 2px 8px rgba(0,0,0,.35)}
.pr b{display:block}
.lk{position:absolute;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;padding:24px;background:#1d1d1f;color:#fff;text-align:center}
.lk p{margin:0}
.lk .ic{width:40px;height:40px}
.lk a:not(.bt){display:inline-flex;align-items:center;min-height:44px}
.vt{position:absolute;right:8px;top:8px;display:grid;place-items:center;width:44px;height:44px;border:0;border-radius:50%;background:rgba(0,0,0,.45);color:#fff}
.ar button{position:absolute;z-index:2;display:grid;place-items:center;width:44px;height:44px;padding:0;border:0;background:none;color:var(--ac,#fff);opacity:.9;filter:drop-shadow(0 1px 2px rgba(0,0,0,.7))}
.ar .ic{width:30px;height:30px;stroke-width:2.4}
.ar .l{left:2px;top:50%;margin-top:-22px}.ar .l .ic{transform:rotate(180deg)}
.ar .r{right:2px;top:50%;margin-top:-22px}
.ar .u{top:2px;left:50%;margin-left:-22px}.ar .u .ic{transform:rotate(-90deg)}
.ar .d{bottom:2px;left:50%;margin-left:-22px}.ar .d .ic{transform:rotate(90deg)}
.fd button{animation:fd var(--fi,2s) ease-in-out infinite alternate}
@keyframes fd{to{opacity:.1}}
@media (hover:hover){#sw:not(:hover) .ar button:not(:focus-visible){opacity:0;animation:none}}
.bb{justify-content:space-between;gap:8px;padding:0 4px;overflow-x:auto;scrollbar-width:none}
.bb ul{display:flex;align-items:center;gap:2px;flex:none}
.bb li>*{display:grid;place-items:center;min-width:40px;height:40px;padding:0 6px;border:0;border-radius:8px;background:none;font-size:12px;text-decoration:none;white-space:nowrap}
.no-sns .sns,.no-co .co{visibility:hidden}
.dlg{width:min(92vw,460px);max-height:86dvh;padding:0;border:0;border-radius:16px;color:#202020;background:#fff;overscroll-behavior:contain}
.dlg[open]{display:flex;flex-direction:column}
.dlg::backdrop{background:rgba(0,0,0,.6)}
.dh{display:flex;align-items:center;gap:8px;padding:4px 4px 4px 16px;border-bottom:1px solid #e5e5e5}
.dh h2{flex:1;margin:0;font-size:16px}
.x{display:grid;place-items:center;width:44px;height:44px;border:0;border-radius:8px;background:none}
.db{overflow:auto;padding:16px}
[role=tablist]{display:flex;overflow-x:auto;border-bottom:1px solid #e5e5e5;scrollbar-width:none}
[role=tab]{flex:none;min-height:44px;padding:0 12px;border:0;border-bottom:3px solid transparent;background:none;font-size:13px}
[role=tab][aria-selected=true]{border-bottom-color:#202020;font-weight:700}
[role=tabpanel]{overflow:auto;padding:16px;white-space:pre-wrap;overflow-wrap:anywhere;font-size:14px;line-height:1.75}
.pd img{display:block;width:100%;height:auto;aspect-ratio:1;object-fit:contain;background:#f4f4f4;border-radius:10px}
.pd h3{margin:12px 0 4px;font-size:17px}
.pd p{margin:0 0 12px;white-space:pre-wrap}
.pd .bt{margin-top:4px}
.nc{display:grid;place-items:center;height:100%;color:#fff}
@media (prefers-reduced-motion:reduce){*,::before,::after{animation:none!important;transition:none!important}}
`

const CTA = `.ctas{position:absolute;left:0;right:0;z-index:2;display:flex;flex-direction:column;align-items:center;gap:8px;padding:0 8px;pointer-events:none}
.uc .ov{padding-bottom:calc(5cqw + 84px)}
.ctas.t{top:48px}.ctas.c{top:50%;transform:translateY(-50%)}.ctas.b{bottom:48px}
.cta{position:relative;width:min(92%,420px);pointer-events:auto}
.cta .cb{position:relative;display:flex;align-items:center;gap:10px;min-height:56px;padding:10px 48px 10px 14px;border-radius:14px;background:var(--b);color:var(--t);font-weight:700;text-decoration:none;box-shadow:0 6px 20px rgba(0,0,0,.35)}
.cta img{width:48px;height:48px;border-radius:8px;object-fit:cover;flex:none}
.cta small{display:block;font-size:12px;font-weight:400}
.cta .x{position:absolute;top:6px;right:2px;color:var(--t)}
.cta.fl .cb{animation:none;cursor:default}.cta.fl .cb::before,.cta.fl .cb::after{content:none}
`

/** One keyframe set per animation (SPEC §3 Popup CTA); applied to the CTA's link. */
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

/** Without the script, the rows and columns scroll natively (scroll snap) instead. */
export const NO_SCRIPT_CSS =
  '#sw{overflow:auto;scroll-snap-type:y mandatory;touch-action:auto;scrollbar-width:none}.rw{overflow-x:auto;scroll-snap-type:x mandatory;scroll-snap-align:start;scrollbar-width:none}.c{scroll-snap-align:start}.ar,.ctas{display:none}'

/** The CSS of a page: the base, plus the CTA styles and the animations its CTAs use. */
export const pageCss = (ctaAnimations: readonly string[] | null): string => {
  const animations = [...new Set(ctaAnimations ?? [])].map((a) => own(CTA_ANIMATION_CSS, a) ?? '')
  return [BASE, ctaAnimations ? CTA : '', ...animations].join('').replace(/\n/g, '')
}

/**
 * The visitor form pages' CSS (register, login, contact, forms and their success pages), inlined
 * like the swipe page's. The document scrolls; the column is the swipe page's 480 px. Every colour
 * pair reaches WCAG 4.5:1; controls are at least 44 px high; focus is always visible.
 */
export const FORM_CSS = `*,::before,::after{box-sizing:border-box}
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
.f{min-width:0;margin:0 0 18px;padding:0;border:0}
.f>label:not(.ck),.f>legend{display:block;margin:0 0 6px;padding:0;font-weight:700}
.rq{margin-left:6px;padding:1px 6px;border-radius:4px;background:#b3261e;color:#fff;font-size:11px;vertical-align:2px}
.f input:not([type=checkbox]),.f select{display:block;width:100%;min-height:44px;padding:8px 12px;border:1px solid #767676;border-radius:8px;background:#fff;color:inherit;font:inherit}
.f [aria-invalid=true]{border:2px solid #b3261e}
.ck{display:flex;align-items:center;gap:10px;min-height:44px}
.ck input{flex:none;width:20px;height:20px;margin:0;accent-color:#202020}
.er{margin:6px 0 0;color:#b3261e;font-size:13px;font-weight:700}
.er:empty{display:none}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.co{margin:0 0 18px}
.co details{margin:0 0 8px;border:1px solid #d9d9d9;border-radius:8px}
.co summary{display:flex;align-items:center;justify-content:space-between;min-height:44px;padding:0 12px;cursor:pointer;list-style:none}
.co summary::-webkit-details-marker{display:none}
.co summary::after{content:"+";font-size:18px}
.co [open]>summary::after{content:"−"}
.co details>div{max-height:40vh;overflow:auto;padding:0 12px 12px;font-size:13px;white-space:pre-wrap;overflow-wrap:anywhere}
.ms{min-height:1.6em;font-weight:700}
.ms.bad{color:#b3261e}
.sb,.bt{display:flex;align-items:center;justify-content:center;width:100%;min-height:48px;padding:10px 20px;border:0;border-radius:999px;background:#202020;color:#fff;font:inherit;font-weight:700;text-decoration:none;cursor:pointer}
.sb:disabled{opacity:.65;cursor:progress}
.al{margin:20px 0 0;text-align:center}
.al a{display:inline-flex;align-items:center;min-height:44px}
`.replace(/\n/g, '')
