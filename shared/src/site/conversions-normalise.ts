/**
 * How an email address or a phone number becomes the hashed identifier that the ad platforms'
 * server-side conversion APIs match visitors by (Meta Conversions API, LINE Conversion API, TikTok
 * Events API, Google Ads enhanced conversions). Each platform hashes its own users' identifiers
 * after its own normalisation, so ours must produce the same string before hashing, or nothing
 * matches. Shared by the product code that sends conversions and the local stand-in of those APIs
 * (infra/local/ad-platforms), which refuses anything that is not a hash.
 *
 * The platforms differ in two places, kept in `NORMALISATION`:
 * - Google alone asks that dots before `@gmail.com` / `@googlemail.com` be removed; the others
 *   hash the address as typed (lowercased), so stripping dots for them would change the hash.
 * - Meta wants the phone as digits with the country code and no `+`; Google and TikTok want
 *   E.164 with the `+`. LINE's documentation was not at hand: it is assumed to follow Meta.
 *
 * Hashing uses Web Crypto (`crypto.subtle`), present in Node and in browsers, so this file needs
 * no Node module and stays importable from any package.
 */

/** The ad platforms with a server-side conversion API that the product sends to. */
export const CONVERSION_PLATFORMS = ['meta', 'line', 'tiktok', 'google'] as const
export type ConversionPlatform = (typeof CONVERSION_PLATFORMS)[number]

export interface EmailRules {
  /** `strip`: remove the dots before `@gmail.com` / `@googlemail.com` (Google's rule). */
  gmailDots: 'keep' | 'strip'
}

export interface PhoneRules {
  /** Whether the E.164 number keeps its leading `+` before hashing. */
  plus: boolean
  /** The country code given to a national number written with its trunk `0` (`090…` → `8190…`). */
  defaultCountryCode?: string
}

/** Each platform's documented normalisation before SHA-256 (LINE's is an assumption, see above). */
export const NORMALISATION: Record<ConversionPlatform, { email: EmailRules; phone: PhoneRules }> = {
  meta: { email: { gmailDots: 'keep' }, phone: { plus: false } },
  line: { email: { gmailDots: 'keep' }, phone: { plus: false } },
  tiktok: { email: { gmailDots: 'keep' }, phone: { plus: true } },
  google: { email: { gmailDots: 'strip' }, phone: { plus: true } },
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com'])
const SHA256_HEX = /^[0-9a-f]{64}$/

/**
 * An email address as the platforms hash it: NFKC (a Japanese keyboard's full-width `ｔａｒｏ＠…`
 * becomes the ASCII the person meant), trimmed, lowercased; dots removed before a Gmail domain
 * only when the rules say so. `null` when the text is not an address, so nothing is hashed.
 */
export const normaliseEmail = (raw: string, rules: EmailRules = { gmailDots: 'keep' }): string | null => {
  const email = raw.normalize('NFKC').trim().toLowerCase()
  if (!EMAIL.test(email)) return null
  if (rules.gmailDots === 'keep') return email
  const at = email.lastIndexOf('@')
  const domain = email.slice(at + 1)
  return GMAIL_DOMAINS.has(domain) ? `${email.slice(0, at).replaceAll('.', '')}@${domain}` : email
}

/** What a typed phone number may contain besides digits; anything else (letters) is not a number. */
const PHONE_CHARS = /^\+?[\d\s\-.()]+$/
/** E.164 allows 15 digits at most; 8 is below any real national number with its country code. */
const E164_DIGITS = { min: 8, max: 15 }

/**
 * A phone number in E.164 form: NFKC (full-width digits and hyphens), then `+81 90-…`,
 * `+81 (0)90-…`, `0081 90…` and a national `090-1234-5678` all become `819012345678` (with `+` when
 * the rules say so). A number with neither `+`/`00` nor a trunk `0` is taken to carry its country
 * code already. Japan's trunk `0` kept after `81` is dropped (a national number never starts with
 * 0). `null` for anything that is not a plausible number.
 */
export const normalisePhone = (raw: string, rules: PhoneRules = { plus: false }): string | null => {
  const text = raw.normalize('NFKC').trim().replace('(0)', '')
  if (!PHONE_CHARS.test(text)) return null
  let digits = text.replace(/\D/g, '')
  if (!text.startsWith('+')) {
    if (digits.startsWith('00')) digits = digits.slice(2)
    else if (digits.startsWith('0')) digits = `${rules.defaultCountryCode ?? '81'}${digits.slice(1)}`
  }
  if (digits.startsWith('810')) digits = `81${digits.slice(3)}`
  if (digits.length < E164_DIGITS.min || digits.length > E164_DIGITS.max) return null
  return rules.plus ? `+${digits}` : digits
}

/** Lowercase hex SHA-256 of the UTF-8 text: the form every platform accepts. */
export const sha256Hex = async (text: string): Promise<string> => {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** Whether a value is a lowercase hex SHA-256 (64 characters): what a hashed identifier must be. */
export const isSha256Hex = (value: unknown): value is string =>
  typeof value === 'string' && SHA256_HEX.test(value)

/** The hashed email to send to a platform, normalised by its rules; `null` when it is no address. */
export const hashedEmail = async (raw: string, platform: ConversionPlatform): Promise<string | null> => {
  const email = normaliseEmail(raw, NORMALISATION[platform].email)
  return email === null ? null : sha256Hex(email)
}

/** The hashed phone number to send to a platform, normalised by its rules; `null` when it is no number. */
export const hashedPhone = async (raw: string, platform: ConversionPlatform): Promise<string | null> => {
  const phone = normalisePhone(raw, NORMALISATION[platform].phone)
  return phone === null ? null : sha256Hex(phone)
}
