import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { profileBody, storeSession, userInfoBody } from '../../test/fixtures.ts'
import { type MockReply, type MockRequest, mockApi } from '../../test/mockApi.ts'
import { mockDownloads, mockStorage } from '../../test/mockUpload.ts'
import { renderWithProviders } from '../../test/renderWithProviders.tsx'

const UPLOAD_URL = 'https://storage.test/media/imports/u-1/f-1.csv?X-Amz-Signature=sig'
const KEY = 'imports/u-1/f-1.csv'

const open = (
  routes: Record<string, MockReply | ((request: MockRequest) => MockReply)> = {},
  at = '/master/user-list',
) => {
  storeSession()
  const storage = mockStorage()
  const api = mockApi({
    'GET /auth/user-info': { body: userInfoBody({ menu_areas: ['summary', 'userList'] }) },
    'GET /users': { body: { items: [profileBody()], next_cursor: null } },
    'POST /users/import/upload-url': {
      body: { upload_url: UPLOAD_URL, key: KEY, headers: { 'content-type': 'text/csv' } },
    },
    ...routes,
  })
  return { ...api, ...storage, ...renderWithProviders({ at }) }
}

type User = ReturnType<typeof renderWithProviders>['user']

const csvFile = (name = 'users.csv') =>
  new File(['メールアドレス,会社名,担当者名,アカウント種別\n'], name, { type: 'text/csv' })

const openDialog = async (user: User) => {
  await user.click(await screen.findByRole('button', { name: 'CSVインポート' }))
  // antd gives every generated id the same value under test, so the dialog is found by its title text.
  const dialog = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement
  expect(dialog.textContent).toContain('ユーザーのCSVインポート')
  return dialog
}

const calls = (requests: MockRequest[], method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path === path)

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent)

const report = (overrides: Record<string, unknown> = {}) => ({
  encoding: 'utf-8',
  total_rows: 2,
  new_count: 1,
  existing_count: 1,
  rows: [
    { row: 2, email: 'new@example.com', status: 'new' },
    { row: 3, email: 'alpha@example.com', status: 'existing' },
  ],
  errors: [],
  ...overrides,
})

