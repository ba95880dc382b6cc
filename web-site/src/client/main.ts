/**
 * The swipe page's island: the only script a visitor downloads (a module, so it never blocks
 * rendering). The page is complete without it; it adds swiping, position memory, the language
 * switch, videos that play only while visible, auto-advance, the arrows' colour and fade, popup
 * CTAs (counted clicks and live slots from the API), the product card, the company modal,
 * members-only creatives for a signed-in member, and analytics beacons.
 */
import { CELL_PATTERN } from '@swipe/shared/site/cells'
import { countdownText } from '@swipe/shared/site/countdown'
import { isCtaActive } from '@swipe/shared/site/cta'
import { languageOfSegment } from '@swipe/shared/site/languages'
import { CREATIVE_DEFAULTS } from '@swipe/shared/site/model-defaults'
import { cookiePath } from '@swipe/shared/site/urls'
import { storedVitalsDraw, VITALS_SAMPLE_KEY, VITALS_SAMPLE_RATE } from '@swipe/shared/site/vitals'
import { slideLabel } from '../blocks/cell-parts.ts'
import { fillCompanyPanels, setUpTabs } from '../blocks/company.ts'
import { SIZES } from '../blocks/renditions.ts'
import { createDwell, createQueue, leavesPage } from './analytics.ts'
import { type ApiAnswer, apiUrl, type PathsOf, type Refusal } from './api.ts'
import { noteLanding } from './attribution.ts'
import { setUpConsent } from './consent.ts'
import { openDialog, setUpDialog } from './dialogs.ts'
import { dropHint, forgetOldTokens, signedIn } from './endUser.ts'
import { openLockedCell } from './members.ts'
import { showNotices } from './notices.ts'
import { showPicture, takeDeferredPicture } from './pictures.ts'
import { readCookie, readStored, store, writeCookie } from './storage.ts'
import { createSwipe, startingCell, type Via } from './swipe.ts'
import { loadTags, type TagEvent, tagEvent } from './tags.ts'
import type { VitalsReport } from './vitals.ts'

/** The Web Vitals script's file beside this one (`vitals.<hash>.js`), set when the island is bundled. */
declare const VITALS_FILE: string | undefined

const $ = <T extends Element = HTMLElement>(selector: string, root: ParentNode = document) =>
  root.querySelector<T>(selector)
const $$ = <T extends Element = HTMLElement>(selector: string, root: ParentNode = document) => [
  ...root.querySelectorAll<T>(selector),
]

/**
 * Loads a cell's deferred media: an image's renditions as `<picture>` sources and its srcset
 * (issue 22, set before its fallback `src`, so it picks its rendition first; deferred images are
 * creatives' frames), the original of one without renditions, a video's poster.
 */
const reveal = (cell: ParentNode) => {
  for (const img of $$<HTMLImageElement>('img[data-src]', cell)) {
    const picture = takeDeferredPicture(img)
    if (picture) showPicture(img, picture, SIZES.frame)
    else {
      img.src = img.dataset.src!
      img.removeAttribute('data-src')
    }
  }
  for (const video of $$<HTMLVideoElement>('video[data-poster]', cell)) {
    video.poster = video.dataset.poster!
    video.removeAttribute('data-poster')
  }
}

const body = document.body
const data = body.dataset
const lang = languageOfSegment(data.lang) ?? 'JP'
const path = cookiePath(data.root ?? '/')
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)').matches

/** The end-user routes the island calls (each path checked against the route table). */
const PATHS: PathsOf<{ site: 'endUser.site'; ctas: 'endUser.ctas'; ctaClick: 'endUser.ctaClick' }> = {
  site: '/end-user/site/{siteId}',
  ctas: '/end-user/site/{siteId}/cta',
  ctaClick: '/end-user/site/{siteId}/cta/{ctaIndex}/click',
}

/** The site's end-user API (`data-api` on <body>), when the publisher named one: same origin. */
const siteApi = data.api && data.site ? apiUrl(data.api, PATHS.site, { siteId: data.site }) : undefined

