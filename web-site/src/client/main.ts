/**
 * The swipe page's island: the only script a visitor downloads (a module, so it never blocks
 * rendering). The page is complete without it; it adds swiping, position memory, the language
 * switch, videos that play only while visible, auto-advance, the arrows' colour and fade, popup
 * CTAs, the product card, the company modal and analytics beacons.
 */
import { CELL_PATTERN } from '../lib/cells.ts'
import { countdownText } from '../lib/countdown.ts'
import { isCtaActive } from '../lib/cta.ts'
import { languageOfSegment } from '../lib/languages.ts'
import { cookiePath } from '../lib/urls.ts'
import { openDialog, setUpDialog, setUpTabs } from './dialogs.ts'
import { LANG_MAX_AGE, readCookie, readStored, store, writeCookie } from './storage.ts'
import { createSwipe, type Via } from './swipe.ts'

const $ = <T extends Element = HTMLElement>(selector: string, root: ParentNode = document) =>
  root.querySelector<T>(selector)
const $$ = <T extends Element = HTMLElement>(selector: string, root: ParentNode = document) => [
  ...root.querySelectorAll<T>(selector),
]

const body = document.body
const data = body.dataset
const lang = languageOfSegment(data.lang) ?? 'JP'
const path = cookiePath(data.root ?? '/')
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)').matches

// --- analytics ---------------------------------------------------------------------------------
let position = 'A1'
/** Posts an event to the analytics endpoint named on <body>, if any (text/plain: no preflight). */
export const track = (event: string, detail?: Record<string, unknown>) => {
  const endpoint = data.analyticsEndpoint
  if (!endpoint || !navigator.sendBeacon) return
  try {
    navigator.sendBeacon(
      endpoint,
      JSON.stringify({ site: data.site, lang: data.lang, event, position, ...detail, at: Date.now() }),
    )
  } catch {
    // Analytics never breaks the page.
  }
}

/**
 * The grid starts after the first paint: the page shows the first creative as rendered, so the
 * island's set-up never delays the first (and largest) paint.
 */
const startSwipe = () => {
  const viewport = $('#sw')
  const track_ = $('.tr', viewport ?? document)
  const rows = $$('.rw')

  if (viewport && track_ && rows.length) {
    const arrows = $('.ar')
    const bar = $('#bb')
    const status = $('#st')
    const ctas = $$('.cta')
    const dismissed = new Set<string>()
    let autoTimer: ReturnType<typeof setTimeout> | undefined
    let holding = false

    // --- popup CTAs: dates, sheets and slots (SPEC §4), countdown kept current ------------------
    const refreshCtas = () => {
      const now = Date.now()
      const order = Number(swipe.current().dataset.o)
      for (const cta of ctas) {
        const d = cta.dataset
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
      }
    }

    // --- videos play only while visible (and the visitor has not paused them) --------------------
    const visible = new Set<Element>()
    const syncVideo = (video: HTMLVideoElement) => {
      if (visible.has(video) && !document.hidden && !video.dataset.paused) video.play().catch(() => {})
      else video.pause()
    }
    const videos = $$<HTMLVideoElement>('video.m')
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
    for (const video of videos) observer?.observe(video)
    document.addEventListener('visibilitychange', () => {
      for (const video of videos) syncVideo(video)
    })

    // --- moving ----------------------------------------------------------------------------------
    /** Loads the current creative's image and its neighbours' (the page ships only the first). */
    const warm = () => {
      for (const cell of [swipe.current(), ...swipe.neighbours()])
        for (const img of $$<HTMLImageElement>('img[data-src]', cell)) {
          img.src = img.dataset.src!
          img.removeAttribute('data-src')
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
      if (via !== 'restore') {
        writeCookie('position_tab', position, path)
        store('position_tab', position)
        track('swipe', { from: previous, to: position, via })
      }
      // The arrows: where one can go, and the current creative's colour and fade interval.
      const where = swipe.where()
      if (arrows) {
        for (const button of $$<HTMLButtonElement>('button', arrows)) {
          const m = button.dataset.m as 'l' | 'r' | 'u' | 'd'
          button.hidden = !{ l: where.left, r: where.right, u: where.up, d: where.down }[m]
        }
        arrows.style.setProperty('--ac', to.dataset.a ?? '#FFFFFF')
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
        for (const img of $$<HTMLImageElement>('img[data-src]', to)) img.src = img.dataset.src!
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

    // Start where the link says (?position=B2 or #B2), else where the visitor was, else at A1.
    const query = new URLSearchParams(location.search).get('position')
    const start = [
      query,
      location.hash.slice(1),
      readCookie('position_tab'),
      readStored('position_tab'),
    ].find((p) => p && CELL_PATTERN.test(p) && document.getElementById(p)?.classList.contains('c'))
    // A #B2 link may have scrolled the clipped viewport natively before the script ran.
    if (location.hash) {
      viewport.scrollTop = 0
      viewport.scrollLeft = 0
    }
    swipe.jump(document.getElementById(start ?? '') ?? swipe.cells()[0]!, 'restore')
    // Transitions only after the starting position is in place, so a restored position does not animate in.
    requestAnimationFrame(() => requestAnimationFrame(() => viewport.classList.add('an')))
    track('view')
    setInterval(refreshCtas, 30_000)

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

    // Video pause / play buttons (WCAG 2.2.2: moving content can be paused).
    for (const button of $$('[data-v]'))
      button.addEventListener('click', () => {
        const video = button.parentElement?.querySelector('video')
        if (!video) return
        const pause = !video.dataset.paused
        if (pause) video.dataset.paused = '1'
        else delete video.dataset.paused
        button.setAttribute('aria-pressed', String(pause))
        syncVideo(video)
      })

    // CTA close buttons: closed for the rest of the visit to this page.
    for (const cta of ctas)
      $('[data-x]', cta)?.addEventListener('click', () => {
        dismissed.add(cta.dataset.cta!)
        cta.hidden = true
      })

    // --- product card ----------------------------------------------------------------------------
    const productDialog = $<HTMLDialogElement>('#pd')
    if (productDialog) {
      setUpDialog(productDialog)
      for (const hotspot of $$('[data-p]'))
        hotspot.addEventListener('click', () => {
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
requestAnimationFrame(() => setTimeout(startSwipe, 0))

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
      const content = (await response.json()) as { texts: string[] }
      for (const panel of $$('[role=tabpanel]', company))
        panel.textContent = content.texts[Number(panel.id.slice(4))] ?? ''
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

// --- language selector: remember the choice (cookie 30 days + local storage), then reload ---------
for (const link of $$('[data-l]'))
  link.addEventListener('click', () => {
    writeCookie('lang', link.dataset.l!, path, LANG_MAX_AGE)
    store('lang', link.dataset.l!)
  })

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
  if (link) track('click', { target: link.dataset.t })
})
