import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sitesApi } from '../../api.ts'
import { draftOf, saveBodyOf, validateSave } from '../frame/editorModel.ts'
import { calls, renderTab, SITE_PATH, siteReply, testPlan, testSite } from '../frame/testing.tsx'
import { AdTagsTab } from './AdTagsTab.tsx'

/** The server-side destinations the tab asks for (ServerConversions.test.tsx covers them). */
const routes = {
  'GET /site/site-1/conversions': { body: { items: [] } },
  [`PUT ${SITE_PATH}`]: siteReply(testSite({ version: 4 })),
}

const section = () =>
  screen.getByRole('region', { name: 'メッセージマッチ（広告ごとの最初のクリエイティブ）' })
const rule = (n: number) => within(section()).getByRole('group', { name: `ルール ${n}` })
const addButton = () => within(section()).getByRole('button', { name: 'ルールを追加' }) as HTMLButtonElement

/** `message_match` of the save's body as sent (snake_case on the wire). */
const sentRules = (requests: ReturnType<typeof renderTab>['requests']) => {
  const [sent] = calls(requests, 'PUT', SITE_PATH)
  expect(sent).toBeDefined()
  return (sent!.body as { global_setting: Record<string, unknown> }).global_setting.message_match
}

/**
 * Picks an option of an antd select: open it, type to filter (the cells' select searches), click
 * the option in the open list (its accessible copy beside the list takes no clicks).
 */
const choose = async (
  user: ReturnType<typeof renderTab>['user'],
  box: HTMLElement,
  label: string,
  option: string,
) => {
  const select = within(box).getByRole('combobox', { name: label })
  await user.click(select)
  if (select.getAttribute('readonly') === null) await user.keyboard(option)
  const item = await waitFor(() => {
    const found = [
      ...document.querySelectorAll<HTMLElement>(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
      ),
    ].find((element) => element.title === option)
    expect(found).toBeDefined()
    return found!
  })
  await user.click(item)
}

/** A site with a three-by-three grid (A1…C3). */
const gridSite = (
  messageMatch: { param: 'utm_content' | 'utm_campaign'; value: string; cell: string }[] | null,
) => testSite({ globalSetting: { numberHorizontal: 3, numberVertical: 3, messageMatch } })

