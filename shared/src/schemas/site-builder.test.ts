import { describe, expect, it } from 'vitest'
import {
  CreateSiteBody,
  CreativeSchema,
  DEFAULT_MAX_CREATIVES,
  ProductSchema,
  UpdateSiteBody,
} from './site-builder.ts'

const paths = (result: {
  success: boolean
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> }
}) => result.error?.issues.map((i) => `${i.path.join('.')} ${i.message}`) ?? []

describe('site builder bodies', () => {
  it('creates with the SPEC defaults and the plan limit', () => {
    expect(CreateSiteBody.parse({ name: 'サイト', numberHorizontal: 2, numberVertical: 3 })).toEqual({
      name: 'サイト',
      numberHorizontal: 2,
      numberVertical: 3,
      viewMode: 'MOBILE',
      defaultLanguage: 'JP',
      languages: ['JP'],
    })
    expect(paths(CreateSiteBody.safeParse({ name: 'x', numberHorizontal: 11, numberVertical: 10 }))).toEqual([
      'numberHorizontal validation.tooManyCreatives',
    ])
    expect(DEFAULT_MAX_CREATIVES).toBe(100)
    expect(
      paths(
        CreateSiteBody.safeParse({
          name: 'x',
          numberHorizontal: 1,
          numberVertical: 1,
          defaultLanguage: 'EN',
        }),
      ),
    ).toEqual(['defaultLanguage validation.invalid'])
  })

  it('gives creatives and products their SPEC §3 defaults', () => {
    expect(CreativeSchema.parse({ lang: 'JP', position: 'A1' })).toMatchObject({
      linkButtonColor: '#99D52A',
      linkTextColor: '#FFFFFF',
      hoverArrowColor: '#FFFFFF',
      products: [],
    })
    expect(ProductSchema.parse({})).toMatchObject({
      linkButtonColor: '#2BAA50',
      coordinateX: 65,
      coordinateY: 260,
      isInternalLink: false,
    })
    expect(paths(CreativeSchema.safeParse({ lang: 'JP', position: 'a1' }))).toEqual([
      'position validation.invalid',
    ])
  })

  it('reads null as "not set" so a loaded site can be sent back', () => {
    const parsed = UpdateSiteBody.parse({
      version: 1,
      globalSetting: {
        id: 's',
        name: 'n',
        numberHorizontal: 1,
        numberVertical: 1,
        languages: ['JP'],
        logoKey: null,
      },
      menus: [{ lang: 'JP', items: [], textColor: null }],
    })
    expect(parsed.globalSetting).not.toHaveProperty('logoKey')
    expect(parsed.menus).toEqual([{ lang: 'JP', items: [] }])
  })
})