describe('user CSV import', () => {
  it('uploads to the presigned URL, shows the errors by row and column and refuses to import', async () => {
    const { user, requests, puts } = open({
      'POST /users/import/preview': {
        body: report({
          encoding: 'shift_jis',
          total_rows: 3,
          rows: [
            { row: 2, email: 'new@example.com', status: 'new' },
            { row: 3, email: 'not-an-email', status: 'error' },
            { row: 4, email: 'alpha@example.com', status: 'existing' },
          ],
          errors: [
            {
              row: 3,
              column: 'メールアドレス',
              code: 'validation.email',
              message: 'メールアドレスの形式が正しくありません。',
            },
          ],
        }),
      },
    })
    const dialog = await openDialog(user)
    // The expected columns are explained before a file is chosen.
    expect(within(dialog).getByText('ライセンス発行')).toBeTruthy()
    const file = csvFile()
    await user.upload(within(dialog).getByLabelText('CSVファイルを選択'), file)

    const errors = await within(dialog).findByRole('region', { name: 'エラー一覧' })
    const row = within(errors).getByRole('row', { name: /メールアドレスの形式が正しくありません。/ })
    expect(cellsOf(row)).toEqual(['3', 'メールアドレス', 'メールアドレスの形式が正しくありません。'])
    expect(
      within(errors).getByText(
        'ファイルにエラーがあります。エラーを修正したファイルを選び直すまで、何も取り込まれません。',
      ),
    ).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: '取り込む' }).hasAttribute('disabled')).toBe(true)

    const result = within(dialog).getByRole('region', { name: '確認結果' })
    expect(within(result).getByText('Shift_JIS')).toBeTruthy()
    expect(within(result).getByText('users.csv')).toBeTruthy()
    const rows = within(dialog).getByRole('region', { name: '取り込む内容' })
    expect(cellsOf(within(rows).getByRole('row', { name: /not-an-email/ }))).toEqual([
      '3',
      'not-an-email',
      'エラー',
    ])
    expect(within(within(rows).getByRole('row', { name: /new@example\.com/ })).getByText('新規')).toBeTruthy()
    expect(
      within(within(rows).getByRole('row', { name: /alpha@example\.com/ })).getByText('既存'),
    ).toBeTruthy()

    expect(calls(requests, 'POST', '/users/import/upload-url')[0]?.body).toEqual({
      file_name: 'users.csv',
      size: file.size,
    })
    // Straight to storage with the signed content type and no bearer token.
    expect(puts).toHaveLength(1)
    expect(puts[0]).toMatchObject({ method: 'PUT', url: UPLOAD_URL, headers: { 'content-type': 'text/csv' } })
    expect(puts[0]?.headers.authorization).toBeUndefined()
    expect(puts[0]?.body).toBe(file)
    expect(calls(requests, 'POST', '/users/import/preview')[0]?.body).toEqual({ key: KEY })
    expect(calls(requests, 'POST', '/users/import')).toHaveLength(0)
  })

  it('imports a clean file by its key, toasts, closes and refreshes the list', async () => {
    const { user, requests } = open({
      'POST /users/import/preview': { body: report() },
      'POST /users/import': {
        body: {
          ...report(),
          created_count: 1,
          message: '1件のユーザーを取り込みました。1件は既に存在するため変更していません。',
        },
      },
    })
    const dialog = await openDialog(user)
    await user.upload(within(dialog).getByLabelText('CSVファイルを選択'), csvFile())
    await within(dialog).findByRole('region', { name: '確認結果' })
    expect(within(dialog).queryByRole('region', { name: 'エラー一覧' })).toBeNull()
    expect(
      within(dialog).getByText('既に登録されているメールアドレスの行は取り込まず、変更もしません。'),
    ).toBeTruthy()
    const listCallsBefore = calls(requests, 'GET', '/users').length

    await user.click(within(dialog).getByRole('button', { name: '取り込む' }))

    expect(
      await screen.findByText('1件のユーザーを取り込みました。1件は既に存在するため変更していません。'),
    ).toBeTruthy()
    expect(calls(requests, 'POST', '/users/import')[0]?.body).toEqual({ key: KEY })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(calls(requests, 'GET', '/users').length).toBeGreaterThan(listCallsBefore))
  })

  it('shows the errors of a refused import as the error table', async () => {
    const { user } = open({
      'POST /users/import/preview': { body: report() },
      'POST /users/import': {
        status: 400,
        body: {
          error: {
            code: 'import.invalid',
            message: 'ファイルにエラーがあります。何も取り込まれていません。',
            details: [
              {
                path: 'row.2.メールアドレス',
                code: 'import.duplicateInFile',
                message: 'このメールアドレスはファイル内で重複しています。',
              },
            ],
          },
        },
      },
    })
    const dialog = await openDialog(user)
    await user.upload(within(dialog).getByLabelText('CSVファイルを選択'), csvFile())
    await within(dialog).findByRole('region', { name: '確認結果' })
    await user.click(within(dialog).getByRole('button', { name: '取り込む' }))

    const errors = await within(dialog).findByRole('region', { name: 'エラー一覧' })
    expect(cellsOf(within(errors).getByRole('row', { name: /重複/ }))).toEqual([
      '2',
      'メールアドレス',
      'このメールアドレスはファイル内で重複しています。',
    ])
    expect(within(dialog).getByRole('button', { name: '取り込む' }).hasAttribute('disabled')).toBe(true)
  })

  it('refuses a file that is not CSV and one over 5 MB before sending anything', async () => {
    const { requests, puts } = open()
    // A drop is not filtered by the input's accept list; this user does not filter either.
    const user = userEvent.setup({ delay: null, applyAccept: false })
    const dialog = await openDialog(user)
    // The picker renders a fresh input after each choice.
    const input = () => within(dialog).getByLabelText('CSVファイルを選択')

    await user.upload(input(), new File(['x'], 'logo.png', { type: 'image/png' }))
    expect(await within(dialog).findByText('ファイル「logo.png」は対応していない形式です。')).toBeTruthy()

    await user.upload(input(), new File([new Uint8Array(6 * 1024 * 1024)], 'big.csv', { type: 'text/csv' }))
    expect(await within(dialog).findByText('ファイル「big.csv」が上限の5MBを超えています。')).toBeTruthy()
    expect(within(dialog).queryByText('ファイル「logo.png」は対応していない形式です。')).toBeNull()

    expect(calls(requests, 'POST', '/users/import/upload-url')).toHaveLength(0)
    expect(puts).toHaveLength(0)
    expect(within(dialog).getByRole('button', { name: '取り込む' }).hasAttribute('disabled')).toBe(true)
  })

  it('offers a template with the header row and an example, UTF-8 with BOM', async () => {
    const { user } = open()
    const { saved } = mockDownloads()
    const dialog = await openDialog(user)
    await user.click(within(dialog).getByRole('button', { name: 'テンプレートをダウンロード' }))

    expect(saved).toHaveLength(1)
    expect(saved[0]?.fileName).toBe('users-import-template.csv')
    const bytes = new Uint8Array(await (saved[0]?.blob ?? new Blob()).arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const [header, example] = new TextDecoder().decode(bytes.slice(3)).split('\r\n')
    expect(header).toBe(
      'メールアドレス,会社名,担当者名,アカウント種別,契約開始日,契約終了日,権限,ライセンス発行',
    )
    expect(example).toMatch(
      /^user@example\.com,株式会社サンプル,山田 太郎,USER,\d{4}-\d{2}-01,\d{4}-\d{2}-\d{2},編集,なし$/,
    )
  })
})

describe('user CSV export', () => {
  it('downloads the list with the filters on screen and the file name the server gives', async () => {
    const { user, requests } = open(
      {
        'GET /users/export': {
          text: '\uFEFF会社名,メールアドレス\r\nベータ合同会社,beta@example.com\r\n',
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="users-2025-05-01.csv"',
          },
        },
      },
      '/master/user-list?q=ベータ&status=SUSPENDED&accountType=USER',
    )
    const { saved } = mockDownloads()
    await screen.findByRole('row', { name: /alpha@example\.com/ })
    await user.click(screen.getByRole('button', { name: 'CSVエクスポート' }))

    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]?.fileName).toBe('users-2025-05-01.csv')
    const [sent] = calls(requests, 'GET', '/users/export')
    expect(Object.fromEntries(sent?.url.searchParams ?? [])).toEqual({
      q: 'ベータ',
      status: 'SUSPENDED',
      account_type: 'USER',
    })
    expect(sent?.headers.get('authorization')).toBe('Bearer access-1')
  })

  it('toasts the server message when the export fails', async () => {
    const { user } = open({
      'GET /users/export': {
        status: 500,
        body: { error: { code: 'error.internal', message: 'エラーが発生しました。(server)' } },
      },
    })
    mockDownloads()
    await user.click(await screen.findByRole('button', { name: 'CSVエクスポート' }))
    expect(await screen.findByText('エラーが発生しました。(server)')).toBeTruthy()
  })
})