describe('message match', () => {
  it('starts empty, adds and edits rules, removes one, and the save sends them exactly', async () => {
    const { user, draft, requests } = renderTab(AdTagsTab, { site: gridSite(null), routes })
    expect(
      within(section()).getByText('ルールはまだありません。すべての訪問者にA1から表示します。'),
    ).toBeTruthy()
    expect(
      within(section()).getByText(
        '広告のURLに utm_content / utm_campaign を付けると、その値に合うクリエイティブから表示します。公開後に反映されます。',
      ),
    ).toBeTruthy()
    expect(
      within(section()).getByText(`${testSite().globalSetting.url}?utm_content=spring_sale`),
    ).toBeTruthy()

    await user.click(addButton())
    // The new rule's value has the focus: typing goes straight into it.
    expect(document.activeElement).toBe(within(rule(1)).getByLabelText('値'))
    await user.keyboard('Spring_A')
    expect(draft().globalSetting.messageMatch).toEqual([
      { param: 'utm_content', value: 'Spring_A', cell: 'B1' },
    ])
    // What the edge compares, and the example URL with the rule's value.
    expect(within(rule(1)).getByText('「spring_a」として照合します。')).toBeTruthy()
    expect(within(section()).getByText(`${testSite().globalSetting.url}?utm_content=spring_a`)).toBeTruthy()
    await choose(user, rule(1), '最初に表示するセル', 'C2')

    await user.click(addButton())
    await user.paste('summer')
    await choose(user, rule(2), 'パラメーター', 'utm_campaign')
    await user.click(addButton())
    await user.paste('autumn')
    expect(draft().globalSetting.messageMatch).toEqual([
      { param: 'utm_content', value: 'Spring_A', cell: 'C2' },
      { param: 'utm_campaign', value: 'summer', cell: 'B1' },
      { param: 'utm_content', value: 'autumn', cell: 'B1' },
    ])

    // Removing the second renumbers the third; the focus goes back to 「ルールを追加」.
    await user.click(within(section()).getByRole('button', { name: 'ルール 2 を削除' }))
    expect(document.activeElement).toBe(addButton())
    expect(within(section()).queryByRole('group', { name: 'ルール 3' })).toBeNull()
    expect((within(rule(2)).getByLabelText('値') as HTMLInputElement).value).toBe('autumn')

    const body = saveBodyOf(draft(), 3)
    expect(validateSave(body, draftOf(gridSite(null)), testPlan())).toEqual([])
    await sitesApi.save('site-1', body)
    expect(sentRules(requests)).toEqual([
      { param: 'utm_content', value: 'Spring_A', cell: 'C2' },
      { param: 'utm_content', value: 'autumn', cell: 'B1' },
    ])
  })

  it('loads saved rules, and sends an empty list once the last one is removed', async () => {
    const saved = [{ param: 'utm_campaign' as const, value: 'black_friday', cell: 'A3' }]
    const { user, draft, requests } = renderTab(AdTagsTab, { site: gridSite(saved), routes })
    expect((within(rule(1)).getByLabelText('値') as HTMLInputElement).value).toBe('black_friday')
    expect(
      within(rule(1)).getByRole('combobox', { name: 'パラメーター' }).closest('.ant-select')?.textContent,
    ).toBe('utm_campaign')
    expect(
      within(rule(1)).getByRole('combobox', { name: '最初に表示するセル' }).closest('.ant-select')
        ?.textContent,
    ).toBe('A3')
    expect(saveBodyOf(draft(), 3).globalSetting.messageMatch).toEqual(saved)

    await user.click(within(section()).getByRole('button', { name: 'ルール 1 を削除' }))
    expect(
      within(section()).getByText('ルールはまだありません。すべての訪問者にA1から表示します。'),
    ).toBeTruthy()
    await sitesApi.save('site-1', saveBodyOf(draft(), 3))
    expect(sentRules(requests)).toEqual([])
  })

  it('checks each rule as the save does: required, length as compared, duplicates, the grid', async () => {
    const site = testSite({
      globalSetting: {
        messageMatch: [
          { param: 'utm_content', value: 'ad1', cell: 'B1' },
          { param: 'utm_campaign', value: 'ad1', cell: 'A2' },
          { param: 'utm_content', value: '', cell: 'B2' },
          // The grid shrank to 2×2 after this rule was made.
          { param: 'utm_campaign', value: 'old', cell: 'C3' },
        ],
      },
    })
    const { user } = renderTab(AdTagsTab, { site, routes })
    // The same value under another parameter is no duplicate; an empty one is.
    expect(within(rule(1)).queryByRole('alert')).toBeNull()
    expect(within(rule(2)).queryByText('同じパラメーターと値のルールがすでにあります。')).toBeNull()
    expect(within(rule(3)).getByText('この項目は必須です。')).toBeTruthy()
    expect(within(rule(4)).getByText('表示するセルがグリッドの外です。')).toBeTruthy()

    const value = within(rule(3)).getByLabelText('値')
    await user.type(value, ' AD1 ')
    expect(within(rule(3)).queryByText('この項目は必須です。')).toBeNull()
    expect(within(rule(3)).getByText('同じパラメーターと値のルールがすでにあります。')).toBeTruthy()
    expect(within(rule(1)).queryByText('同じパラメーターと値のルールがすでにあります。')).toBeNull()

    // 40 characters as compared pass (percent-escapes count decoded); the 41st does not.
    await user.clear(value)
    await user.paste(`%E6%98%A5${'a'.repeat(39)}`)
    expect(within(rule(3)).queryByText('40文字以内で入力してください。')).toBeNull()
    expect(within(rule(3)).getByText('40 / 40')).toBeTruthy()
    await user.type(value, 'b')
    expect(within(rule(3)).getByText('40文字以内で入力してください。')).toBeTruthy()

    await choose(user, rule(4), '最初に表示するセル', 'B2')
    expect(within(rule(4)).queryByText('表示するセルがグリッドの外です。')).toBeNull()
  })

  it("shows the save's problems on the rule and field they name", () => {
    const site = gridSite([
      { param: 'utm_content', value: 'a', cell: 'B1' },
      { param: 'utm_content', value: 'b', cell: 'C3' },
    ])
    renderTab(AdTagsTab, {
      site,
      routes,
      problems: [
        { path: 'globalSetting.messageMatch.1.cell', message: '表示するセルがグリッドの外です。' },
        {
          path: 'globalSetting.messageMatch.0.value',
          message: '同じパラメーターと値のルールがすでにあります。',
        },
        { path: 'globalSetting.messageMatch', message: 'メッセージマッチのルールは8件までです。' },
      ],
    })
    const fieldOf = (n: number, label: string) =>
      within(rule(n)).getByLabelText(label).closest('.ant-form-item') as HTMLElement
    expect(
      within(fieldOf(2, '最初に表示するセル')).getByText('表示するセルがグリッドの外です。'),
    ).toBeTruthy()
    expect(within(fieldOf(1, '値')).getByText('同じパラメーターと値のルールがすでにあります。')).toBeTruthy()
    expect(within(rule(1)).queryByText('表示するセルがグリッドの外です。')).toBeNull()
    expect(within(rule(2)).queryByText('同じパラメーターと値のルールがすでにあります。')).toBeNull()
    expect(within(section()).getByRole('alert').textContent).toBe('メッセージマッチのルールは8件までです。')
  })

  it('stops at eight rules and says why; a removal allows another', async () => {
    const seven = Array.from({ length: 7 }, (_, i) => ({
      param: 'utm_content' as const,
      value: `ad${i + 1}`,
      cell: 'B1',
    }))
    const { user, draft } = renderTab(AdTagsTab, {
      site: testSite({ globalSetting: { messageMatch: seven } }),
      routes,
    })
    expect(within(section()).queryByText('ルールは8件まで追加できます。')).toBeNull()
    await user.click(addButton())
    expect(draft().globalSetting.messageMatch).toHaveLength(8)
    expect(addButton().disabled).toBe(true)
    const reason = within(section()).getByText('ルールは8件まで追加できます。')
    expect(addButton().getAttribute('aria-describedby')).toBe(reason.id)

    await user.click(within(section()).getByRole('button', { name: 'ルール 8 を削除' }))
    expect(addButton().disabled).toBe(false)
    expect(within(section()).queryByText('ルールは8件まで追加できます。')).toBeNull()
    expect(draft().globalSetting.messageMatch).toEqual(seven)
  })

  it('stays usable on a plan without tags, and read-only for a viewer', () => {
    const site = gridSite([{ param: 'utm_content', value: 'a', cell: 'B1' }])
    const { unmount } = renderTab(AdTagsTab, {
      site: { ...site, plan: testPlan({ settingTagSeo: false }) },
      routes,
    })
    expect(addButton().disabled).toBe(false)
    expect((within(rule(1)).getByLabelText('値') as HTMLInputElement).disabled).toBe(false)
    unmount()

    renderTab(AdTagsTab, { site, routes, readOnly: true })
    expect(addButton().disabled).toBe(true)
    expect((within(rule(1)).getByLabelText('値') as HTMLInputElement).disabled).toBe(true)
    expect(
      (within(section()).getByRole('button', { name: 'ルール 1 を削除' }) as HTMLButtonElement).disabled,
    ).toBe(true)
  })
})
