import { describe, expect, it } from 'vitest'
import { keysToCamel, keysToSnake, stripNestedIds, toCamel, toSnake } from './case.ts'

describe('key case conversion', () => {
  it.each([
    ['globalSetting', 'global_setting'],
    ['numberHorizontal', 'number_horizontal'],
    ['logoUrl', 'logo_url'],
    ['id', 'id'],
    ['imageURL', 'image_url'],
    ['h1', 'h1'],
  ])('%s <-> %s', (camel, snake) => {
    expect(toSnake(camel)).toBe(snake)
    expect(toCamel(snake)).toBe(camel === 'imageURL' ? 'imageUrl' : camel)
  })

  it('walks nested objects and arrays but leaves values alone', () => {
    const snake = {
      site_id: 'A_B',
      global_setting: { number_vertical: 3, languages: ['JP'] },
      pop_ups: [{ link_url: 'x_y' }],
    }
    const camel = keysToCamel(snake)
    expect(camel).toEqual({
      siteId: 'A_B',
      globalSetting: { numberVertical: 3, languages: ['JP'] },
      popUps: [{ linkUrl: 'x_y' }],
    })
    expect(keysToSnake(camel)).toEqual(snake)
  })

  it('strips id only below the top level', () => {
    expect(stripNestedIds({ id: 1, menu: [{ id: 2, name: 'a' }], seo: { id: 3, title: 't' } })).toEqual({
      id: 1,
      menu: [{ name: 'a' }],
      seo: { title: 't' },
    })
  })
})
