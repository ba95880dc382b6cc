import { LANGUAGE_SEGMENTS } from '@swipe/shared/site/languages'
import { CTA_DEFAULTS } from '@swipe/shared/site/model-defaults'
import { INTERNAL_PAGES } from '@swipe/shared/site/urls'
import { BottomBar, CompanyDialog, ProductDialog } from '../blocks/BottomBar.tsx'
import { MemberTemplates, ProductTemplates } from '../blocks/Cell.tsx'
import { CONSENT_CSS, ConsentBanner } from '../blocks/Consent.tsx'
import {
  type ClearedPart,
  type CtaPosition,
  Ctas,
  ctaBands,
  type ctaClearCss,
  ctaPositionsOn,
} from '../blocks/Cta.tsx'
import { SIZES } from '../blocks/Picture.tsx'
import { TopBar } from '../blocks/TopBar.tsx'
import { BOOT_JS } from '../boot.ts'
import { isInline } from '../inline.ts'
import type { PageModel } from '../model.ts'
import { firstScreen, openingCell, openingIndex } from '../opening.ts'
import { noScriptCss, pageCss } from '../styles.ts'
import { Grid } from './Grid.tsx'

/**
 * Where the creator's head and body tags go. They are the only creator markup that is not escaped
 * (the builder validates them, SPEC §5); the placeholders are replaced after React has rendered
 * and escaped everything else, so no creator text can produce them.
 */
export const HEAD_SLOT = '<template data-creator-head=""></template>'
export const BODY_SLOT = '<template data-creator-body=""></template>'

export interface PageProps {
  model: PageModel
  /** URL of the island, loaded by the inline boot script (../boot.ts) after the first paint. */
  script: string
  siteId: string
  viewMode: 'MOBILE' | 'PC'
  /** How a creative meets a phone's screen (MOBILE view mode only): cover it or show the whole frame. */
  creativeFit: 'FILL' | 'FIT'
  analyticsEndpoint?: string | undefined
  /** Base path of the API the island calls (popup CTA clicks and live slots); none: no calls. */
  apiBase?: string | undefined
  publishedAt: string
  now: number
  /**
   * The URL of the page's cells file (docs/decisions/0074-first-screen-first.md): the page then
   * carries the first screen's cells whole (../opening.ts `firstScreen`) and the others as
   * placeholders the island fills from it. None: every cell whole (the console's preview).
   */
  cells?: string | undefined
}

/** Internal link targets whose page is enabled, and the path each opens (for the members' templates). */
const enabledInternalPages = (model: PageModel): Record<string, string> =>
  Object.fromEntries(
    Object.keys(INTERNAL_PAGES).flatMap((target) => {
      const link = model.link(target, true)
      return link ? [[target, link.href]] : []
    }),
  )

/**
 * The first creative's renditions (the start cell's on a page that has one, ../opening.ts),
 * preloaded with the srcset and sizes its `<picture>` uses (the best format's, with its type, so a
 * browser that cannot decode it skips the preload). A creative shown as uploaded is preloaded by
 * React itself (its eager, high-priority `<img>`); one whose AVIF is inside the page needs no
 * preload.
 */
const FirstCreativePreload = ({ model }: { model: PageModel }) => {
  const first = openingCell(model)
  const picture = first && !first.locked && !first.video ? first.picture : undefined
  if (!picture) return null
  const best = picture.sources[0]
  // A picture carried inside the page (../inline.ts) has arrived already.
  if (best && isInline(best.srcSet)) return null
  return (
    <link
      rel="preload"
      as="image"
      {...(best ? { type: best.type } : {})}
      imageSrcSet={best ? best.srcSet : picture.srcSet}
      imageSizes={SIZES.frame}
      fetchPriority="high"
    />
  )
}

/**
 * What keeps the page's creatives' controls clear of its CTAs (blocks/Cta.tsx `ctaClearCss`): each
 * position's band, and which parts its creatives have (a members-only creative that may open for a
 * member: all of them), so a page carries only the rules it uses.
 */
