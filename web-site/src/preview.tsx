import type { ContentLanguage } from '@swipe/shared/site/languages'
import { GLOBAL_SETTING_DEFAULTS } from '@swipe/shared/site/model-defaults'
import { renderToStaticMarkup } from 'react-dom/server'
import { BODY_SLOT, HEAD_SLOT, Page } from './components/Page.tsx'
import { CLIENT_JS } from './generated/client.ts'
import { pageModel } from './model.ts'
import type { PublishInput } from './types.ts'

/**
 * The preview of one language's swipe page (issue 16; docs/decisions/0030-preview-and-sharing.md):
 * the publish render's own page (the same blocks, CSS and island) for a draft, as one HTML
 * document the console shows in a sandboxed frame (`sandbox="allow-scripts"`: an opaque origin,
 * so nothing in it can reach the console's storage or the live site's cookies). Against the
 * published page it differs only where a preview must:
 * - it carries `noindex`, posts no analytics beacons and calls no API (no endpoint, no API base);
 * - the creator's own head and body tags and the ad tags (their file, the consent banner, the
 *   notice link) are left out (third-party scripts never run in a preview);
 * - "show membership" unlocks members-only creatives, "show CTA" off leaves popup CTAs out;
 * - a small first script gives the island the cookie and storage an opaque origin lacks (in
 *   memory, starting at `start`), reports the current cell to the console (`postMessage`
 *   `{ swipePreview: 'cell', cell }`), and keeps links from navigating the frame (it reports
 *   them: `{ swipePreview: 'link', href }`);
 * - the island and the company texts are inlined as `data:` URLs.
 */
export interface PreviewOptions {
  lang: ContentLanguage
  /** `unlocked`: members-only creatives are shown as a signed-in member sees them. */
  membership: 'locked' | 'unlocked'
  showCta: boolean
  /** The cell to start on (the one the creator is editing). */
  start?: string | undefined
  /** The render's clock (CTAs that have ended are left out). */
  now: number
}

/** The frame's first script (see above). Plain ES5; `START` is replaced with the start cell as JSON. */
const PREVIEW_SHIM = `(function(){var jar={};var s=START;if(s)jar.position_tab=s;
try{Object.defineProperty(document,'cookie',{configurable:true,get:function(){return Object.keys(jar).map(function(k){return k+'='+jar[k]}).join('; ')},set:function(v){var m=/^\\s*([^=;]+)=([^;]*)/.exec(v);if(!m)return;var k=m[1].trim();jar[k]=m[2];if(k=='position_tab')parent.postMessage({swipePreview:'cell',cell:decodeURIComponent(m[2])},'*')}})}catch(e){}
function mem(){var d={};return{getItem:function(k){return Object.prototype.hasOwnProperty.call(d,k)?d[k]:null},setItem:function(k,v){d[k]=String(v)},removeItem:function(k){delete d[k]},clear:function(){d={}},key:function(i){var k=Object.keys(d);return i<k.length?k[i]:null},get length(){return Object.keys(d).length}}}
try{Object.defineProperty(window,'localStorage',{configurable:true,value:mem()})}catch(e){}
try{Object.defineProperty(window,'sessionStorage',{configurable:true,value:mem()})}catch(e){}
document.addEventListener('click',function(e){var a=e.target&&e.target.closest&&e.target.closest('a[href]');if(!a)return;var h=a.getAttribute('href')||'';if(h.charAt(0)=='#')return;e.preventDefault();parent.postMessage({swipePreview:'link',href:h},'*')},true)})()`

const dataUrl = (type: string, text: string) => `data:${type};charset=utf-8,${encodeURIComponent(text)}`

/** The island as the frame loads it: encoded once, not on every keystroke's render. */
let islandUrl: string | undefined
const island = () => {
  islandUrl ??= dataUrl('text/javascript', CLIENT_JS)
  return islandUrl
}

/** `</script` cannot end the inline script early. */
const inlineScript = (code: string) => `<script>${code.replace(/<\/script/gi, '<\\/script')}</script>`

/** The preview's input: the draft as the preview shows it (membership, CTAs, no creator tags). */
export const previewInput = (input: PublishInput, options: PreviewOptions): PublishInput => ({
  ...input,
  site: {
    ...input.site,
    popupCtas: options.showCta ? input.site.popupCtas : [],
    // One language's page: no language switcher links to pages the frame cannot open.
  },
  creatives:
    options.membership === 'unlocked'
      ? input.creatives.map((c) => ({ ...c, membersOnlyLock: false }))
      : input.creatives,
  settings: input.settings.map((s) => (s.seo ? { ...s, seo: { ...s.seo, head: '', body: '' } } : s)),
  analyticsEndpoint: undefined,
  apiBase: undefined,
  now: options.now,
})

/** The whole HTML document of the preview of `options.lang`. */
export const renderPreview = (input: PublishInput, options: PreviewOptions): string => {
  const shown = previewInput(input, options)
  const model = pageModel(shown, options.lang)
  if (model.company)
    model.company = { ...model.company, data: dataUrl('application/json', model.company.json) }
  const markup = renderToStaticMarkup(
    <Page
      model={{ ...model, headTags: '', bodyTags: '', tags: null }}
      script={island()}
      siteId={input.site.id}
      viewMode={input.site.viewMode ?? GLOBAL_SETTING_DEFAULTS.viewMode}
      creativeFit={input.site.creativeFit ?? GLOBAL_SETTING_DEFAULTS.creativeFit}
      publishedAt={new Date(options.now).toISOString()}
      now={options.now}
    />,
  )
  const head = `<meta name="robots" content="noindex">${inlineScript(PREVIEW_SHIM.replace('START', JSON.stringify(options.start ?? null)))}`
  return `<!DOCTYPE html>${markup.replace(HEAD_SLOT, () => head).replace(BODY_SLOT, () => '')}`
}
