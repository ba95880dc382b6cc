import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { createAccount, seededMaster, type TestAccount, tokenFor } from '../support/accounts.ts'
import { api, mailsTo, waitForMail } from '../support/api.ts'
import { useStackEnv, useStackPlatform } from '../support/env.ts'

/**
 * Issue 33 part 4, personal notices: what the approval gate tells one account lands in its bell
 * (`GET /me/notices`, `POST /me/notices/read`) and its mailbox, in the language its console last
 * used. `notifyAccounts` and `approversOf` run in this process against the stack's table and mail
 * emulator, as the approval handlers run them in the stack.
 */

const stack = useStackEnv()
useStackPlatform()
const { urls } = stack
const http = api(urls.api)
const admin = stack.env.ADMIN_ORIGIN!.replace(/\/$/, '')

const domain = () => import('../../functions/src/domain/account-notices.ts')
/** The account's stored notices, newest first, as the bell reads them. */
const storedNotices = async (accountId: string) => {
  const { AccountNotices } = await import('../../functions/src/data/account-notices.ts')
  return (await AccountNotices.query.byAccount({ accountId }).go({ order: 'desc', consistent: true })).data
}

let owner: TestAccount
let ownerToken: string
let approver: TestAccount
let approverToken: string
let stranger: TestAccount
let strangerToken: string

beforeAll(async () => {
  const oem = await createAccount({ type: 'OEM_MASTER', parent: await seededMaster(http) })
  owner = await createAccount({ type: 'USER', parent: oem })
  approver = await createAccount({ type: 'SUB_ADMIN', parent: owner, adminRole: 'MAIN_CONTACT' })
  stranger = await createAccount({ type: 'USER', parent: oem })
  ownerToken = await tokenFor(http, owner.email, owner.password)
  approverToken = await tokenFor(http, approver.email, approver.password)
  strangerToken = await tokenFor(http, stranger.email, stranger.password)
})

describe('approversOf', () => {
  it('names the owner and its main contacts with EDIT authority and an active contract, less the one excepted', async () => {
    const others = await Promise.all([
      createAccount({ type: 'SUB_ADMIN', parent: owner, adminRole: 'EDITOR' }),
      createAccount({ type: 'SUB_ADMIN', parent: owner, adminRole: 'VIEWER' }),
      createAccount({ type: 'SUB_ADMIN', parent: owner, adminRole: 'MAIN_CONTACT', authority: 'VIEW' }),
      createAccount({ type: 'SUB_ADMIN', parent: owner, adminRole: 'MAIN_CONTACT', status: 'SUSPENDED' }),
      // Another account's main contact: not the owner's.
      createAccount({ type: 'SUB_ADMIN', parent: stranger, adminRole: 'MAIN_CONTACT' }),
    ])
    expect(others).toHaveLength(5)
    const { approversOf } = await domain()
    expect(await approversOf({ ownerId: owner.accountId })).toEqual([owner.accountId, approver.accountId])
    expect(await approversOf({ ownerId: owner.accountId }, approver.accountId)).toEqual([owner.accountId])
    expect(await approversOf({ ownerId: owner.accountId }, owner.accountId)).toEqual([approver.accountId])
    expect(await approversOf({ ownerId: randomUUID() })).toEqual([])
  })
})

