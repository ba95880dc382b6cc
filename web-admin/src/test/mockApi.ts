import { vi } from 'vitest'

export interface MockRequest {
  method: string
  /** Path below the API base, e.g. `/auth/login`. */
  path: string
  url: URL
  headers: Headers
  /** The parsed JSON body as sent (snake_case), or the raw body. */
  body: unknown
}

export interface MockReply {
  status?: number
  statusText?: string
  /** Sent as JSON. */
  body?: unknown
  /** Sent as it is instead of `body` (e.g. a CSV file), with `headers` naming its type. */
  text?: string
  headers?: Record<string, string>
}

type Handler = MockReply | ((request: MockRequest) => MockReply | Promise<MockReply>)

export const jsonResponse = ({ status = 200, statusText = '', body, text, headers }: MockReply): Response =>
  text !== undefined
    ? new Response(text, { status, statusText, headers })
    : new Response(body === undefined || status === 204 ? null : JSON.stringify(body), {
        status,
        statusText,
        headers: { 'content-type': 'application/json', ...headers },
      })

/**
 * Replaces fetch with a table of `'METHOD /path'` handlers. Unknown routes answer 404 the way the
 * API does. Returns the mock and the list of requests it saw.
 */
export const mockApi = (routes: Record<string, Handler>) => {
  const requests: MockRequest[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input))
    const method = init?.method ?? 'GET'
    const raw = init?.body
    const request: MockRequest = {
      method,
      path: url.pathname.replace(/^\/api\/v1/, ''),
      url,
      headers: new Headers(init?.headers),
      body: typeof raw === 'string' ? JSON.parse(raw) : raw,
    }
    requests.push(request)
    const handler = routes[`${method} ${request.path}`]
    if (!handler) {
      return jsonResponse({
        status: 404,
        body: { error: { code: 'error.routeNotFound', message: 'No such API endpoint.' } },
      })
    }
    return jsonResponse(typeof handler === 'function' ? await handler(request) : handler)
  })
  vi.stubGlobal('fetch', fetchMock)
  return { fetchMock, requests }
}
