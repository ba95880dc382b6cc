import { CONSENT_EVENT, CONSENT_STORAGE_KEY, type ConsentChoice } from '@swipe/shared/site/consent'
import { readStored, store } from './storage.ts'

/**
 * The consent banner (blocks/Consent.tsx) on a site with ad tags: shown to a visitor who has not
 * chosen (or who came back from the notice page to choose again, `#consent`); either button stores
 * the choice, tells the tags file (which loads its vendors only on "granted") and closes the banner.
 * Storage that cannot be read counts as no choice; the banner then asks on each visit.
 */
export const setUpConsent = (): void => {
  const banner = document.getElementById('cs')
  if (!banner) return
  const stored = readStored(CONSENT_STORAGE_KEY)
  const again = location.hash === '#consent'
  if (stored === 'granted' || stored === 'denied') {
    if (!again) return
  }
  banner.hidden = false
  for (const button of banner.querySelectorAll<HTMLButtonElement>('button[data-consent]')) {
    button.addEventListener('click', () => {
      const choice = button.dataset.consent as ConsentChoice
      // Where storage is refused it is not remembered: the choice still holds for this page.
      store(CONSENT_STORAGE_KEY, choice)
      banner.hidden = true
      if (again) history.replaceState(null, '', location.pathname + location.search)
      window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: choice }))
    })
  }
}
