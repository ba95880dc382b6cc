import { describe, expect, it } from 'vitest'
import { contrastRatio, parseColor, readableOn, textContrast } from './contrast.ts'

describe('contrast of creator colours', () => {
  it('parses the colour forms the builder accepts', () => {
    expect(parseColor('#fff')).toEqual([255, 255, 255])
    expect(parseColor('#99D52A')).toEqual([153, 213, 42])
    expect(parseColor('rgb(10, 20, 30)')).toEqual([10, 20, 30])
    expect(parseColor('rgba(10, 20, 30, 1)')).toEqual([10, 20, 30])
    expect(parseColor('hsl(0, 100%, 50%)')).toEqual([255, 0, 0])
    expect(parseColor('rgba(0,0,0,.5)')).toBeUndefined()
    expect(parseColor('red')).toBeUndefined()
  })

  it('computes WCAG contrast', () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5)
    expect(contrastRatio([255, 255, 255], [153, 213, 42])).toBeCloseTo(1.76, 2)
  })

  it.each([
    ['#99D52A', '#000000'],
    ['#FF0000', '#000000'],
    ['#202020', '#FFFFFF'],
    ['#000080', '#FFFFFF'],
    ['#777777', '#000000'],
  ])('picks black or white on %s: %s', (background, expected) => {
    expect(readableOn(parseColor(background)!)).toBe(expected)
  })

  it('says whether a text colour meets AA 4.5:1 on its background, and what fixes it', () => {
    // SPEC's default link button (white on #99D52A) and the default CTA (white on #FF0000).
    expect(textContrast('#FFFFFF', '#99D52A')).toEqual({ ratio: 1.76, legible: false, fix: '#000000' })
    expect(textContrast('#ffffff', '#FF0000')).toEqual({ ratio: 3.99, legible: false, fix: '#000000' })
    expect(textContrast('#FFFFFF', '#202020')).toEqual({ ratio: 16.29, legible: true, fix: '#FFFFFF' })
    // #767676 on white is 4.54:1, just above the line; #777777 is 4.47:1, just below.
    expect(textContrast('#767676', '#FFFFFF')).toMatchObject({ ratio: 4.54, legible: true })
    expect(textContrast('#777777', '#FFFFFF')).toMatchObject({ ratio: 4.47, legible: false, fix: '#000000' })
    // Whatever the fix picks is legible.
    for (const background of ['#99D52A', '#FF0000', '#777777', '#2BAA50', 'hsl(200, 50%, 45%)']) {
      const { fix } = textContrast('#888888', background)!
      expect(textContrast(fix, background)!.legible, background).toBe(true)
    }
  })

  it('knows nothing of an unset, unknown or translucent colour', () => {
    expect(textContrast(null, '#FFFFFF')).toBeUndefined()
    expect(textContrast('#FFFFFF', undefined)).toBeUndefined()
    expect(textContrast('#FFFFFF', 'rgba(0,0,0,.2)')).toBeUndefined()
    expect(textContrast('tomato', '#FFFFFF')).toBeUndefined()
  })
})