// --- members-only creatives ---------------------------------------------------------------------
// A site with ad tags: its tags file, now that the page is up (./tags.ts), and the consent banner
// for a visitor who has not chosen (./consent.ts); the tags file waits for the answer.
loadTags(data.tags)
setUpConsent()
// Where this visit came from, for a conversion on a form page (./attribution.ts).
noteLanding()
/**
 * Ask for members-only creatives only on the site's own origin (`data-members`: never on the
 * shared path-form host) and only while the sign-in hint says a session may exist.
 */
let member = Boolean(siteApi && 'members' in data && signedIn(data.site!))
const opening = new WeakSet<Element>()

/**
 * Opens a locked creative for a signed-in member (once per cell). A 401 means the session is no
 * longer good: the hint is dropped and the locks stay (SPEC §8). Any other failure leaves the lock.
 */
const openForMember = (cell: HTMLElement) => {
  if (!member || opening.has(cell) || !cell.querySelector('.lk')) return
  opening.add(cell)
  openLockedCell(cell, data.api!, data.site!, data.lang ?? '').then(
    (status) => {
      if (status !== 401) return
      dropHint(data.site!)
      member = false
    },
    () => opening.delete(cell),
  )
}

/**
 * Gives the browser its turn (input, a frame) between parts of the island's work, so none of it is
 * a long task: the rest runs in a new task.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

// --- the rest of the grid ----------------------------------------------------------------------
/** The cells file's markup by position, once it has come. */
let cellsMarkup: Record<string, string> | undefined
let cellsLoad: Promise<void> | undefined
/** Puts a cell the page left out into its empty slide, once the cells file has come, and labels it. */
const fillCell = (cell: Element) => {
  if (!cellsMarkup || cell.firstChild) return
  cell.innerHTML = cellsMarkup[cell.id] ?? ''
  cell.setAttribute('aria-label', slideLabel(cell.id, (cell as HTMLElement).dataset.o!))
}
/** How long one task of the grid's fill may run (ms): a quarter of a long task on a phone 4× slower. */
const FILL_SLICE_MS = 4
/**
 * The cells the page left out (docs/decisions/0074-first-screen-first.md): empty slides of their
 * final size, filled from the page's cells file (`data-cells`, the cell block's markup by
 * position, as the page would carry it). Fetched once, when the grid starts (after the first
 * paint); then filled in order, in tasks of at most `FILL_SLICE_MS` (no long task), the current
 * cell and its neighbours at once (`then`). A fetch that fails is tried again on the next move.
 */
const loadCells = (then: () => void) => {
  const url = data.cells
  if (!url) return
  cellsLoad ??= fetch(url)
    .then((response) => response.json())
    .then((markup: Record<string, string>) => {
      delete data.cells
      cellsMarkup = markup
      const cells = $$('.rw').flatMap((row) => [...row.children])
      const fill = async () => {
        while (cells.length) {
          await nextTask()
          const until = performance.now() + FILL_SLICE_MS
          while (cells.length && performance.now() < until) fillCell(cells.shift()!)
        }
      }
      void fill()
    })
  cellsLoad.then(then, () => {
    cellsLoad = undefined
  })
}

/** An applicant-limit CTA's link waits this long for the server's count, then is followed anyway. */
const CLICK_WAIT_MS = 1_500
/** How long a CTA shows that it is full before it goes. */
const FULL_SHOWN_MS = 3_000

// --- analytics ---------------------------------------------------------------------------------
/** The current cell: until the grid starts, the one the page was rendered to show (`data-start`). */
let position = data.start || 'A1'
/** The creatives this visit has reached (a creative's reach counts each visit once). */
const seen = new Set<string>()

/** Where the visit came from: another site's host and the landing URL's UTM parameters. */
const landingSource = () => {
  const source: Record<string, string> = {}
  try {
    const host = document.referrer ? new URL(document.referrer).host : ''
    if (host && host !== location.host) source.ref = host
  } catch {
    // No readable referrer: a direct visit.
  }
  const query = new URLSearchParams(location.search)
  for (const key of ['utm_source', 'utm_medium', 'utm_campaign']) {
    const value = query.get(key)?.slice(0, 100)
    if (value) source[key] = value
  }
  return source
}
/** Set while the island itself re-clicks a link it held back, so the click is not handled twice. */
let replaying = false

