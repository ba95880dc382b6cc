import { describe, expect, it } from 'vitest'
import { contrastRatio, legibleText, parseColor } from './contrast.ts'

describe('legible creator colours', () => {
  it('parses the colour forms the builder accepts', () => {
    expect(parseColor('#fff')).toEqual([255, 255, 255])
    expect(parseColor('#99D52A')).toEqual([153, 213, 42])
    expect(parseColor('rgb(10, 20, 30)')).toEqual([10, 20, 30])
    expect(parseColor('hsl(0, 100%, 50%)')).toEqual([255, 0, 0])
    expect(parseColor('rgba(0,0,0,.5)')).toBeUndefined()
    expect(parseColor('red')).toBeUndefined()
  })

  it('computes WCAG contrast', () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5)
    expect(contrastRatio([255, 255, 255], [153, 213, 42])).toBeCloseTo(1.76, 2)
  })

  it.each([
    ['#FFFFFF', '#99D52A', '#000000'],
    ['#FFFFFF', '#FF0000', '#000000'],
    ['#FFFFFF', '#202020', '#FFFFFF'],
    ['#FFFF00', '#000080', '#FFFF00'],
    ['#000000', '#1A1A1A', '#FFFFFF'],
    ['#FFFFFF', 'rgba(0,0,0,.2)', '#FFFFFF'],
  ])('%s on %s reads as %s', (text, background, expected) => {
    expect(legibleText(text, background)).toBe(expected)
  })
})
