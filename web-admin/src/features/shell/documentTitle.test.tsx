import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import en from '../../i18n/en.json'
import ja from '../../i18n/ja.json'
import ko from '../../i18n/ko.json'
import zh from '../../i18n/zh.json'
import { storeSession, userInfoBody } from '../../test/fixtures.ts'
import { mockApi } from '../../test/mockApi.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'
import { CONSOLE_ROUTES } from './consoleRoutes.ts'
import { documentTitleOf } from './documentTitle.ts'

describe('document titles of the console', () => {
  it('names the tab after the screen, and follows navigation and the language', async () => {
    storeSession({ menu_areas: ['summary', 'latestInformation'] })
    mockApi({
      'GET /auth/user-info': { body: userInfoBody({ menu_areas: ['summary', 'latestInformation'] }) },
    })
    const { user } = renderWithProviders({ at: '/master/summary' })

    await screen.findByRole('heading', { name: 'サマリー', level: 1 })
    await waitFor(() => expect(document.title).toBe('サマリー | Swipe LP Studio'))

    await user.click(screen.getByRole('link', { name: '最新情報' }))
    await screen.findByRole('heading', { name: '最新情報一覧', level: 1 })
    await waitFor(() => expect(document.title).toBe('最新情報一覧 | Swipe LP Studio'))

    for (const [option, title] of [
      ['English', 'Latest information | Swipe LP Studio'],
      ['中文', '最新信息列表 | Swipe LP Studio'],
      ['한국어', '최신 정보 목록 | Swipe LP Studio'],
    ]) {
      // The header's language switcher (the screen below has a filter of its own).
      await user.selectOptions(within(screen.getByRole('banner')).getByRole('combobox'), option as string)
      await waitFor(() => expect(document.title).toBe(title))
    }
  })

  it('has a page title for every console route in all four languages', () => {
    expect(documentTitleOf(ja.pages.siteList, ja.app.name)).toBe('サイト一覧 | Swipe LP Studio')
    expect(documentTitleOf(en.pages.siteList, en.app.name)).toBe('Site list | Swipe LP Studio')
    expect(documentTitleOf(zh.pages.siteList, zh.app.name)).toBe('网站列表 | Swipe LP Studio')
    expect(documentTitleOf(ko.pages.siteList, ko.app.name)).toBe('사이트 목록 | Swipe LP Studio')
    expect(documentTitleOf(undefined, 'Swipe LP Studio')).toBe('Swipe LP Studio')
    for (const catalogue of [ja, en, zh, ko])
      for (const route of CONSOLE_ROUTES) expect(catalogue.pages[route.page], route.page).toMatch(/\S/)
  })
})
