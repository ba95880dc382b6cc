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
