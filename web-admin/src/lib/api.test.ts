import { MutationObserver, QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../i18n/index.ts'
import { mockApi } from '../test/mockApi.ts'
import {
  ApiError,
  call,
  configureApi,
  download,
  fileNameFromDisposition,
  headOf,
  pathWith,
  type RequestOptions,
  request,
  resetApiState,
} from './api.ts'
import { STORAGE_KEYS } from './storage.ts'

type Options = Omit<RequestOptions, 'method' | 'body'>

/**
 * The transport under test, by verb, over any path (fake ones included): the console itself only
 * calls routes of the contract, through `call`.
 */
const api = {
  get: <T>(path: string, options?: Options) => request<T>(path, { ...options, method: 'GET' }),
  delete: <T>(path: string, options?: Options) => request<T>(path, { ...options, method: 'DELETE' }),
  post: <T>(path: string, body?: unknown, options?: Options) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Options) =>
    request<T>(path, { ...options, method: 'PUT', body }),
}

const navigate = vi.fn<(to: string) => void>()
const onUserInfo = vi.fn()
let currentPath = '/master/site-list'

const userInfo = {
  id: 'u-1',
  email: 'owner@example.com',
  account_type: 'MASTER',
  user_type_segment: 'master',
  menu_areas: ['summary'],
}

beforeEach(async () => {
  await i18n.changeLanguage('en')
  navigate.mockReset()
  onUserInfo.mockReset()
  currentPath = '/master/site-list'
  configureApi({ navigate, onUserInfo, currentPath: () => currentPath })
  localStorage.setItem(STORAGE_KEYS.accessToken, 'old-access')
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1')
})

afterEach(async () => {
  resetApiState()
  await i18n.changeLanguage('ja')
})

const caught = async (promise: Promise<unknown>): Promise<ApiError> => {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  )
  expect(outcome).toBeInstanceOf(ApiError)
  return outcome as ApiError
}

describe('requests', () => {
  it('sends the admin token, X-Lang and snake_case, and returns camelCase', async () => {
    const { requests } = mockApi({
      'POST /site': { status: 201, body: { site_id: 's-1', global_setting: { site_name: 'A' } } },
    })
    const data = await api.post(
      '/site',
      { siteName: 'A', globalSetting: { mainColor: '#fff' } },
      {
        params: { pageSize: 10, empty: undefined },
      },
    )
    expect(data).toEqual({ siteId: 's-1', globalSetting: { siteName: 'A' } })
    const [sent] = requests
    expect(sent?.url.toString()).toBe('http://localhost:3000/api/v1/site?page_size=10')
    expect(sent?.headers.get('authorization')).toBe('Bearer old-access')
    expect(sent?.headers.get('x-lang')).toBe('en')
    expect(sent?.headers.get('content-type')).toBe('application/json')
    expect(sent?.body).toEqual({ site_name: 'A', global_setting: { main_color: '#fff' } })
  })

  it('uses the end-user token for end-user paths and the preview token for preview paths', async () => {
    localStorage.setItem(STORAGE_KEYS.endUserToken, 'end-user-1')
    localStorage.setItem(STORAGE_KEYS.previewToken, 'preview-1')
    const { requests } = mockApi({
      'GET /end-user/site/s-1': { body: {} },
      'GET /preview/site/s-1': { body: {} },
    })
    await api.get('/end-user/site/s-1')
    await api.get('/preview/site/s-1')
    expect(requests.map((sent) => sent.headers.get('authorization'))).toEqual([
      'Bearer end-user-1',
      'Bearer preview-1',
    ])
  })

  it('resolves undefined for 204', async () => {
    mockApi({ 'DELETE /site/s-1': { status: 204 } })
    await expect(api.delete('/site/s-1')).resolves.toBeUndefined()
  })
})

