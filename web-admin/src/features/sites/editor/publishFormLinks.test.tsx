import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  calls,
  editorReady,
  lastDialog,
  openEditor,
  SITE_PATH,
  siteReply,
  testCreative,
  testSite,
} from './frame/testing.tsx'

/** A site whose A1 button links to the contact form, which is off (the default forms). */
const linked = (version = 3) =>
  testSite({
    version,
    creatives: [
      testCreative('JP', 'A1', { isInternalLink: true, linkDestinationUrl: 'contact' }),
      testCreative('JP', 'B1'),
    ],
  })

describe('publishing with links to disabled forms', () => {
  it('lists the links and publishes only when the creator goes on', async () => {
    const { user, requests } = openEditor(linked(), {
      [`PUT ${SITE_PATH}`]: siteReply(linked(4)),
      [`POST ${SITE_PATH}/status`]: siteReply(testSite({ version: 5, globalSetting: { status: 'PUBLISH' } })),
    })
    await editorReady()
    await user.click(screen.getByRole('button', { name: '保存して公開' }))
    const dialog = await lastDialog()
    expect(within(dialog).getAllByText('無効なフォームへのリンクがあります').length).toBeGreaterThan(0)
    expect(within(dialog).getByRole('listitem').textContent).toBe(
      '日本語: A1のリンクボタン → お問い合わせフォーム',
    )
    // Going back saves nothing.
    await user.click(within(dialog).getByRole('button', { name: '戻って修正する' }))
    expect(calls(requests, 'PUT', SITE_PATH)).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: '保存して公開' }))
    await user.click(within(await lastDialog()).getByRole('button', { name: 'このまま公開する' }))
    await waitFor(() => expect(calls(requests, 'POST', `${SITE_PATH}/status`)).toHaveLength(1))
  })

  it('never asks on a save', async () => {
    const { user, requests } = openEditor(linked(), { [`PUT ${SITE_PATH}`]: siteReply(linked(4)) })
    await editorReady()
    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(calls(requests, 'PUT', SITE_PATH)).toHaveLength(1))
    expect(screen.queryByText('無効なフォームへのリンクがあります')).toBeNull()
  })
})
