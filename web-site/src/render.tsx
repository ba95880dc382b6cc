import { type ContentLanguage, LANGUAGE_SEGMENTS } from '@swipe/shared/site/languages'
import { GLOBAL_SETTING_DEFAULTS } from '@swipe/shared/site/model-defaults'
import { isMemberPage } from '@swipe/shared/site/urls'
import { renderToStaticMarkup } from 'react-dom/server'
import { CellFill } from './blocks/Cell.tsx'
import { NoticePage } from './blocks/Consent.tsx'
import { FormPage } from './components/FormPage.tsx'
import { BODY_SLOT, HEAD_SLOT, Page } from './components/Page.tsx'
import { CLIENT_HASH, CLIENT_JS, FORMS_HASH, FORMS_JS, VITALS_HASH, VITALS_JS } from './generated/client.ts'
import { inlineCandidates as candidatesOf, withInlineFirst } from './inline.ts'
import { contentHash } from './lib/format.ts'
import { closedPagesOf, formPagesOf } from './lib/forms.ts'
import {
  defaultLanguageOf,
  NOTICE_PAGE,
  type PageModel,
  pageModel,
  publicMediaKeys,
  siteLanguages,
} from './model.ts'
import { firstScreen } from './opening.ts'
import type { PublishInput, RenderedFile } from './types.ts'

/** Cache policies: pages revalidate (a publish flips them), hashed files never change. */
export const CACHE_CONTROL = {
  page: 'public, max-age=0, must-revalidate',
  immutable: 'public, max-age=31536000, immutable',
} as const