describe('401', () => {
  it('refreshes once with the refresh token and retries with the new access token', async () => {
    const { requests } = mockApi({
      'POST /auth/refresh-token': { body: { access_token: 'new-access', expires_in: 3600 } },
      'GET /site': (sent) =>
        sent.headers.get('authorization') === 'Bearer new-access'
          ? { body: { items: [] } }
          : { status: 401, body: { error: { code: 'error.unauthorized', message: 'expired' } } },
    })
    await expect(api.get('/site')).resolves.toEqual({ items: [] })
    expect(requests.map((sent) => `${sent.method} ${sent.path}`)).toEqual([
      'GET /site',
      'POST /auth/refresh-token',
      'GET /site',
    ])
    expect(requests[1]?.body).toEqual({ refresh_token: 'refresh-1' })
    expect(requests[1]?.headers.get('authorization')).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('new-access')
    expect(navigate).not.toHaveBeenCalled()
  })

  it('lets concurrent 401s share one refresh', async () => {
    let releaseRefresh = () => {}
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve
    })
    const { requests } = mockApi({
      'POST /auth/refresh-token': async () => {
        await refreshGate
        return { body: { access_token: 'new-access', expires_in: 3600 } }
      },
      'GET /a': (sent) =>
        sent.headers.get('authorization') === 'Bearer new-access' ? { body: 'a' } : { status: 401 },
      'GET /b': (sent) =>
        sent.headers.get('authorization') === 'Bearer new-access' ? { body: 'b' } : { status: 401 },
    })
    const both = Promise.all([api.get('/a'), api.get('/b')])
    await vi.waitFor(() =>
      expect(requests.filter((sent) => sent.path === '/auth/refresh-token')).toHaveLength(1),
    )
    releaseRefresh()
    await expect(both).resolves.toEqual(['a', 'b'])
    expect(requests.filter((sent) => sent.path === '/auth/refresh-token')).toHaveLength(1)
  })

  it('clears the tokens and goes to /login after 1 s when the refresh fails', async () => {
    vi.useFakeTimers()
    localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(userInfo))
    mockApi({
      'POST /auth/refresh-token': {
        status: 401,
        body: { error: { code: 'error.unauthorized', message: 'no' } },
      },
      'GET /site': {
        status: 401,
        body: { error: { code: 'error.unauthorized', message: 'Session ended.' } },
      },
    })
    const error = await caught(api.get('/site'))
    expect(error.status).toBe(401)
    expect(error.message).toBe('Session ended.')
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull()
    vi.advanceTimersByTime(999)
    expect(navigate).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login')
  })

  it('keeps the session when the refresh gets no answer (the page is being left, or the network is down)', async () => {
    vi.useFakeTimers()
    localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(userInfo))
    const { requests } = mockApi({
      'POST /auth/refresh-token': () => {
        throw new TypeError('Failed to fetch')
      },
      'GET /site': { status: 401 },
    })
    const error = await caught(api.get('/site'))
    expect(error.status).toBe(0)
    expect(error.code).toBe('network')
    expect(requests.map((sent) => `${sent.method} ${sent.path}`)).toEqual([
      'GET /site',
      'POST /auth/refresh-token',
    ])
    // The next page (or the next try) refreshes with the same refresh token.
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('old-access')
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-1')
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).not.toBeNull()
    vi.advanceTimersByTime(5000)
    expect(navigate).not.toHaveBeenCalled()
  })

  it('goes to /login when there is no refresh token at all', async () => {
    vi.useFakeTimers()
    localStorage.removeItem(STORAGE_KEYS.refreshToken)
    const { requests } = mockApi({ 'GET /site': { status: 401 } })
    await caught(api.get('/site'))
    expect(requests).toHaveLength(1)
    vi.advanceTimersByTime(1000)
    expect(navigate).toHaveBeenCalledWith('/login')
  })

  it.each(['/login', '/reset-pass', '/new-password'])('stays on %s when the refresh fails', async (page) => {
    vi.useFakeTimers()
    currentPath = page
    mockApi({ 'POST /auth/refresh-token': { status: 401 }, 'GET /site': { status: 401 } })
    await caught(api.get('/site'))
    vi.advanceTimersByTime(5000)
    expect(navigate).not.toHaveBeenCalled()
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull()
  })

  it('drops the end-user token on an end-user path, without refreshing or redirecting', async () => {
    vi.useFakeTimers()
    localStorage.setItem(STORAGE_KEYS.endUserToken, 'end-user-1')
    const { requests } = mockApi({ 'GET /end-user/site/s-1/page/p-1/private': { status: 401 } })
    await caught(api.get('/end-user/site/s-1/page/p-1/private'))
    expect(localStorage.getItem(STORAGE_KEYS.endUserToken)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('old-access')
    expect(requests).toHaveLength(1)
    vi.advanceTimersByTime(5000)
    expect(navigate).not.toHaveBeenCalled()
  })

  it('drops the preview token on a preview path', async () => {
    localStorage.setItem(STORAGE_KEYS.previewToken, 'preview-1')
    const { requests } = mockApi({ 'GET /preview/site/s-1': { status: 401 } })
    await caught(api.get('/preview/site/s-1'))
    expect(localStorage.getItem(STORAGE_KEYS.previewToken)).toBeNull()
    expect(requests).toHaveLength(1)
  })

  it('treats a 401 of a public call (wrong password) as a plain error', async () => {
    vi.useFakeTimers()
    const { requests } = mockApi({
      'POST /auth/login': {
        status: 401,
        body: {
          error: { code: 'error.invalidCredentials', message: 'The login ID or password is incorrect.' },
        },
      },
    })
    const error = await caught(api.post('/auth/login', { loginId: 'a', password: 'b' }, { auth: false }))
    expect(error.message).toBe('The login ID or password is incorrect.')
    expect(requests).toHaveLength(1)
    expect(requests[0]?.headers.get('authorization')).toBeNull()
    vi.advanceTimersByTime(5000)
    expect(navigate).not.toHaveBeenCalled()
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('old-access')
  })
})

