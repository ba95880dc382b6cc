/**
 * Links to the site's own forms that lead nowhere
 * (docs/decisions/0020-form-links-and-bottom-bar-defaults.md): an internal link (`contact`, `form`,
 * `membership`) opens its form's page only while that form is enabled in the link's language; otherwise the
 * visitor sees a grey 「現在ご利用いただけません」 button. The editor warns beside the field and before publishing; the
 * publish answer lists them as `warnings`. No zod here: the editor's field warnings use it too.
 */

/** The form each internal link target opens (SPEC §3: contact, form = homepage form, membership). */
export const FORM_OF_TARGET = { contact: 'contact', form: 'homepage', membership: 'membership' } as const
export type LinkedForm = (typeof FORM_OF_TARGET)[keyof typeof FORM_OF_TARGET]

/** Where a link sits: a creative's button, a product's button, an image link point, a popup CTA. */
export type FormLinkPlace = 'creative' | 'product' | 'point' | 'cta'

export interface DisabledFormLink<L extends string = string> {
  lang: L
  place: FormLinkPlace
  /** The creative's cell (creative, product, point); absent for a CTA. */
  position?: string
  /** The product's, point's or CTA's index (from 0). */
  index?: number
  target: keyof typeof FORM_OF_TARGET
  form: LinkedForm
}

type Maybe<T> = T | null | undefined
interface LinkLike {
  isInternalLink?: Maybe<boolean>
}
interface FormsLike {
  contact?: Maybe<{ enabled?: Maybe<boolean> }>
  membership?: Maybe<{ enabled?: Maybe<boolean> }>
  homepage?: Maybe<{ enabled?: Maybe<boolean> }>
}

/** What the check reads: the site's languages and CTAs, the creatives, each language's forms. */
export interface FormLinkInput<L extends string = string> {
  languages: readonly L[]
  popupCtas?: Maybe<readonly (LinkLike & { linkUrl?: Maybe<string> })[]>
  creatives: readonly (LinkLike & {
    lang: string
    position: string
    linkDestinationUrl?: Maybe<string>
    imageLinkPoints?: Maybe<readonly (LinkLike & { linkUrl?: Maybe<string> })[]>
    products?: Maybe<readonly (LinkLike & { linkButtonUrl?: Maybe<string> })[]>
  })[]
  settings: readonly { lang: string; forms?: Maybe<FormsLike> }[]
}

/** The form an internal link opens, or undefined (external, empty, unknown target). */
export const linkedForm = (value: Maybe<string>, internal: Maybe<boolean>): LinkedForm | undefined =>
  internal && value && Object.hasOwn(FORM_OF_TARGET, value)
    ? FORM_OF_TARGET[value as keyof typeof FORM_OF_TARGET]
    : undefined

/** Whether a language's form is enabled (a language without settings has every form off). */
export const formEnabled = (forms: Maybe<FormsLike>, form: LinkedForm): boolean =>
  Boolean(forms?.[form]?.enabled)

/**
 * Every internal link whose form is disabled in its language: creatives' buttons, products,
 * image link points of the site's languages, and the popup CTAs in each language (a CTA is one
 * for the whole site and opens the form of the language it is shown in).
 */
export const disabledFormLinks = <L extends string>(input: FormLinkInput<L>): DisabledFormLink<L>[] => {
  const found: DisabledFormLink<L>[] = []
  const formsOf = (lang: string) => input.settings.find((s) => s.lang === lang)?.forms
  const check = (
    lang: L,
    value: Maybe<string>,
    internal: Maybe<boolean>,
    at: Omit<DisabledFormLink, 'lang' | 'target' | 'form'>,
  ) => {
    const form = linkedForm(value, internal)
    if (form && !formEnabled(formsOf(lang), form))
      found.push({ lang, ...at, target: value as DisabledFormLink['target'], form })
  }
  for (const lang of input.languages) {
    const creatives = input.creatives
      .filter((c) => c.lang === lang)
      .sort((a, b) => a.position.localeCompare(b.position, 'en', { numeric: true }))
    for (const c of creatives) {
      const { position } = c
      check(lang, c.linkDestinationUrl, c.isInternalLink, { place: 'creative', position })
      for (const [index, p] of (c.products ?? []).entries())
        check(lang, p.linkButtonUrl, p.isInternalLink, { place: 'product', position, index })
      for (const [index, p] of (c.imageLinkPoints ?? []).entries())
        check(lang, p.linkUrl, p.isInternalLink, { place: 'point', position, index })
    }
    for (const [index, cta] of (input.popupCtas ?? []).entries())
      check(lang, cta.linkUrl, cta.isInternalLink, { place: 'cta', index })
  }
  return found
}