const HTML = 'text/html; charset=utf-8'

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** A page that only sends the visitor on to `to` (no script: a refresh and a link). */
const redirectPage = (to: string, title: string) => {
  const target = escapeAttribute(to)
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="robots" content="noindex"><link rel="canonical" href="${target}"><meta http-equiv="refresh" content="0;url=${target}"><title>${escapeAttribute(title)}</title></head><body><a href="${target}">${target}</a></body></html>`
}

/**
 * The API base the island calls: the input's, else the analytics endpoint's base when it is the
 * API's own (`/api/v1/analytics/events` → `/api/v1`), else none (the page then calls no API).
 */
export const apiBaseOf = (input: Pick<PublishInput, 'apiBase' | 'analyticsEndpoint'>): string | undefined =>
  input.apiBase || /^(.*)\/analytics\/events$/.exec(input.analyticsEndpoint ?? '')?.[1] || undefined

/** The path of the client script inside a release. */
export const clientScriptPath = (): string => `assets/swipe.${CLIENT_HASH}.js`

/** The path of the form pages' script inside a release (its own file: the swipe page never loads it). */
export const formsScriptPath = (): string => `assets/forms.${FORMS_HASH}.js`

/**
 * The path of the Web Vitals script inside a release: beside the island, which names it by this
 * hash and loads it for sampled visits only (docs/decisions/0071-field-web-vitals.md).
 */
export const vitalsScriptPath = (): string => `assets/vitals.${VITALS_HASH}.js`

/** Where a language's swipe page lies in a release: the default language's at the root. */
export const swipePagePath = (lang: ContentLanguage, isDefault: boolean): string =>
  isDefault ? 'index.html' : `${LANGUAGE_SEGMENTS[lang]}/index.html`

/** The render's clock in milliseconds (`now`, else the publication instant). */
const renderTime = (input: PublishInput): number => {
  const value = input.now ?? input.publishedAt
  return value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value)
}

/**
 * A language's cells file (docs/decisions/0074-first-screen-first.md): what the island puts into
 * each placeholder cell (blocks/Cell.tsx `CellFill`), by position, as JSON. Every cell is in it
 * and none is its page's first creative, so the page and each of its start pages (an ad's own
 * creative first, ./opening.ts) share one file, named by its content. Members-only cells are their
 * lock, as in the page. None when no page of the language leaves a cell out (`firstScreen`).
 */
const renderCellsFile = (model: PageModel): { path: string; url: string; json: string } | undefined => {
  const cells = model.rows.flat()
  if (!cells.some((cell) => firstScreen({ rows: model.rows, start: cell.position }).size < cells.length))
    return undefined
  const json = JSON.stringify(
    Object.fromEntries(
      cells.map((cell) => [cell.position, renderToStaticMarkup(<CellFill model={model} cell={cell} />)]),
    ),
  )
  const path = `data/cells.${LANGUAGE_SEGMENTS[model.lang]}.${contentHash(json)}.json`
  return { path, url: `${model.root}${path}`, json }
}

/** `renderCellsFile`, once per model (the page and the release both ask). */
const cellsFiles = new WeakMap<PageModel, { path: string; url: string; json: string } | undefined>()
const cellsFileOf = (model: PageModel): { path: string; url: string; json: string } | undefined => {
  if (cellsFiles.has(model)) return cellsFiles.get(model)
  const file = renderCellsFile(model)
  cellsFiles.set(model, file)
  return file
}

/** One language's swipe page from its model, at its path in the release. */
const swipePageFile = (input: PublishInput, model: PageModel): RenderedFile => {
  const now = renderTime(input)
  const script = clientScriptPath()
  const apiBase = apiBaseOf(input)
  // The cells past the first screen come from the language's cells file, when the page leaves some out.
  const cells = firstScreen(model).size < model.rows.flat().length ? cellsFileOf(model)?.url : undefined
  const swipePage = (shown: PageModel) => {
    const markup = renderToStaticMarkup(
      <Page
        model={shown}
        script={`${shown.root}${script}`}
        siteId={input.site.id}
        viewMode={input.site.viewMode ?? GLOBAL_SETTING_DEFAULTS.viewMode}
        creativeFit={input.site.creativeFit ?? GLOBAL_SETTING_DEFAULTS.creativeFit}
        analyticsEndpoint={input.analyticsEndpoint}
        apiBase={apiBase}
        publishedAt={input.publishedAt}
        now={now}
        cells={cells}
      />,
    )
    // Replacer functions, so `$&` and friends in the creator's tags stay literal.
    return `<!DOCTYPE html>${markup
      .replace(HEAD_SLOT, () => shown.headTags)
      .replace(BODY_SLOT, () => shown.bodyTags)}`
  }
  // The first creative inside the page when the page still fits TCP's first window with it.
  const inlined = withInlineFirst(input, model)
  const carrying = inlined && swipePage(inlined)
  const html = carrying && input.inline?.fits(carrying) ? carrying : swipePage(model)
  return {
    path: swipePagePath(model.lang, model.lang === defaultLanguageOf(input)),
    contentType: HTML,
    body: html,
    cacheControl: CACHE_CONTROL.page,
  }
}

/**
 * One language's swipe page alone, as `renderSitePages` writes it (same path, same bytes): what a
 * publisher renders again with `startCell` for a page that opens on an ad's own creative (issue 34
 * "message match"). Its script, company texts and tags file are the site's (`renderSitePages`); the
 * first creative it could carry inside is `inlineCandidates` of the same input.
 */
export const renderSwipePage = (input: PublishInput, lang: ContentLanguage): RenderedFile =>
  swipePageFile(input, pageModel(input, lang))

/**
 * Renders a site for publishing (ARCHITECTURE decision 4): one static swipe page per language
 * (default language at `index.html`, others at `<ja|en|cn|kr>/index.html`), the client script,
 * each language's company texts, and a redirect from the default language's own segment to the
 * root, and each language's cells file (the cells its pages leave for the island to fill after the
 * first paint, docs/decisions/0074-first-screen-first.md). Each language's enabled visitor forms get their pages beside its swipe page
 * (`register/index.html`, `en/contact/index.html`…, see `FORM_PAGES`) and share a second script.
 * Pure: the same input gives the same files; nothing is read or written. With `startCell` the
 * swipe pages open on that cell (types.ts, ./opening.ts); every other file is the same.
 */
export const renderSitePages = (input: PublishInput): RenderedFile[] => {
  const formsScript = formsScriptPath()
  const script = clientScriptPath()
  const apiBase = apiBaseOf(input)
  let formPages = 0
  let tagsFile: { path: string; source: string } | undefined
  const files: RenderedFile[] = []
  const seen = new Set<string>()
  let root = '/'
  for (const lang of siteLanguages(input)) {
    const model = pageModel(input, lang)
    root = model.root
    const isDefault = lang === defaultLanguageOf(input)
    files.push(swipePageFile(input, model))
    const cells = cellsFileOf(model)
    if (cells)
      files.push({
        path: cells.path,
        contentType: 'application/json; charset=utf-8',
        body: cells.json,
        cacheControl: CACHE_CONTROL.immutable,
      })
    if (model.tags) {
      files.push({
        path: `${isDefault ? '' : `${LANGUAGE_SEGMENTS[lang]}/`}${NOTICE_PAGE}/index.html`,
        contentType: HTML,
        body: `<!DOCTYPE html>${renderToStaticMarkup(<NoticePage model={model} siteName={input.site.name} />)}`,
        cacheControl: CACHE_CONTROL.page,
      })
      tagsFile ??= { path: model.tags.file, source: model.tags.source }
    }
    const closedPages = closedPagesOf(model.forms)
    for (const page of [...formPagesOf(model.forms), ...closedPages]) {
      const path = `${isDefault ? '' : `${LANGUAGE_SEGMENTS[lang]}/`}${page}/index.html`
      // Members sign up and in on the site's own origin only: here, a way there (or nothing).
      if (model.membersAway && isMemberPage(page)) {
        if (model.members)
          files.push({
            path,
            contentType: HTML,
            body: redirectPage(model.page(page), input.site.name),
            cacheControl: CACHE_CONTROL.page,
          })
        continue
      }
      if (!closedPages.includes(page)) formPages++
      files.push({
        path,
        contentType: HTML,
        body: `<!DOCTYPE html>${renderToStaticMarkup(
          <FormPage
            model={model}
            page={page}
            script={`${model.root}${formsScript}`}
            siteId={input.site.id}
            apiBase={apiBase}
          />,
        )}`,
        cacheControl: CACHE_CONTROL.page,
      })
    }
    if (model.company && !seen.has(model.company.file)) {
      seen.add(model.company.file)
      files.push({
        path: model.company.file,
        contentType: 'application/json; charset=utf-8',
        body: model.company.json,
        cacheControl: CACHE_CONTROL.immutable,
      })
    }
  }
  const defaultSegment = LANGUAGE_SEGMENTS[defaultLanguageOf(input)]
  files.push({
    path: `${defaultSegment}/index.html`,
    contentType: HTML,
    body: redirectPage(root, input.site.name),
    cacheControl: CACHE_CONTROL.page,
  })
  files.push({
    path: script,
    contentType: 'text/javascript; charset=utf-8',
    body: CLIENT_JS,
    cacheControl: CACHE_CONTROL.immutable,
  })
  files.push({
    path: vitalsScriptPath(),
    contentType: 'text/javascript; charset=utf-8',
    body: VITALS_JS,
    cacheControl: CACHE_CONTROL.immutable,
  })
  if (tagsFile)
    files.push({
      path: tagsFile.path,
      contentType: 'text/javascript; charset=utf-8',
      body: tagsFile.source,
      cacheControl: CACHE_CONTROL.immutable,
    })
  if (formPages)
    files.push({
      path: formsScript,
      contentType: 'text/javascript; charset=utf-8',
      body: FORMS_JS,
      cacheControl: CACHE_CONTROL.immutable,
    })
  return files
}

/**
 * The storage keys of the small AVIF files the pages of `input` could carry inside (their first
 * creatives', src/inline.ts): the publisher reads them and passes their bytes as `input.inline`.
 */
export const inlineCandidates = (input: PublishInput): string[] =>
  candidatesOf(
    input,
    siteLanguages(input).map((lang) => pageModel(input, lang)),
  )

export { publicMediaKeys }