describe('403', () => {
  it('refetches the user info, then goes to /errors/403 after 2 s', async () => {
    vi.useFakeTimers()
    // Waiting for the refetch must not move the fake clock, so the test awaits this instead of polling.
    const refetched = new Promise<void>((resolve) => onUserInfo.mockImplementation(() => resolve()))
    const { requests } = mockApi({
      'GET /site': { status: 403, body: { error: { code: 'error.forbidden', message: 'Not allowed.' } } },
      'GET /auth/user-info': { body: userInfo },
    })
    const error = await caught(api.get('/site'))
    expect(error.status).toBe(403)
    expect(error.message).toBe('Not allowed.')
    await refetched
    expect(onUserInfo).toHaveBeenCalledOnce()
    expect(requests.map((sent) => `${sent.method} ${sent.path}`)).toEqual([
      'GET /site',
      'GET /auth/user-info',
    ])
    expect(onUserInfo.mock.calls[0]?.[0]).toMatchObject({
      id: 'u-1',
      userTypeSegment: 'master',
      menuAreas: ['summary'],
    })
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo) ?? '{}')).toMatchObject({ id: 'u-1' })
    vi.advanceTimersByTime(1999)
    expect(navigate).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/errors/403')
  })

  it('leaves a refusal of one change (a read-only account) to the screen', async () => {
    vi.useFakeTimers()
    const { requests } = mockApi({
      'PUT /users/x': {
        status: 403,
        body: { error: { code: 'account.readOnly', message: 'This account has been terminated.' } },
      },
    })
    const error = await caught(api.put('/users/x', { version: 1 }))
    expect(error).toMatchObject({ status: 403, code: 'account.readOnly' })
    vi.advanceTimersByTime(5000)
    expect(navigate).not.toHaveBeenCalled()
    expect(requests).toHaveLength(1)
  })
})