/** Sends one batch: a beacon (text/plain JSON: no preflight), else a keepalive fetch. */
const send = (endpoint: string, body: string) => {
  try {
    if (navigator.sendBeacon?.(endpoint, body)) return
  } catch {
    // A beacon the browser refuses goes by fetch.
  }
  fetch(endpoint, { method: 'POST', body, keepalive: true }).catch(() => {})
}
const endpoint = data.analyticsEndpoint
const beacons = endpoint ? createQueue((body) => send(endpoint, body)) : undefined

/** The analytics events that are also the ad tags' events (./tags.ts), and which. */
const tagEventOf = (event: string, detail?: object): TagEvent | undefined => {
  if (event === 'view' || (event === 'swipe' && (detail as { first?: boolean } | undefined)?.first))
    return 'cellReached'
  if (event === 'click') {
    const target = (detail as { target?: string } | undefined)?.target
    return target === 'cta' ? 'ctaClick' : target === 'link' ? 'linkClick' : undefined
  }
  return undefined
}

/**
 * Queues an event for the analytics endpoint named on <body>, if any; batches go out together. The
 * events the ad tags know go to them too, after consent (./tags.ts).
 */
export const track = (event: string, detail?: object) => {
  beacons?.push({ site: data.site, lang: data.lang, event, position, ...detail, at: Date.now() })
  const tag = tagEventOf(event, detail)
  if (tag) tagEvent(tag, { cell: position })
}

// Time on each creative, while the page is visible; hiding or leaving the page sends what is queued.
const dwell = createDwell()
const leave = () => {
  const last = dwell.pause(Date.now())
  if (last) track('dwell', last)
  beacons?.flush()
}
document.addEventListener('visibilitychange', () => {
  if (document.hidden) leave()
  else dwell.resume(Date.now())
})
addEventListener('pagehide', leave)
addEventListener('pageshow', () => {
  if (!document.hidden) dwell.resume(Date.now())
})
// A link about to replace the page (./analytics.ts `leavesPage`): the dwell so far and what is
// queued go now, while the page can still send them itself. On window, so every handler of the
// document has had its chance to cancel the click. Should the page stay after all (a download),
// the visitor's next touch or key starts the dwell again.
addEventListener('click', (e) => {
  const link = (e.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href]')
  if (!leavesPage(e, link, location.href)) return
  leave()
  for (const type of ['pointerdown', 'keydown'])
    addEventListener(type, () => !document.hidden && dwell.resume(Date.now()), { capture: true, once: true })
})

/** Runs `task` once the page has loaded and the browser is idle: nothing here may delay the page. */
const whenIdle = (task: () => void) => {
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(task, { timeout: 3_000 }) : setTimeout(task, 200)
  if (document.readyState === 'complete') idle()
  else addEventListener('load', idle, { once: true })
}

/**
 * Field Web Vitals (docs/decisions/0071-field-web-vitals.md) of one browser session in ten: the
 * session's draw is kept in session storage, so a session is measured on every page or none.
 * Once the page is up and idle, a sampled page fetches the `web-vitals` script (a file of its own:
 * the island stays small) and queues each metric with the other beacons; one settled while the
 * page is hidden goes at once, as the page may not come back. First-party, like every beacon.
 * Started after the grid, so the landing view is always the first batch.
 */
const measureVitals = () => {
  if (!beacons || typeof VITALS_FILE !== 'string') return
  const file = VITALS_FILE
  whenIdle(() => {
    let draw = Math.random()
    try {
      const stored = storedVitalsDraw(sessionStorage.getItem(VITALS_SAMPLE_KEY))
      if (stored === undefined) sessionStorage.setItem(VITALS_SAMPLE_KEY, String(draw))
      else draw = stored
    } catch {
      // No session storage: this page draws alone.
    }
    if (draw < VITALS_SAMPLE_RATE)
      import(new URL(file, import.meta.url).href).then(
        ({ measure }: { measure: (report: VitalsReport) => void }) =>
          measure((metric, value) => {
            track('vitals', { metric, value })
            if (document.hidden) beacons.flush()
          }),
        () => {},
      )
  })
}

/**
 * The grid starts once the page has loaded (the first creative's image included) and painted: the
 * page shows the first creative as rendered, so the island's set-up never delays the first and
 * largest paint (a returning visitor's position is restored right after it). In two tasks: the
 * grid in place and the page view sent, then the controls' handlers (`nextTask`).
 */
