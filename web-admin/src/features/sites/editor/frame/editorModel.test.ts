import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  addLanguage,
  draftOf,
  languageOfPath,
  mergeServerCreatives,
  removeLanguage,
  saveBodyOf,
  switchOnlyLanguage,
  tabOfPath,
  validateSave,
} from './editorModel.ts'
import { testCreative, testCta, testPlan, testSite } from './testing.tsx'
import { useEditorState } from './useEditorState.ts'

describe('editor model', () => {
  it('saves the global setting without the fields the server owns, and every part whole', () => {
    const site = testSite()
    const body = saveBodyOf(draftOf(site), 7)
    expect(body.version).toBe(7)
    expect(Object.keys(body.globalSetting).sort()).toEqual(
      [
        'id',
        'name',
        'numberHorizontal',
        'numberVertical',
        'viewMode',
        'defaultLanguage',
        'languages',
        'displayLanguageIcon',
        'displayGlobalMenu',
        'creativeFit',
        'faviconKey',
        'logoKey',
        'globalMenuTextColor',
        'speakerColor',
        'popupCtas',
        'adTags',
        'messageMatch',
      ].sort(),
    )
    expect(body.menus).toBe(site.menus)
    expect(body.creatives).toBe(site.creatives)
    expect(body.settings).toBe(site.settings)
  })

  it('accepts a loaded site as it is, and checks the plan limit only when the grid changes', () => {
    const site = testSite({ plan: testPlan({}, 3) })
    const draft = draftOf(site)
    // A site made under a larger plan stays editable.
    expect(validateSave(saveBodyOf(draft, 3), draft, site.plan)).toEqual([])
    const grown = { ...draft, globalSetting: { ...draft.globalSetting, numberHorizontal: 3 } }
    expect(validateSave(saveBodyOf(grown, 3), draft, site.plan)).toEqual([
      {
        path: 'globalSetting.numberHorizontal',
        message: '行数×列数がプランのクリエイティブ上限を超えています。',
      },
    ])
  })

  it('round-trips message-match rules and checks them as the API does', () => {
    const rules = [
      { param: 'utm_content' as const, value: 'spring_a', cell: 'B1' },
      { param: 'utm_campaign' as const, value: 'SPRING_A', cell: 'A2' },
    ]
    const draft = draftOf(testSite({ globalSetting: { messageMatch: rules } }))
    expect(saveBodyOf(draft, 3).globalSetting.messageMatch).toEqual(rules)
    expect(validateSave(saveBodyOf(draft, 3), draft, testPlan())).toEqual([])
    const twice = {
      ...draft,
      globalSetting: { ...draft.globalSetting, messageMatch: [rules[0]!, rules[0]!] },
    }
    expect(validateSave(saveBodyOf(twice, 3), draft, testPlan())).toEqual([
      {
        path: 'globalSetting.messageMatch.1.value',
        message: '同じパラメーターと値のルールがすでにあります。',
      },
    ])
  })

  it('reports schema problems at their paths with localised messages', () => {
    const draft = draftOf(testSite())
    const broken = {
      ...draft,
      globalSetting: { ...draft.globalSetting, name: '', speakerColor: 'blue-ish' },
      menus: [{ lang: 'JP' as const, items: [{ name: 'A' }, { name: 'A' }], textColor: null }],
    }
    expect(validateSave(saveBodyOf(broken, 3), draft, testPlan())).toEqual([
      { path: 'globalSetting.name', message: 'この項目は必須です。' },
      {
        path: 'globalSetting.speakerColor',
        message: '色は16進数(#RGB / #RRGGBB)、rgb(a)、hsl(a)で入力してください。',
      },
      { path: 'menus.0.items.1.name', message: 'メニュー項目が重複しています。' },
    ])
  })

  it('names the tab and the language of a problem', () => {
    const draft = draftOf(testSite({ globalSetting: { languages: ['JP', 'EN'] } }))
    expect(tabOfPath('globalSetting.name')).toBe('settings')
    expect(tabOfPath('globalSetting.popupCtas.2.endDate')).toBe('cta')
    expect(tabOfPath('globalSetting.customDomain')).toBe('domain')
    expect(tabOfPath('globalSetting.adTags.consent')).toBe('tags')
    expect(tabOfPath('globalSetting.messageMatch.1.cell')).toBe('tags')
    expect(tabOfPath('globalSetting.messageMatch')).toBe('tags')
    expect(tabOfPath('creatives.JP')).toBe('creatives')
    expect(tabOfPath('menus.0.items.1.name')).toBe('menu')
    expect(tabOfPath('settings.1.seo.title')).toBe('other')
    expect(tabOfPath('version')).toBe('settings')
    expect(languageOfPath('creatives.EN', draft)).toBe('EN')
    expect(languageOfPath('settings.1.seo.title', draft)).toBe('EN')
    expect(languageOfPath('globalSetting.name', draft)).toBeUndefined()
  })

  it('adds and removes languages with their entries', () => {
    const draft = draftOf(testSite())
    const added = addLanguage(draft, 'KR')
    expect(added.globalSetting.languages).toEqual(['JP', 'KR'])
    expect(added.menus.map((m) => m.lang)).toEqual(['JP', 'KR'])
    expect(added.settings.find((s) => s.lang === 'KR')?.forms?.contact.fields[0]?.title).toBe('이메일 주소')
    const removed = removeLanguage(
      { ...added, creatives: [...added.creatives, testCreative('KR', 'A1')] },
      'KR',
    )
    expect(removed.globalSetting.languages).toEqual(['JP'])
    expect(removed.creatives.every((c) => c.lang === 'JP')).toBe(true)
    expect(removed.menus.map((m) => m.lang)).toEqual(['JP'])
    expect(removed.settings.map((s) => s.lang)).toEqual(['JP'])

    const switched = switchOnlyLanguage(draft, 'CN')
    expect(switched.globalSetting).toMatchObject({ languages: ['CN'], defaultLanguage: 'CN' })
    expect(switched.creatives).toEqual([])
  })

  it('switches the language icon on when a single-language site gets a second language', () => {
    const single = draftOf(testSite({ globalSetting: { languages: ['JP'], displayLanguageIcon: false } }))
    expect(addLanguage(single, 'EN').globalSetting.displayLanguageIcon).toBe(true)
    // Switching the only language is no second language.
    expect(switchOnlyLanguage(single, 'EN').globalSetting.displayLanguageIcon).toBe(false)
    // The creator switched it off on a multilingual site: a third language leaves that alone.
    const off = draftOf(testSite({ globalSetting: { languages: ['JP', 'EN'], displayLanguageIcon: false } }))
    expect(addLanguage(off, 'KR').globalSetting).toMatchObject({
      languages: ['JP', 'EN', 'KR'],
      displayLanguageIcon: false,
    })
  })

  it('drops a removed language’s CTA texts and images, and keeps the others', () => {
    const cta = testCta({
      localized: [
        { lang: 'JP', content: '今だけ' },
        { lang: 'EN', content: 'Today only', imageUrl: 'sites/s/uploads/en.png' },
      ],
    })
    const draft = draftOf(testSite({ globalSetting: { languages: ['JP', 'EN'], popupCtas: [cta] } }))
    expect(removeLanguage(draft, 'EN').globalSetting.popupCtas).toEqual([
      { ...cta, localized: [{ lang: 'JP', content: '今だけ' }] },
    ])
  })

  it("merges the server's creatives of one language and keeps every other edit", () => {
    const draft = draftOf(testSite({ globalSetting: { languages: ['JP', 'EN'] } }))
    const edited = {
      ...draft,
      globalSetting: { ...draft.globalSetting, name: '編集中' },
      creatives: [
        testCreative('JP', 'A1', { mainText: '手で編集' }),
        testCreative('EN', 'A1', { mainText: 'edited' }),
      ],
    }
    const server = testSite({
      version: 9,
      creatives: [testCreative('JP', 'A1'), testCreative('JP', 'B1'), testCreative('EN', 'A1')],
    })
    const merged = mergeServerCreatives(edited, server, 'JP')
    expect(merged.globalSetting.name).toBe('編集中')
    expect(merged.creatives.map((c) => `${c.lang}:${c.position}:${c.mainText}`)).toEqual([
      'EN:A1:edited',
      'JP:A1:null',
      'JP:B1:null',
    ])
  })
})

