import type { ConversionContext } from '@swipe/shared/schemas/visitor-forms'
import { CLICK_ID_PARAMS, type ClickIdParam, UTM_PARAMS } from '@swipe/shared/site/attribution'
import { CONSENT_EVENT, CONSENT_STORAGE_KEY } from '@swipe/shared/site/consent'
import { readCookie, readStored, store } from './storage.ts'

/**
 * Where the visitor came from, for a conversion (shared/src/site/attribution.ts; issue 32):
 * - the landing's campaign data (UTM parameters, the referring page, which ad click parameters
 *   were there) is kept for the tab's session (`sessionStorage`): first-party, no identifier;
 * - the click ids' values are kept (`localStorage`, 90 days) only once the visitor accepts on the
 *   consent banner, then or later on this page; a refusal forgets them.
 * A form sends both with the conversion (`conversionContext`), the values only with consent.
 */

const LANDING_KEY = 'swipe-landing'
const CLICKS_KEY = 'swipe-clicks'
const CLICKS_DAYS = 90

type Landing = Pick<ConversionContext, 'utm' | 'referrer' | 'clickKinds'>
type Clicks = { clicks: Partial<Record<ClickIdParam, string>>; at: number }

const session = {
  read(): Landing | undefined {
    try {
      return JSON.parse(sessionStorage.getItem(LANDING_KEY) ?? 'null') ?? undefined
    } catch {
      return undefined
    }
  },
  write(landing: Landing) {
    try {
      sessionStorage.setItem(LANDING_KEY, JSON.stringify(landing))
    } catch {
      // storage refused: the conversion goes without its source
    }
  },
}

const granted = () => readStored(CONSENT_STORAGE_KEY) === 'granted'

const forgetClicks = () => {
  try {
    localStorage.removeItem(CLICKS_KEY)
  } catch {
    // nothing stored
  }
}

/**
 * Notes this page's landing: its campaign data when the URL or the referrer has any (a later
 * landing with campaign data replaces an earlier one), and its click ids once consent allows.
 */
export const noteLanding = (): void => {
  const params = new URLSearchParams(location.search)
  const utm = Object.fromEntries(
    UTM_PARAMS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!.slice(0, 200)]] : [])),
  )
  const clicks = Object.fromEntries(
    CLICK_ID_PARAMS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!.slice(0, 500)]] : [])),
  ) as Clicks['clicks']
  let referrer: string | undefined
  try {
    if (document.referrer && new URL(document.referrer).origin !== location.origin)
      referrer = document.referrer
  } catch {
    referrer = undefined
  }
  const clickKinds = Object.keys(clicks) as ClickIdParam[]
  if (Object.keys(utm).length || clickKinds.length || referrer)
    session.write({
      ...(Object.keys(utm).length ? { utm } : {}),
      ...(referrer ? { referrer: referrer.slice(0, 2048) } : {}),
      ...(clickKinds.length ? { clickKinds } : {}),
    })
  const keep = () => {
    if (clickKinds.length) store(CLICKS_KEY, JSON.stringify({ clicks, at: Date.now() } satisfies Clicks))
  }
  if (granted()) keep()
  // A choice made on this page (the banner, or again from the notice): kept, or forgotten.
  window.addEventListener(CONSENT_EVENT, (event) => {
    if ((event as CustomEvent<string>).detail === 'granted') keep()
    else forgetClicks()
  })
}

const storedClicks = (): Clicks | undefined => {
  try {
    const value = JSON.parse(readStored(CLICKS_KEY) ?? 'null') as Clicks | null
    if (!value || Date.now() - value.at > CLICKS_DAYS * 86_400_000) return undefined
    return value
  } catch {
    return undefined
  }
}

/** The body part a conversion sends: the campaign data, and with consent the identifiers. */
export const conversionContext = (eventId: string | undefined): ConversionContext => {
  const consent = readStored(CONSENT_STORAGE_KEY)
  const context: ConversionContext = {
    ...(eventId ? { eventId } : {}),
    ...(consent === 'granted' || consent === 'denied' ? { consent } : {}),
    ...session.read(),
    pageUrl: `${location.origin}${location.pathname}`,
  }
  if (consent !== 'granted') return context
  const clicks = storedClicks()
  const fbp = readCookie('_fbp')
  const ttp = readCookie('_ttp')
  return {
    ...context,
    ...(clicks ? { clicks: clicks.clicks, clickAt: clicks.at } : {}),
    ...(fbp ? { fbp: fbp.slice(0, 200) } : {}),
    ...(ttp ? { ttp: ttp.slice(0, 200) } : {}),
  }
}
