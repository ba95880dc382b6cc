import { COMPANY_DEFAULTS } from '@swipe/shared/site/model-defaults'
import { safeExternalUrl } from '@swipe/shared/site/urls'

/**
 * The company modal's content and behaviour, without React or zod: which tabs a language's company
 * setting shows and with which texts (the publish render), how the texts reach the panels and how
 * the tabs switch (the visitor island, and the console's preview of the same block in a shadow
 * root). One hand for all three, so the preview shows what a visitor sees.
 */

/** The four legal texts, in tab order (tab `n` is `co-t<n>`, its panel `co-p<n>`). */
export const LEGAL_FIELDS = ['companyProfile', 'companyClause', 'termsOfService', 'privacyPolicy'] as const

type LegalTexts = { [K in (typeof LEGAL_FIELDS)[number]]?: string | null | undefined }

/** A language's company setting as the publisher and the editor hold it. */
export type CompanyInput = LegalTexts & { companyWebsite?: string | null | undefined }

/**
 * What the modal shows for a company setting: the tabs whose text is not blank (the first one when
 * all are, so a website alone still has a modal), the website when it is a safe http(s) URL, and
 * the four texts as written (the island's JSON).
 */
export const companyContent = (company: CompanyInput | null | undefined) => {
  const tabs = LEGAL_FIELDS.flatMap((field, i) => (company?.[field]?.trim() ? [i] : []))
  return {
    /** Tabs with text; empty when none has any. */
    tabs,
    website: safeExternalUrl(company?.companyWebsite),
    texts: LEGAL_FIELDS.map((field) => company?.[field] ?? COMPANY_DEFAULTS[field]),
  }
}

/*
 * The little of the DOM the panels and tabs use, written out: this module is type-checked without
 * the DOM library too (the root program, which reads `blocks/` for the publish render), and any
 * element of the page or of a shadow root fits.
 */
interface Tab {
  id: string
  tabIndex: number
  getAttribute(name: string): string | null
  setAttribute(name: string, value: string): void
  focus(): void
}
interface TabEvent {
  target: unknown
  key?: string
  preventDefault(): void
}
interface TabList {
  getRootNode(): object
  querySelectorAll(selectors: string): Iterable<unknown>
  addEventListener(type: string, listener: (e: TabEvent) => void): void
}
interface Root {
  getElementById(id: string): { hidden: boolean } | null
  activeElement: unknown
}

/** Puts the texts in the modal's panels, as text: whatever markup a text holds is shown, never run. */
export const fillCompanyPanels = (
  dialog: { querySelectorAll(selectors: string): Iterable<{ id: string; textContent: string | null }> },
  texts: readonly string[],
) => {
  for (const panel of dialog.querySelectorAll('[role=tabpanel]'))
    panel.textContent = texts[Number(panel.id.slice(4))] ?? ''
}

/**
 * A tab list with arrow-key movement and clicks (WAI-ARIA tabs, automatic activation). Works in the
 * page and inside a shadow root (ids and focus are looked up in the list's own root).
 */
export const setUpTabs = (list: TabList, onSelect?: (tab: Tab) => void) => {
  const root = list.getRootNode() as Root
  const tabs = [...list.querySelectorAll('[role=tab]')] as Tab[]
  const select = (tab: Tab, focus = true) => {
    for (const t of tabs) {
      const on = t === tab
      t.setAttribute('aria-selected', String(on))
      t.tabIndex = on ? 0 : -1
      const panel = root.getElementById(t.getAttribute('aria-controls') ?? '')
      if (panel) panel.hidden = !on
    }
    if (focus) tab.focus()
    onSelect?.(tab)
  }
  list.addEventListener('click', (e) => {
    const tab = (e.target as { closest(selectors: string): unknown }).closest('[role=tab]') as Tab | null
    if (tab) select(tab)
  })
  list.addEventListener('keydown', (e) => {
    const at = tabs.indexOf(root.activeElement as Tab)
    const to =
      e.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? tabs.length - 1
              : -1
    if (to < 0) return
    e.preventDefault()
    select(tabs[to]!)
  })
  return select
}
