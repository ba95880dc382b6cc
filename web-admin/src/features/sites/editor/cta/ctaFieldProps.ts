import type { PopupCta } from '../../api.ts'

/** What each group of a CTA card's fields gets from the card. */
export interface CtaFieldProps {
  cta: PopupCta
  readOnly: boolean
  /** Changes the CTA; the named fields count as touched (their messages follow the value). */
  set: (patch: Partial<PopupCta>, ...touched: (keyof PopupCta)[]) => void
  /** The message of one of this CTA's fields. */
  messageAt: (field: keyof PopupCta) => string | undefined
  /** A unique id for one of this CTA's controls. */
  idFor: (field: keyof PopupCta) => string
}
