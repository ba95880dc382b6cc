import { keysToCamel, keysToSnake } from '@swipe/shared'
import { SiteTagsSchema } from '@swipe/shared/site/tags-vendors'
import { describe, expect, it } from 'vitest'
import type { SiteDetail } from '../../api.ts'
import type { SiteDraft } from '../draft.ts'
import { draftOf, saveBodyOf } from '../frame/editorModel.ts'
import { testSite } from '../frame/testing.tsx'
import {
  deliveryRateText,
  destinationsOn,
  setDestinationField,
  setGoogleValidateOnly,
  switchDestination,
  tagsOf,
} from './adTagsModel.ts'

/** The site as the console receives it: the API's snake_case answer, camelCased by the client. */
const loaded = (adTags: unknown): SiteDraft =>
  draftOf(keysToCamel<SiteDetail>(keysToSnake(testSite({ globalSetting: { adTags: adTags as never } }))))

/** What the server reads of a save: the body as sent (snake_case), camelCased and parsed. */
const saved = (draft: SiteDraft) => {
  const body = keysToCamel<{ globalSetting: { adTags: unknown } }>(keysToSnake(saveBodyOf(draft, 3)))
  return SiteTagsSchema.parse(body.globalSetting.adTags)
}

const apply = (draft: SiteDraft, ...changes: ((d: SiteDraft) => SiteDraft)[]) =>
  changes.reduce((d, change) => change(d), draft)

describe('server-side conversions in the draft', () => {
  it('keeps a loaded destination and sends back what was edited, optional fields left out when empty', () => {
    const draft = loaded({
      vendors: { metaPixel: { pixelId: '123456789012345' } },
      consent: 'opt-in',
      conversions: {
        meta: { pixelId: '123456789012345', testEventCode: 'TEST123' },
        line: { tagId: '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0' },
      },
    })
    expect(destinationsOn(tagsOf(draft))).toEqual(['meta', 'line'])

    const edited = apply(
      draft,
      // A test code emptied is left out, not sent as '' (which would fail its format).
      setDestinationField('meta', 'testEventCode', ''),
      switchDestination('line', false),
      switchDestination('tiktok', true),
      setDestinationField('tiktok', 'pixelCode', 'c4abcdefghijklmnopqr'),
      setDestinationField('tiktok', 'testEventCode', 'test42'),
      switchDestination('google', true),
      setDestinationField('google', 'customerId', '123-456-7890'),
      setDestinationField('google', 'conversionActionId', '987654321'),
      setDestinationField('google', 'clientId', '1234-abc.apps.googleusercontent.com'),
      setGoogleValidateOnly(true),
    )
    expect(tagsOf(edited).conversions).toEqual({
      meta: { pixelId: '123456789012345' },
      tiktok: { pixelCode: 'c4abcdefghijklmnopqr', testEventCode: 'test42' },
      google: {
        customerId: '123-456-7890',
        conversionActionId: '987654321',
        clientId: '1234-abc.apps.googleusercontent.com',
        validateOnly: true,
      },
    })
    expect(destinationsOn(tagsOf(edited))).toEqual(['meta', 'tiktok', 'google'])
    // The save carries it through the API's casing unchanged; the schema normalises as the server does.
    expect(saved(edited).conversions).toEqual({
      meta: { pixelId: '123456789012345' },
      tiktok: { pixelCode: 'C4ABCDEFGHIJKLMNOPQR', testEventCode: 'TEST42' },
      google: {
        customerId: '1234567890',
        conversionActionId: '987654321',
        clientId: '1234-abc.apps.googleusercontent.com',
        validateOnly: true,
      },
    })
    // The vendors and the consent mode are untouched.
    expect(tagsOf(edited).vendors).toEqual({ metaPixel: { pixelId: '123456789012345' } })
    expect(tagsOf(edited).consent).toBe('opt-in')
  })

  it('switches a destination on with its required fields empty, which the schema refuses', () => {
    const draft = apply(loaded(null), switchDestination('google', true), switchDestination('line', true))
    expect(tagsOf(draft).conversions).toEqual({
      google: { customerId: '', conversionActionId: '', clientId: '', validateOnly: false },
      line: { tagId: '' },
    })
    const issues = SiteTagsSchema.safeParse(tagsOf(draft)).error?.issues.map((i) => [
      i.path.join('.'),
      i.message,
    ])
    expect(issues).toEqual([
      ['conversions.line.tagId', 'adTags.lineTagId'],
      ['conversions.google.customerId', 'conversions.googleCustomerId'],
      ['conversions.google.conversionActionId', 'conversions.googleConversionActionId'],
      ['conversions.google.clientId', 'conversions.googleClientId'],
    ])
    // Off again: nothing of it is left to save.
    const off = apply(draft, switchDestination('google', false), switchDestination('line', false))
    expect(tagsOf(off).conversions).toEqual({})
    expect(saved(off).conversions).toEqual({})
  })
})

describe('the delivery rate', () => {
  it.each([
    [null, '—'],
    [0.985, '98.5%'],
    [197 / 200, '98.5%'],
    // Rounded down: one failure in thousands is not "100%".
    [0.99999, '99.9%'],
    [1, '100%'],
    [0, '0%'],
  ])('%s reads %s', (rate, text) => {
    expect(deliveryRateText(rate, 'ja')).toBe(text)
  })

  it('is written in the reader’s language', () => {
    expect(deliveryRateText(0.5, 'en')).toBe('50%')
    expect(deliveryRateText(0.125, 'ko')).toBe('12.5%')
  })
})
