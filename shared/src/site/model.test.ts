import { describe, expect, it } from 'vitest'
import { CreativeViewSchema, newCreativeView } from './model.ts'
import { CREATIVE_DEFAULTS } from './model-defaults.ts'

describe('newCreativeView', () => {
  it('starts a cell with the defaults and every other value empty, as the editor always did', () => {
    expect(newCreativeView('EN', 'B3')).toEqual({
      lang: 'EN',
      position: 'B3',
      mediaKey: null,
      mediaType: null,
      imageAlt: null,
      linkButtonText: null,
      linkDestinationUrl: null,
      ...CREATIVE_DEFAULTS,
      mainText: null,
      mainTextColor: null,
      price: null,
      priceTextColor: null,
      arrowFadeInterval: null,
      sliderSeconds: null,
      imageLinkPoints: [],
      products: [],
    })
  })

  it('is a creative the view schema accepts, whatever fields the model has', () => {
    const creative = newCreativeView('JP', 'A1')
    expect(CreativeViewSchema.parse(creative)).toEqual(creative)
  })
})