describe('error texts', () => {
  it('uses the server string', async () => {
    mockApi({
      'GET /x': { status: 400, body: { error: { code: 'error.validation', message: 'Bad name.' } } },
    })
    const error = await caught(api.get('/x'))
    expect(error).toMatchObject({ message: 'Bad name.', status: 400, code: 'error.validation' })
  })

  it('uses the first item of an array and keeps the field details', async () => {
    mockApi({
      'GET /x': {
        status: 400,
        body: {
          error: {
            code: 'error.validation',
            message: ['First problem.', 'Second problem.'],
            details: [{ path: 'body.newPassword', code: 'validation.passwordRule', message: 'Weak.' }],
          },
        },
      },
      'GET /y': { status: 400, body: { message: ['Legacy first.', 'Legacy second.'] } },
    })
    const error = await caught(api.get('/x'))
    expect(error.message).toBe('First problem.')
    expect(error.details).toEqual([
      { path: 'body.newPassword', code: 'validation.passwordRule', message: 'Weak.' },
    ])
    expect((await caught(api.get('/y'))).message).toBe('Legacy first.')
  })

  it('falls back to "Error {status}: {status text}"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 502, statusText: 'Bad Gateway' })),
    )
    expect((await caught(api.get('/x'))).message).toBe('Error 502: Bad Gateway')
  })

  it('fills in the status text when the response has none (HTTP/2)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 500 })),
    )
    expect((await caught(api.get('/x'))).message).toBe('Error 500: Internal Server Error')
    await i18n.changeLanguage('ja')
    expect((await caught(api.get('/x'))).message).toBe('エラー 500: Internal Server Error')
  })

  it('uses the generic text when nothing else is known', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 599 })),
    )
    expect((await caught(api.get('/x'))).message).toBe('Request error. Please try again.')
  })

  it('says the server cannot be reached when no response arrives, in the interface language', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    const error = await caught(api.get('/x'))
    expect(error).toMatchObject({ status: 0, code: 'network' })
    expect(error.message).toBe(
      'Cannot connect to the server. Check your internet connection or try again later.',
    )
    await i18n.changeLanguage('ja')
    expect((await caught(api.get('/x'))).message).toBe(
      'サーバーに接続できません。インターネット接続を確認するか、しばらくしてから再度お試しください。',
    )
  })

  it('gives up after 60 s', async () => {
    vi.useFakeTimers()
    const fetchMock = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))
        }),
    )
    vi.stubGlobal('fetch', fetchMock)
    const pending = caught(request('/slow'))
    await vi.advanceTimersByTimeAsync(59_999)
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const error = await pending
    expect(error).toMatchObject({ status: 0, code: 'timeout' })
    expect(error.message).toBe(
      'Cannot connect to the server. Check your internet connection or try again later.',
    )
  })

  it('does not wrap a cancellation by the caller', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))
          }),
      ),
    )
    const controller = new AbortController()
    const pending = request('/slow', { signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })
})

describe('downloads', () => {
  it('fetches a file with the refreshed token and the name from content-disposition', async () => {
    const { requests } = mockApi({
      'POST /auth/refresh-token': { body: { access_token: 'new-access', expires_in: 3600 } },
      'GET /users/export': (sent) =>
        sent.headers.get('authorization') === 'Bearer new-access'
          ? {
              text: '\uFEFFa,b\r\n',
              headers: {
                'content-type': 'text/csv; charset=utf-8',
                'content-disposition': 'attachment; filename="users-2025-05-01.csv"',
              },
            }
          : { status: 401, body: { error: { code: 'error.unauthorized', message: 'expired' } } },
    })
    const file = await download('/users/export', { params: { accountType: 'USER', q: '' } })
    expect(file.fileName).toBe('users-2025-05-01.csv')
    expect(new Uint8Array(await file.blob.arrayBuffer()).slice(0, 3)).toEqual(
      new Uint8Array([0xef, 0xbb, 0xbf]),
    )
    expect(requests.at(-1)?.url.search).toBe('?account_type=USER')
  })

  it('turns a JSON error into an ApiError', async () => {
    mockApi({
      'GET /users/export': { status: 500, body: { error: { code: 'error.internal', message: 'Failed.' } } },
    })
    const error = await caught(download('/users/export'))
    expect(error).toMatchObject({ status: 500, code: 'error.internal', message: 'Failed.' })
  })

  it('reads plain, quoted and RFC 5987 file names', () => {
    expect(fileNameFromDisposition('attachment; filename="a b.csv"')).toBe('a b.csv')
    expect(fileNameFromDisposition('attachment; filename=plain.csv')).toBe('plain.csv')
    expect(fileNameFromDisposition(`attachment; filename="x.csv"; filename*=UTF-8''%E3%83%A6.csv`)).toBe(
      'ユ.csv',
    )
    expect(fileNameFromDisposition('attachment')).toBeNull()
    expect(fileNameFromDisposition(null)).toBeNull()
  })
})