describe('editor state', () => {
  it("takes a bulk upload: version, media and that language's creatives, the rest of the draft unchanged and still dirty", () => {
    const { result } = renderHook(() => useEditorState(testSite()))
    act(() => result.current.change((d) => ({ ...d, globalSetting: { ...d.globalSetting, name: '編集中' } })))
    const server = testSite({
      version: 8,
      creatives: [testCreative('JP', 'A1'), testCreative('JP', 'B1'), testCreative('JP', 'A2')],
      media: [{ key: 'sites/site-1/JP/A2.png', url: 'https://storage.test/A2.png' }],
    })
    act(() => result.current.acceptServerCreatives(server, 'JP'))
    expect(result.current.version).toBe(8)
    expect(result.current.dirty).toBe(true)
    expect(result.current.draft.globalSetting.name).toBe('編集中')
    expect(result.current.draft.creatives.map((c) => c.position)).toEqual(['A1', 'B1', 'A2'])
    expect(result.current.mediaUrl('sites/site-1/JP/A2.png')).toBe('https://storage.test/A2.png')
  })

  it('keeps an edit made while a save was on its way', () => {
    const { result } = renderHook(() => useEditorState(testSite()))
    act(() => result.current.change((d) => ({ ...d, globalSetting: { ...d.globalSetting, name: 'A' } })))
    const sent = result.current.draft
    act(() => result.current.change((d) => ({ ...d, globalSetting: { ...d.globalSetting, name: 'AB' } })))
    act(() => result.current.accept(testSite({ version: 4, globalSetting: { name: 'A' } }), sent))
    expect(result.current.version).toBe(4)
    expect(result.current.draft.globalSetting.name).toBe('AB')
    expect(result.current.dirty).toBe(true)
  })
})