const startSwipe = async () => {
  const viewport = $('#sw')
  const track_ = $('.tr', viewport ?? document)
  const rows = $$('.rw')

  if (viewport && track_ && rows.length) {
    const arrows = $('.ar')
    const bar = $('#bb')
    const status = $('#st')
    const ctas = $$('.cta')
    const dismissed = new Set<string>()
    /** CTAs reported as shown (once each per page view). */
    const shown = new Set<string>()
    /** The server's clock less ours, once the live CTA state has told it. */
    let skew = 0
    let autoTimer: ReturnType<typeof setTimeout> | undefined
    let holding = false

    // --- popup CTAs: dates, sheets and slots (SPEC §4), countdown kept current ------------------
    const refreshCtas = () => {
      const now = Date.now() + skew
      const order = Number(swipe.current().dataset.o)
      for (const cta of ctas) {
        const d = cta.dataset
        const wasHidden = cta.hidden
        cta.hidden =
          dismissed.has(d.cta!) ||
          !isCtaActive(
            {
              startDate: d.start,
              endDate: d.end,
              effectiveSheets: (d.sheets ?? '').split(',').filter(Boolean).map(Number),
              kind: d.kind,
              remaining: d.left === undefined ? undefined : Number(d.left),
            },
            now,
            order,
          )
        const countdown = $('[data-cd]', cta)
        if (countdown) countdown.textContent = countdownText(d.end, now, lang)
        if (wasHidden && !cta.hidden && !shown.has(d.cta!)) {
          shown.add(d.cta!)
          track('cta', { cta: Number(d.cta) })
        }
      }
    }

    /** Closes a CTA for the rest of the visit; focus inside it moves to the creative. */
    const closeCta = (cta: HTMLElement) => {
      const hadFocus = cta.contains(document.activeElement)
      dismissed.add(cta.dataset.cta!)
      cta.hidden = true
      if (hadFocus) swipe.current().focus({ preventScroll: true })
    }

    /** An applicant-limit CTA's slots left, as the server counts them. */
    const setSlots = (cta: HTMLElement, remaining: number) => {
      cta.dataset.left = String(remaining)
      const slots = $('[data-sl]', cta)
      if (slots?.dataset.sl) slots.textContent = slots.dataset.sl.replace('{n}', String(remaining))
    }

    /** Someone else took the last slot: the CTA says so for a moment, then goes. */
    const showFull = (cta: HTMLElement, link: HTMLElement) => {
      const text = cta.dataset.full ?? ''
      cta.classList.add('fl')
      link.setAttribute('aria-disabled', 'true')
      const note = $('[data-sl]', cta) ?? $('span', cta)?.appendChild(document.createElement('small'))
      if (note) note.textContent = text
      if (status) status.textContent = text
      setTimeout(() => closeCta(cta), FULL_SHOWN_MS)
    }

    /**
     * Live slots (GET …/cta): CTAs the server no longer runs (ended, full, removed) go; the others
     * take its slot counts and its clock. Once, after the page has loaded.
     */
    const refreshSlots = async () => {
      try {
        const url = apiUrl(data.api!, PATHS.ctas, { siteId: data.site! })
        const response = await fetch(`${url}?lang=${data.lang ?? ''}`, { cache: 'no-store' })
        if (!response.ok) return
        const answer = (await response.json()) as Partial<ApiAnswer<'endUser.ctas'>>
        const serverNow = Date.parse(answer.now ?? '')
        if (serverNow) skew = serverNow - Date.now()
        const live = new Map((answer.ctas ?? []).map((c) => [String(c.index), c]))
        for (const cta of ctas) {
          const state = live.get(cta.dataset.cta!)
          // Not active now and not waiting for its start: it will not show on this visit.
          if (!state || (!state.active && !(Date.parse(state.start_date ?? '') > serverNow))) {
            dismissed.add(cta.dataset.cta!)
          } else if (typeof state.remaining === 'number') setSlots(cta, state.remaining)
        }
        refreshCtas()
      } catch {
        // The slots as published stay.
      }
    }

    // --- videos play only while visible (and the visitor has not paused them) --------------------
    const visible = new Set<Element>()
    const syncVideo = (video: HTMLVideoElement) => {
      if (visible.has(video) && !document.hidden && !video.dataset.paused) video.play().catch(() => {})
      else video.pause()
    }
    const observer =
      'IntersectionObserver' in window
        ? new IntersectionObserver(
            (entries) => {
              for (const entry of entries) {
                if (entry.isIntersecting && entry.intersectionRatio >= 0.6) visible.add(entry.target)
                else visible.delete(entry.target)
                syncVideo(entry.target as HTMLVideoElement)
              }
            },
            { threshold: [0, 0.6] },
          )
        : undefined
    /** Watches the videos in `root` (a cell filled later is watched when it is reached: `warm`). */
    const watchVideos = (root: ParentNode = document) => {
      for (const video of $$('video.m', root)) observer?.observe(video)
    }
    watchVideos()
    document.addEventListener('visibilitychange', () => {
      for (const video of $$<HTMLVideoElement>('video.m')) syncVideo(video)
    })

    // --- moving ----------------------------------------------------------------------------------
    /**
     * Loads the current creative's image and its neighbours' (the page ships only the first),
     * filling them first when the page left them out (`loadCells`, then again once it has them).
     */
    const warm = () => {
      loadCells(warm)
      for (const cell of [swipe.current(), ...swipe.neighbours()]) {
        fillCell(cell)
        watchVideos(cell)
        openForMember(cell)
        reveal(cell)
      }
    }

    const scheduleAuto = () => {
      clearTimeout(autoTimer)
      const seconds = Number(swipe.current().dataset.s)
      if (!(seconds > 0) || reducedMotion || swipe.rowSize() < 2) return
      autoTimer = setTimeout(() => {
        // Hovering or focus inside holds the rotation (WAI-ARIA carousel pattern, WCAG 2.2.2).
        if (holding || document.hidden || viewport.contains(document.activeElement)) return scheduleAuto()
        swipe.go('x', 1, 'auto', true)
      }, seconds * 1000)
    }

    const onMove = (from: HTMLElement | undefined, to: HTMLElement, via: Via) => {
      const hadFocus = from?.contains(document.activeElement)
      for (const cell of from ? [from] : swipe.cells()) if (cell !== to) cell.inert = true
      to.inert = false
      const previous = position
      position = to.id
      const left = dwell.enter(position, Date.now(), !document.hidden)
      if (left) track('dwell', left)
      if (via !== 'restore') {
        writeCookie('position_tab', position, path)
        store('position_tab', position)
        track('swipe', { from: previous, to: position, via, ...(seen.has(position) ? {} : { first: true }) })
        seen.add(position)
      }
      // The arrows: where one can go, and the current creative's colour and fade interval.
      const where = swipe.where()
      if (arrows) {
        for (const button of $$<HTMLButtonElement>('button', arrows)) {
          const m = button.dataset.m as 'l' | 'r' | 'u' | 'd'
          button.hidden = !{ l: where.left, r: where.right, u: where.up, d: where.down }[m]
        }
        arrows.style.setProperty('--ac', to.dataset.a ?? CREATIVE_DEFAULTS.hoverArrowColor)
        const fade = Number(to.dataset.f)
        arrows.classList.toggle('fd', fade > 0)
        if (fade > 0) arrows.style.setProperty('--fi', `${fade}s`)
      }
      bar?.classList.toggle('no-sns', !('sns' in to.dataset))
      bar?.classList.toggle('no-co', !('co' in to.dataset))
      if (status && via !== 'restore') status.textContent = to.getAttribute('aria-label') ?? position
      // Focus left in a cell that went inert (or on an arrow that hid) moves to the new cell.
      const active = document.activeElement as HTMLElement | null
      if (hadFocus || (active && active !== body && (active.hidden || active.closest('[inert]'))))
        to.focus({ preventScroll: true })
      refreshCtas()
      scheduleAuto()
      // Neighbours wait until the page has loaded, so they never compete with the first creative.
      if (via === 'restore' && document.readyState !== 'complete') {
        openForMember(to)
        reveal(to)
        addEventListener('load', warm, { once: true })
      } else warm()
    }

    const swipe = createSwipe({
      viewport,
      track: track_,
      rows,
      onMove,
      onInteract: () => clearTimeout(autoTimer),
    })
    for (const cell of swipe.cells()) cell.tabIndex = -1

    // Start where the link says (?position=B2 or #B2), else at the cell the page was rendered to
    // open on (data-start: already in place, so nothing moves), else where the visitor was, else
    // at the first creative (./swipe.ts `startingCell`).
    const start = startingCell(
      {
        query: new URLSearchParams(location.search).get('position'),
        hash: location.hash.slice(1),
        rendered: data.start,
        cookie: readCookie('position_tab'),
        stored: readStored('position_tab'),
      },
      (p) => CELL_PATTERN.test(p) && Boolean(document.getElementById(p)?.classList.contains('c')),
    )
    // A #B2 link may have scrolled the clipped viewport natively before the script ran.
    if (location.hash) {
      viewport.scrollTop = 0
      viewport.scrollLeft = 0
    }
    swipe.jump(document.getElementById(start ?? '') ?? swipe.cells()[0]!, 'restore')
    // Transitions only after the starting position is in place, so a restored position does not animate in.
    requestAnimationFrame(() => requestAnimationFrame(() => viewport.classList.add('an')))
    seen.add(position)
    track('view', landingSource())
    // A page view is sent at once (it is what visits are counted by); later events are batched.
    beacons?.flush()
    setInterval(refreshCtas, 30_000)
    await nextTask()

    for (const el of [viewport, bar]) {
      el?.addEventListener('pointerenter', () => {
        holding = true
      })
      el?.addEventListener('pointerleave', () => {
        holding = false
      })
    }

    arrows?.addEventListener('click', (e) => {
      const m = (e.target as Element).closest<HTMLElement>('[data-m]')?.dataset.m
      if (!m) return
      clearTimeout(autoTimer)
      swipe.go(m === 'l' || m === 'r' ? 'x' : 'y', m === 'l' || m === 'u' ? -1 : 1, 'button')
    })

    // Global menu: jump to the item's cell and close the menu.
    for (const link of $$('[data-j]'))
      link.addEventListener('click', (e) => {
        e.preventDefault()
        link.closest('details')?.removeAttribute('open')
        swipe.jump(document.getElementById(link.dataset.j!), 'menu')
        swipe.current().focus({ preventScroll: true })
      })

    // Video pause / play buttons (WCAG 2.2.2: moving content can be paused). Delegated: the cells
    // the page left out arrive later (`loadCells`).
    viewport.addEventListener('click', (e) => {
      const button = (e.target as Element).closest?.('[data-v]')
      const video = button?.parentElement?.querySelector('video')
      if (!button || !video) return
      const pause = !video.dataset.paused
      if (pause) video.dataset.paused = '1'
      else delete video.dataset.paused
      button.setAttribute('aria-pressed', String(pause))
      syncVideo(video)
    })

    // CTA close buttons: closed for the rest of the visit to this page.
    for (const cta of ctas) $('[data-x]', cta)?.addEventListener('click', () => closeCta(cta))

    // CTA links: every click is counted on the server. An applicant-limit CTA's link waits for the
    // count (briefly): when the last slot is gone it is not followed; the others go at once.
    if (siteApi) {
      for (const cta of ctas) {
        const link = $<HTMLAnchorElement>('a.cb', cta)
        if (!link) continue
        const limited = cta.dataset.kind === 'APPLICANT_LIMIT'
        let waiting = false
        link.addEventListener('click', async (e) => {
          if (replaying) return
          if (waiting || cta.classList.contains('fl')) return e.preventDefault()
          const url = apiUrl(data.api!, PATHS.ctaClick, { siteId: data.site!, ctaIndex: cta.dataset.cta! })
          const request = fetch(url, {
            method: 'POST',
            keepalive: true,
            cache: 'no-store',
          })
          request.catch(() => {})
          if (!limited) return
          e.preventDefault()
          waiting = true
          const answer = await Promise.race([
            request.then(async (r) => ({
              status: r.status,
              body: (await r.json().catch(() => ({}))) as Partial<ApiAnswer<'endUser.ctaClick'>> & Refusal,
            })),
            new Promise<undefined>((resolve) => setTimeout(resolve, CLICK_WAIT_MS)),
          ]).catch(() => undefined)
          waiting = false
          const code = answer?.status === 409 ? answer.body.error?.code : undefined
          if (code === 'endUser.ctaFull') return showFull(cta, link)
          if (code === 'endUser.ctaInactive') return closeCta(cta)
          if (answer?.status === 200 && typeof answer.body.remaining === 'number')
            setSlots(cta, answer.body.remaining)
          // Followed as the page would have: same tab, or a new one without an opener.
          replaying = true
          try {
            link.click()
          } finally {
            replaying = false
          }
        })
      }
      if (ctas.some((cta) => cta.dataset.kind === 'APPLICANT_LIMIT' && $('[data-sl]', cta)))
        whenIdle(() => void refreshSlots())
    }

    // --- product card ----------------------------------------------------------------------------
    const productDialog = $<HTMLDialogElement>('#pd')
    if (productDialog) {
      setUpDialog(productDialog)
      // Delegated: a members-only creative's hotspots arrive after sign-in (./members.ts).
      $('#sw')?.addEventListener('click', (e) => {
        const hotspot = (e.target as Element).closest?.<HTMLElement>('[data-p]')
        if (!hotspot) return
        const template = document.getElementById(`p-${hotspot.dataset.p}`) as HTMLTemplateElement | null
        const content = $('.pd', productDialog)
        if (!template || !content) return
        content.replaceChildren(template.content.cloneNode(true))
        openDialog(productDialog, $('[data-x]', productDialog))
        track('product', { product: hotspot.dataset.p })
      })
    }
  }
}
const afterPaint = () =>
  requestAnimationFrame(() =>
    setTimeout(async () => {
      await startSwipe()
      await nextTask()
      measureVitals()
      // The site's notices to its visitors (issue 20), once the page is up.
      if (data.api && data.site) void showNotices(data.api, data.site, lang)
      // Members' tokens kept by an older island (./endUser.ts): storage is touched when idle.
      whenIdle(forgetOldTokens)
    }, 0),
  )
