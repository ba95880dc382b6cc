import type { PopupCta } from '../../api.ts'

/** A CTA field: one of its keys, or a language's text or image (`localized.{i}.content`). */
export type CtaField = keyof PopupCta | `localized.${number}.${'content' | 'imageUrl'}`

/** What each group of a CTA card's fields gets from the card. */
export interface CtaFieldProps {
  cta: PopupCta
  readOnly: boolean
  /**
   * Changes the CTA; the named fields count as touched (their messages follow the value). A
   * field is a key of the CTA or a path under it (`localized.0.content`).
   */
  set: (patch: Partial<PopupCta>, ...touched: CtaField[]) => void
  /** The message of one of this CTA's fields. */
  messageAt: (field: CtaField) => string | undefined
  /** A unique id for one of this CTA's controls. */
  idFor: (field: keyof PopupCta) => string
}