describe('idempotency keys', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
  const keyOf = (sent: { headers: Headers } | undefined) => sent?.headers.get('idempotency-key')

  it('sends a fresh Idempotency-Key with every create, and none with reads, saves and deletes', async () => {
    const { requests } = mockApi({
      'POST /site': { status: 201, body: { id: 's-1' } },
      'GET /site': { body: { items: [] } },
      'PUT /site/s-1': { body: {} },
      'DELETE /site/s-1': { body: {} },
    })
    await api.post('/site', { name: 'A' })
    await api.post('/site', { name: 'A' })
    await api.get('/site')
    await api.put('/site/s-1', { version: 1 })
    await api.delete('/site/s-1')
    const [first, second, ...others] = requests
    expect(keyOf(first)).toMatch(UUID)
    expect(keyOf(second)).toMatch(UUID)
    expect(keyOf(second)).not.toBe(keyOf(first))
    expect(others.map(keyOf)).toEqual([null, null, null])
  })

  it('keeps the key when the client sends the same create again after refreshing the token', async () => {
    const { requests } = mockApi({
      'POST /auth/refresh-token': { body: { access_token: 'new-access', expires_in: 3600 } },
      'POST /site': (sent) =>
        sent.headers.get('authorization') === 'Bearer new-access'
          ? { status: 201, body: { id: 's-1' } }
          : { status: 401, body: { error: { code: 'error.unauthorized', message: 'expired' } } },
    })
    await api.post('/site', { name: 'A' })
    const creates = requests.filter((sent) => sent.path === '/site')
    expect(creates).toHaveLength(2)
    expect(keyOf(creates[0])).toMatch(UUID)
    expect(keyOf(creates[1])).toBe(keyOf(creates[0]))
  })

  it('repeats the key on a TanStack Query retry of the same mutation, and not on the next one', async () => {
    let attempts = 0
    const { requests } = mockApi({
      'POST /site': () => {
        attempts += 1
        return attempts === 1
          ? { status: 503, body: { error: { code: 'error.unavailable', message: 'down' } } }
          : { status: 201, body: { id: `s-${attempts}` } }
      },
    })
    const client = new QueryClient()
    const create = new MutationObserver(client, {
      mutationFn: (body: { name: string }) => api.post('/site', body),
      retry: 1,
      retryDelay: 0,
    })
    await expect(create.mutate({ name: 'A' })).resolves.toEqual({ id: 's-2' })
    await expect(create.mutate({ name: 'A' })).resolves.toEqual({ id: 's-3' })
    const keys = requests.map(keyOf)
    expect(keys).toHaveLength(3)
    expect(keys[0]).toMatch(UUID)
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).toMatch(UUID)
    expect(keys[2]).not.toBe(keys[0])
  })

  it('sends the key a caller chose', async () => {
    const { requests } = mockApi({ 'POST /users': { status: 201, body: {} } })
    await api.post('/users', { email: 'a@example.com' }, { idempotencyKey: 'my-action-1' })
    expect(keyOf(requests[0])).toBe('my-action-1')
  })
})

describe('call(): a route of the contract by its id', () => {
  it('takes method and path from the route table, fills and encodes path parameters, sends query and body', async () => {
    const { requests } = mockApi({
      'PUT /site/a%20b%2Fc': { body: { message: 'saved' } },
      'GET /users': { body: { items: [], next_cursor: null } },
    })
    await call('sites.update', {
      params: { id: 'a b/c' },
      body: { version: 3 } as never,
    })
    await call('accounts.list', { query: { limit: 20, contractStatus: 'ACTIVE' } as never })
    expect(requests.map((sent) => `${sent.method} ${sent.url.pathname}${sent.url.search}`)).toEqual([
      'PUT /api/v1/site/a%20b%2Fc',
      'GET /api/v1/users?limit=20&contract_status=ACTIVE',
    ])
    expect(requests[0]?.body).toEqual({ version: 3 })
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer old-access')
  })

  it('sends public routes without the bearer token', async () => {
    const { requests } = mockApi({ 'POST /auth/forgot-password': { body: { message: 'sent' } } })
    await call('auth.forgotPassword', { body: { email: 'a@example.com' } })
    expect(requests[0]?.headers.get('authorization')).toBeNull()
    expect(requests[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('refuses a missing path parameter before anything is sent', async () => {
    const { requests } = mockApi({})
    await expect(call('sites.get', { params: {} as { id: string } })).rejects.toThrow(
      '/site/{id}: path parameter id is missing',
    )
    expect(requests).toEqual([])
    expect(pathWith(await headOf('sites.bulkStatus'), { jobId: 'j 1' })).toBe('/site/bulk-upload/j%201')
  })

  it('reads the sign-in routes from their own module and the rest from the whole table', async () => {
    const { routes } = await import('@swipe/shared/contract/routes')
    expect(await headOf('auth.login')).toEqual(routes['auth.login'])
    expect(await headOf('preview.site')).toEqual(routes['preview.site'])
  })
})
