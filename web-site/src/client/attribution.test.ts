import { CONSENT_EVENT, CONSENT_STORAGE_KEY } from '@swipe/shared/site/consent'
import { afterEach, describe, expect, it } from 'vitest'
import { conversionContext, noteLanding } from './attribution.ts'

const land = (search: string, referrer = '') => {
  history.replaceState(null, '', `/lp/${search}`)
  Object.defineProperty(document, 'referrer', { value: referrer, configurable: true })
}
const choose = (choice: 'granted' | 'denied') => {
  localStorage.setItem(CONSENT_STORAGE_KEY, choice)
  window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: choice }))
}

describe('where a converting visitor came from', () => {
  afterEach(() => {
    localStorage.clear()
    sessionStorage.clear()
    history.replaceState(null, '', '/')
  })

  it('keeps the campaign at once, and the click ids only once the visitor accepts', () => {
    land(
      '?utm_source=instagram&utm_medium=paid&fbclid=IwAR1&gclid=Cj0&ttclid=tt1&ldtag_cl=ln1',
      'https://www.instagram.com/',
    )
    noteLanding()
    // Before a choice: the campaign and which click parameters came, never their values.
    expect(conversionContext('evt-1')).toEqual({
      eventId: 'evt-1',
      utm: { utm_source: 'instagram', utm_medium: 'paid' },
      referrer: 'https://www.instagram.com/',
      clickKinds: ['fbclid', 'gclid', 'ttclid', 'ldtag_cl'],
      pageUrl: `${location.origin}/lp/`,
    })
    expect(JSON.stringify(localStorage)).not.toContain('IwAR1')
    choose('granted')
    const granted = conversionContext('evt-2')
    expect(granted).toMatchObject({
      eventId: 'evt-2',
      consent: 'granted',
      clicks: { fbclid: 'IwAR1', gclid: 'Cj0', ttclid: 'tt1', ldtag_cl: 'ln1' },
      clickAt: expect.any(Number),
    })
    // A later page of the visit (the form) still has them; a refusal there forgets them.
    land('')
    noteLanding()
    expect(conversionContext('evt-3').clicks).toEqual(granted.clicks)
    choose('denied')
    expect(localStorage.getItem('swipe-clicks')).toBeNull()
    expect(conversionContext('evt-4').clicks).toBeUndefined()
  })

  it('sends no identifier after "reject", and forgets the ones kept', () => {
    land('?fbclid=IwAR2')
    noteLanding()
    choose('denied')
    document.cookie = '_fbp=fb.1.1700000000000.123; path=/'
    expect(conversionContext(undefined)).toEqual({
      consent: 'denied',
      clickKinds: ['fbclid'],
      pageUrl: `${location.origin}/lp/`,
    })
    expect(localStorage.getItem('swipe-clicks')).toBeNull()
    document.cookie = '_fbp=; max-age=0; path=/'
  })

  it('takes a same-site referrer for no referrer, and a later campaign over an earlier one', () => {
    land('?utm_source=line', `${location.origin}/other/`)
    noteLanding()
    land('?utm_source=google&utm_campaign=winter')
    noteLanding()
    land('')
    noteLanding()
    expect(conversionContext('e')).toEqual({
      eventId: 'e',
      utm: { utm_source: 'google', utm_campaign: 'winter' },
      pageUrl: `${location.origin}/lp/`,
    })
  })
})