const ctaClearing = (model: PageModel): Parameters<typeof ctaClearCss> => {
  const present = new Set<string>()
  for (const cell of model.rows.flat()) {
    const c = cell.creative
    const parts: ClearedPart[] = cell.locked
      ? model.unlocks
        ? ['pt', 'pr', 'vt']
        : []
      : [
          ...(c.imageLinkPoints?.length ? (['pt'] as const) : []),
          ...(c.products?.length ? (['pr'] as const) : []),
          ...(cell.video ? (['vt'] as const) : []),
        ]
    for (const position of ctaPositionsOn(model.ctas, cell.order))
      for (const part of parts) present.add(`${position} ${part}`)
  }
  return [
    ctaBands(model.ctas),
    (position: CtaPosition, part: ClearedPart) => present.has(`${position} ${part}`),
  ]
}

/** One language's swipe page, the whole document. */
export const Page = ({
  model,
  script,
  siteId,
  viewMode,
  creativeFit,
  analyticsEndpoint,
  apiBase,
  publishedAt,
  now,
  cells,
}: PageProps) => {
  // The cells the page carries whole, when it leaves the others to its cells file.
  const whole = cells ? firstScreen(model) : undefined
  return (
    <html lang={model.htmlLang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover" />
        <title>{model.title}</title>
        {model.description && <meta name="description" content={model.description} />}
        {model.canonical && <link rel="canonical" href={model.canonical} />}
        {model.alternates.map((a) => (
          <link key={a.hrefLang} rel="alternate" hrefLang={a.hrefLang} href={a.href} />
        ))}
        <meta property="og:title" content={model.title} />
        {model.description && <meta property="og:description" content={model.description} />}
        {model.ogImage && <meta property="og:image" content={model.ogImage} />}
        <meta name="theme-color" content="#000000" />
        <link rel="icon" href={model.favicon ?? 'data:,'} />
        <FirstCreativePreload model={model} />
        <style>
          {pageCss(
            model.ctas.length ? model.ctas.map((c) => c.cta.animation ?? CTA_DEFAULTS.animation) : null,
            ctaClearing(model),
          )}
        </style>
        <noscript>
          <style>
            {noScriptCss(model.start ? { ...openingIndex(model), position: model.start } : undefined)}
          </style>
        </noscript>
        {model.tags?.consent === 'opt-in' && <style>{CONSENT_CSS}</style>}
        <template data-creator-head="" />
      </head>
      <body
        className={viewMode === 'PC' ? 'wide' : creativeFit === 'FILL' ? 'fill' : undefined}
        data-site={siteId}
        data-lang={LANGUAGE_SEGMENTS[model.lang]}
        data-root={model.root}
        {...(model.otherSegments.length ? { 'data-langs': model.otherSegments.join(' ') } : {})}
        data-published={publishedAt}
        data-island={script}
        {...(analyticsEndpoint ? { 'data-analytics-endpoint': analyticsEndpoint } : {})}
        {...(apiBase ? { 'data-api': apiBase } : {})}
        {...(model.unlocks ? { 'data-members': '' } : {})}
        // The ad tags' first-party file, loaded by the island after the first paint (client/tags.ts).
        {...(model.tags ? { 'data-tags': model.tags.script } : {})}
        // The cell the page was rendered to open on (../opening.ts): where the island starts.
        {...(model.start ? { 'data-start': model.start } : {})}
        // The rest of the grid's cells, which the island fetches after the first paint.
        {...(cells ? { 'data-cells': cells } : {})}
      >
        <div className="app">
          <TopBar model={model} />
          <Grid model={model} whole={whole}>
            <Ctas ctas={model.ctas} texts={model.texts} lang={model.lang} now={now} />
          </Grid>
          <BottomBar model={model} />
        </div>
        <CompanyDialog model={model} />
        <ConsentBanner model={model} />
        <ProductDialog model={model} />
        <ProductTemplates model={model} only={whole} />
        {model.unlocks && model.rows.some((row) => row.some((cell) => cell.locked)) && (
          <MemberTemplates texts={model.texts} pages={enabledInternalPages(model)} />
        )}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant boot script (../boot.ts), admitted by its CSP hash. */}
        <script dangerouslySetInnerHTML={{ __html: BOOT_JS }} />
        <template data-creator-body="" />
      </body>
    </html>
  )
}
