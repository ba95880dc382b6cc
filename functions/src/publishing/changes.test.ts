import type { PublishInput } from '@swipe/web-site'
import { describe, expect, it } from 'vitest'
import { summarise, versionContent } from './changes.ts'

const content = (texts: Record<string, string>, extra: Record<string, unknown> = {}) =>
  versionContent({
    site: {
      id: 's',
      name: 'サイト',
      languages: ['JP', 'EN'],
      version: 3,
      updatedAt: 'x',
      status: 'PUBLISH',
      ...extra,
    },
    menus: [{ lang: 'JP', items: [] }],
    creatives: Object.entries(texts).map(([key, text]) => {
      const [lang, position] = key.split(':')
      return { lang, position, mainText: text }
    }),
    settings: [],
    media: {},
    publishedAt: '',
    address: { form: 'host' },
  } as unknown as PublishInput)

describe('summarise', () => {
  it('says what changed: cells per language, languages in the site order, the global setting', () => {
    const before = content({ 'JP:A1': 'a', 'JP:A2': 'b', 'EN:A1': 'c' })
    expect(summarise(before, content({ 'JP:A1': 'a', 'JP:A2': 'b', 'EN:A1': 'c' }))).toEqual({
      first: false,
      cells: 0,
      languages: [],
      global: false,
      changedCells: [],
    })
    // An edit, a removal and an addition; the version number and timestamps are not content.
    expect(summarise(before, content({ 'JP:A1': 'x', 'EN:A1': 'c', 'EN:A2': 'd' }, { version: 9 }))).toEqual({
      first: false,
      cells: 3,
      languages: ['JP', 'EN'],
      global: false,
      changedCells: ['EN:A2', 'JP:A1', 'JP:A2'],
    })
    expect(
      summarise(before, content({ 'JP:A1': 'a', 'JP:A2': 'b', 'EN:A1': 'c' }, { name: '新' })).global,
    ).toBe(true)
  })

  it('marks the first version, and a version after one that kept no content', () => {
    const after = content({ 'JP:A1': 'a' })
    expect(summarise(undefined, after)).toMatchObject({ first: true, cells: 1, languages: ['JP', 'EN'] })
    expect(summarise(undefined, after, true)).toMatchObject({ first: false, cells: 1, global: true })
  })
})