describe('personal notices', () => {
  const siteId = randomUUID()
  const request = {
    kind: 'approvalRequested' as const,
    siteId,
    siteName: '春のキャンペーン',
    requestId: 'req-1',
    by: 'Edith Editor',
    comment: '確認をお願いします。\n価格を更新しました。',
  }

  it('stores one notice per account, mails each once in its console language and skips unknown ids', async () => {
    // The approver's console is in English: its bell's poll records it (its bell is empty yet).
    const empty = await http.get('/me/notices', { token: approverToken, lang: 'en' })
    expect(empty.status).toBe(200)
    expect(empty.body).toEqual({ unread: 0, items: [] })

    const { notifyAccounts } = await domain()
    await expect(
      notifyAccounts([owner.accountId, randomUUID(), approver.accountId, owner.accountId], request),
    ).resolves.toBeUndefined()

    // The owner's language was never seen: Japanese.
    const ownerMail = await waitForMail(urls.mail, owner.email)
    expect(ownerMail.subject).toBe('【春のキャンペーン】公開の承認申請が届きました')
    expect(ownerMail.body.text).toBe(
      '春のキャンペーン の公開が申請されました。\n\n申請者：Edith Editor\nコメント：確認をお願いします。\n価格を更新しました。\n\n' +
        `エディタで内容を確認し、承認または差し戻してください。\n${admin}/adminuser/site/${siteId}`,
    )
    const approverMail = await waitForMail(urls.mail, approver.email)
    expect(approverMail.subject).toBe('春のキャンペーン: publishing requested')
    expect(approverMail.body.text).toBe(
      'Publishing 春のキャンペーン was requested.\n\nRequested by: Edith Editor\nComment: 確認をお願いします。\n価格を更新しました。\n\n' +
        `Review it in the editor, then approve or reject it:\n${admin}/adminuser/site/${siteId}`,
    )
    // Named twice, notified once.
    expect(await mailsTo(urls.mail, owner.email)).toHaveLength(1)
    expect(await storedNotices(owner.accountId)).toHaveLength(1)
    expect(await storedNotices(approver.accountId)).toHaveLength(1)
  })

  it("lists the caller's notices with the number unread", async () => {
    const [stored] = await storedNotices(owner.accountId)
    const listed = await http.get('/me/notices', { token: ownerToken })
    expect(listed.status).toBe(200)
    expect(listed.body).toEqual({
      unread: 1,
      items: [
        {
          id: stored!.noticeId,
          kind: 'approvalRequested',
          site_id: siteId,
          site_name: '春のキャンペーン',
          request_id: 'req-1',
          by: 'Edith Editor',
          comment: '確認をお願いします。\n価格を更新しました。',
          created_at: new Date(stored!.createdAt).toISOString(),
          read: false,
        },
      ],
    })
    expect((await http.get('/me/notices', { token: strangerToken })).body).toEqual({ unread: 0, items: [] })
  })

  it("answers 404 for another account's notice and stores nothing", async () => {
    const [mine] = await storedNotices(owner.accountId)
    const [theirs] = await storedNotices(approver.accountId)
    for (const ids of [[theirs!.noticeId], [mine!.noticeId, theirs!.noticeId], ['no-such-notice']]) {
      const refused = await http.post('/me/notices/read', { ids }, { token: ownerToken })
      expect(refused.status, ids.join()).toBe(404)
    }
    expect((await storedNotices(owner.accountId))[0]?.readAt).toBeUndefined()
    expect((await storedNotices(approver.accountId))[0]?.readAt).toBeUndefined()
    const empty = await http.post('/me/notices/read', {}, { token: ownerToken })
    expect(empty.status).toBe(400)
  })

  it('marks a notice read by id, once', async () => {
    const [mine] = await storedNotices(owner.accountId)
    const marked = await http.post('/me/notices/read', { ids: [mine!.noticeId] }, { token: ownerToken })
    expect(marked.status).toBe(200)
    expect(marked.body).toEqual({ unread: 0, message: '既読にしました。' })
    const readAt = (await storedNotices(owner.accountId))[0]?.readAt
    expect(readAt).toEqual(expect.any(Number))
    const listed = await http.get('/me/notices', { token: ownerToken })
    expect(listed.body.unread).toBe(0)
    expect(listed.body.items.map((item: { read: boolean }) => item.read)).toEqual([true])
    // Marking it again keeps the first instant.
    await http.post('/me/notices/read', { ids: [mine!.noticeId] }, { token: ownerToken })
    expect((await storedNotices(owner.accountId))[0]?.readAt).toBe(readAt)
  })

  it('words a decision with no name or comment, lists it newest first and marks all read', async () => {
    const { notifyAccounts } = await domain()
    await notifyAccounts([approver.accountId], {
      ...request,
      kind: 'approvalRejected',
      requestId: 'req-2',
      by: null,
      comment: null,
    })
    const mail = await waitForMail(urls.mail, approver.email, 2)
    expect(mail.subject).toBe('春のキャンペーン: publishing rejected')
    expect(mail.body.text).toBe(
      'Your request to publish 春のキャンペーン was rejected.\n\nRejected by: (unknown)\nComment: (none)\n\n' +
        `See what to change in the editor:\n${admin}/adminuser/site/${siteId}`,
    )

    const listed = await http.get('/me/notices', { token: approverToken, lang: 'en' })
    expect(listed.body.unread).toBe(2)
    expect(
      listed.body.items.map((item: Record<string, unknown>) => [
        item.kind,
        item.request_id,
        item.by,
        item.comment,
      ]),
    ).toEqual([
      ['approvalRejected', 'req-2', null, null],
      ['approvalRequested', 'req-1', 'Edith Editor', '確認をお願いします。\n価格を更新しました。'],
    ])
    const marked = await http.post('/me/notices/read', { all: true }, { token: approverToken, lang: 'en' })
    expect(marked.status).toBe(200)
    expect(marked.body).toEqual({ unread: 0, message: 'Marked as read.' })
    expect((await storedNotices(approver.accountId)).map((n) => n.readAt !== undefined)).toEqual([true, true])
    // The owner's notices are its own: untouched by the approver's mark.
    expect((await http.get('/me/notices', { token: ownerToken })).body.unread).toBe(0)
  })

  it('stores the notice even when its mail cannot be sent, and does not throw', async () => {
    const [{ notifyAccounts }, { platform, runWithPlatform }] = await Promise.all([
      domain(),
      import('../../functions/src/platform/index.ts'),
    ])
    const broken = {
      ...platform(),
      mail: { from: 'noreply@example.com', client: { send: () => Promise.reject(new Error('SES down')) } },
    } as unknown as ReturnType<typeof platform>
    await expect(
      runWithPlatform(broken, () =>
        notifyAccounts([stranger.accountId], { ...request, kind: 'approvalApproved', requestId: 'req-3' }),
      ),
    ).resolves.toBeUndefined()
    expect(await mailsTo(urls.mail, stranger.email)).toEqual([])
    const listed = await http.get('/me/notices', { token: strangerToken })
    expect(listed.body.unread).toBe(1)
    expect(listed.body.items[0].kind).toBe('approvalApproved')
  })
})
