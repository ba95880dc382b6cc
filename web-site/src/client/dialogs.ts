/** Modal dialogs: native `<dialog>` (the rest of the page goes inert), Tab kept inside, focus returned. */

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select,textarea,[tabindex]:not([tabindex="-1"])'

const openers = new WeakMap<HTMLDialogElement, Element | null>()

/** Opens a dialog modally and remembers what had the focus, to give it back on close. */
export const openDialog = (dialog: HTMLDialogElement, focus?: HTMLElement | null) => {
  if (dialog.open) return
  openers.set(dialog, document.activeElement)
  if (dialog.showModal) dialog.showModal()
  else dialog.setAttribute('open', '')
  ;(focus ?? dialog.querySelector<HTMLElement>(FOCUSABLE))?.focus()
}

export const closeDialog = (dialog: HTMLDialogElement) => {
  if (dialog.close) dialog.close()
  else {
    dialog.removeAttribute('open')
    dialog.dispatchEvent(new Event('close'))
  }
}

/** Wires a dialog's close buttons, backdrop, focus trap and focus return. */
export const setUpDialog = (dialog: HTMLDialogElement) => {
  dialog.addEventListener('close', () => {
    const opener = openers.get(dialog)
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
    openers.delete(dialog)
  })
  dialog.addEventListener('click', (e) => {
    const target = e.target as Element
    // A click on the dialog element itself is a click on its backdrop.
    if (target === dialog || target.closest('[data-x]')) closeDialog(dialog)
  })
  dialog.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !dialog.showModal) closeDialog(dialog)
    if (e.key !== 'Tab') return
    const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (el) => !el.closest('[hidden]') && el.getClientRects().length > 0,
    )
    const first = items[0]
    const last = items.at(-1)
    if (!first || !last) return
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault()
      first.focus()
    }
  })
}

/** A tab list with arrow-key movement (WAI-ARIA tabs, automatic activation). */
export const setUpTabs = (list: HTMLElement, onSelect?: (tab: HTMLElement) => void) => {
  const tabs = [...list.querySelectorAll<HTMLElement>('[role=tab]')]
  const select = (tab: HTMLElement, focus = true) => {
    for (const t of tabs) {
      const on = t === tab
      t.setAttribute('aria-selected', String(on))
      t.tabIndex = on ? 0 : -1
      const panel = document.getElementById(t.getAttribute('aria-controls') ?? '')
      if (panel) panel.hidden = !on
    }
    if (focus) tab.focus()
    onSelect?.(tab)
  }
  list.addEventListener('click', (e) => {
    const tab = (e.target as Element).closest<HTMLElement>('[role=tab]')
    if (tab) select(tab)
  })
  list.addEventListener('keydown', (e) => {
    const at = tabs.indexOf(document.activeElement as HTMLElement)
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