if (document.readyState === 'complete') afterPaint()
else addEventListener('load', afterPaint, { once: true })

// --- company information modal -------------------------------------------------------------------
const company = $<HTMLDialogElement>('#co')
if (company) {
  setUpDialog(company)
  const tablist = $('[role=tablist]', company)
  const select = tablist ? setUpTabs(tablist) : undefined
  let loaded = false
  const load = async () => {
    if (loaded || !company.dataset.src) return
    loaded = true
    try {
      const response = await fetch(company.dataset.src)
      fillCompanyPanels(company, ((await response.json()) as { texts: string[] }).texts)
    } catch {
      loaded = false
    }
  }
  for (const button of $$('[data-tab]'))
    button.addEventListener('click', () => {
      const tab = document.getElementById(`co-t${button.dataset.tab}`)
      openDialog(company, tab)
      if (tab && select) select(tab)
      void load()
    })
}

// --- language selector: remember the choice, then reload ---------------------------------------
// The boot script (../boot.ts) writes the `lang` cookie (30 days) on the same tap, even before
// this island has arrived, and reads it back on the default language's page; the island adds the
// local storage copy SPEC §9 asks for.
for (const link of $$('[data-l]')) link.addEventListener('click', () => store('lang', link.dataset.l!))

// Menus close on Escape or a click elsewhere.
const menus = $$<HTMLDetailsElement>('details.dd')
document.addEventListener('click', (e) => {
  for (const menu of menus) if (menu.open && !menu.contains(e.target as Node)) menu.open = false
})
document.addEventListener('keydown', (e) => {
  if (e.key !== 'Escape') return
  for (const menu of menus)
    if (menu.open) {
      menu.open = false
      $('summary', menu)?.focus()
    }
})

// Clicks on creator links, for the link-click counts.
document.addEventListener('click', (e) => {
  const link = (e.target as Element).closest?.<HTMLElement>('[data-t]')
  if (!link || replaying) return
  track('click', { target: link.dataset.t })
  // A form reached through a creative's link button counts its conversion for that creative.
  if (link.dataset.t === 'link')
    try {
      sessionStorage.setItem('swipe_via', position)
    } catch {
      // Storage refused: the conversion counts for the site only.
    }
})
