import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { CreativeViewSchema, newCreativeView } from './model.ts'
import { CREATIVE_DEFAULTS } from './model-defaults.ts'

describe('newCreativeView', () => {
  it('starts a cell with the defaults and every other value empty', () => {
    const creative = newCreativeView('EN', 'B3')
    const nullable = Object.entries(CreativeViewSchema.shape)
      .filter(([, schema]) => schema instanceof z.ZodNullable)
      .map(([key]) => key)
    // The fields the editor has always started empty are among them.
    expect(nullable).toEqual(
      expect.arrayContaining(['mediaKey', 'mediaType', 'imageAlt', 'mainText', 'price', 'sliderSeconds']),
    )
    expect(creative).toEqual({
      ...Object.fromEntries(nullable.map((key) => [key, null])),
      ...CREATIVE_DEFAULTS,
      lang: 'EN',
      position: 'B3',
      imageLinkPoints: [],
      products: [],
    })
  })

  it('is a creative the view schema accepts, whatever fields the model has', () => {
    const creative = newCreativeView('JP', 'A1')
    expect(CreativeViewSchema.parse(creative)).toEqual(creative)
  })
})
