import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { type MessageKey, resolveLocale, translate } from '@swipe/shared'
import {
  API_BASE_PATH,
  type Context,
  type RouteDef,
  routeKey,
  routeList,
  VISITOR_CONTEXTS,
} from '@swipe/shared/contract/routes'
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context as LambdaContext,
} from 'aws-lambda'
import { HOST } from './ports.ts'
import type { Running } from './process.ts'

type LambdaHandler = (
  event: APIGatewayProxyEventV2,
  context: LambdaContext,
) => Promise<APIGatewayProxyStructuredResultV2>

const FUNCTIONS_SRC = join(import.meta.dirname, '..', '..', 'functions', 'src')
/** API Gateway's limits: 10 MB payloads, 30 s integration timeout. */
const MAX_PAYLOAD = 10 * 1024 * 1024
const INTEGRATION_TIMEOUT_MS = 30_000

interface CompiledRoute {
  def: RouteDef
  key: string
  pattern: RegExp
  params: string[]
  literalLength: number
}

const compile = (def: RouteDef): CompiledRoute => {
  const full = `${API_BASE_PATH}${def.path}`
  const params: string[] = []
  const source = full
    .split('/')
    .map((segment) => {
      const match = segment.match(/^\{(\w+)(\+)?\}$/)
      if (!match) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      params.push(match[1]!)
      return match[2] ? '(.+)' : '([^/]+)'
    })
    .join('/')
  return {
    def,
    key: routeKey(def),
    pattern: new RegExp(`^${source}$`),
    params,
    literalLength: full.replace(/\{[^}]+\}/g, '').length,
  }
}

/** Matches like API Gateway: the most specific route (most literal characters) wins. */
export const matchRoute = (routes: CompiledRoute[], method: string, path: string) => {
  const candidates = routes
    .filter((r) => r.def.method === method)
    .map((r) => ({ route: r, match: path.match(r.pattern) }))
    .filter((c) => c.match)
    .sort((a, b) => b.route.literalLength - a.route.literalLength)
  const best = candidates[0]
  if (!best?.match) return undefined
  const pathParameters = Object.fromEntries(
    best.route.params.map((name, i) => [name, decodeURIComponent(best.match![i + 1] ?? '')]),
  )
  return { route: best.route, pathParameters }
}

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_PAYLOAD) {
        reject(Object.assign(new Error('payload too large'), { status: 413 }))
        req.destroy()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })

const isTextual = (contentType: string | undefined) =>
  !contentType || /^(text\/|application\/(json|x-www-form-urlencoded|xml|.*\+json))/i.test(contentType)

export interface GatewayOptions {
  port: number
  /** Origins allowed by CORS (the admin console's). */
  allowOrigins: string[]
  /**
   * Origin patterns of published sites, allowed by CORS on the routes they call (the contexts in
   * `VISITOR_CONTEXTS`: end-user reads, CTA clicks, analytics beacons) and on no other route.
   */
  allowOriginPatterns?: RegExp[]
  log?: (line: string) => void
}

/**
 * The local API Gateway: turns HTTP requests into API Gateway HTTP API (payload 2.0) events and
 * invokes the same context handler modules that CDK deploys, chosen from the one route table.
 */
export const startGateway = async (options: GatewayOptions): Promise<Running & { server: Server }> => {
  const routes = routeList().map(compile)
  const modules = new Map<Context, Promise<{ handler: LambdaHandler }>>()
  const load = (context: Context) => {
    let module = modules.get(context)
    if (!module) {
      module = import(pathToFileURL(join(FUNCTIONS_SRC, context, 'index.ts')).href) as Promise<{
        handler: LambdaHandler
      }>
      modules.set(context, module)
    }
    return module
  }

  const corsOrigin = (origin: string | undefined, route: RouteDef | undefined) => {
    if (!origin) return undefined
    if (options.allowOrigins.includes(origin)) return origin
    const visitorRoute = route !== undefined && VISITOR_CONTEXTS.includes(route.context)
    return visitorRoute && options.allowOriginPatterns?.some((p) => p.test(origin)) ? origin : undefined
  }

  const send = (
    res: ServerResponse,
    status: number,
    headers: Record<string, string | string[]>,
    body?: Buffer | string,
  ) => {
    // The API's own answers carry nosniff already; the gateway's (404, 413, preflight) get it as
    // the API's CloudFront behaviours add it on AWS.
    res.writeHead(status, { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store', ...headers })
    res.end(body)
  }

  /**
   * The gateway's own answers (no route, too large, failed or timed out) in the API's one error
   * envelope, in the caller's language as a handler would answer: API Gateway's bare
   * `{"message":"Not Found"}` would be the only answer a client's error handling cannot read.
   */
  const sendError = (
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    code: MessageKey,
    cors: Record<string, string>,
  ) => {
    const header = (name: string) => {
      const value = req.headers[name]
      return Array.isArray(value) ? value[0] : value
    }
    const locale = resolveLocale(header('x-lang'), header('accept-language'))
    send(
      res,
      status,
      { 'content-type': 'application/json; charset=utf-8', ...cors },
      JSON.stringify({ error: { code, message: translate(locale, code) } }),
    )
  }

  const server = createServer(async (req, res) => {
    const started = Date.now()
    const url = new URL(req.url ?? '/', 'http://localhost')
    const method = (req.method ?? 'GET').toUpperCase()
    const requested = req.headers['access-control-request-method']
    const preflight = method === 'OPTIONS' && Boolean(requested)
    // A preflight asks about the route of the method it names.
    const matched = matchRoute(routes, preflight ? String(requested).toUpperCase() : method, url.pathname)
    const origin = corsOrigin(req.headers.origin, matched?.route.def)
    const cors: Record<string, string> = origin
      ? {
          'access-control-allow-origin': origin,
          vary: 'origin',
          'access-control-expose-headers': 'content-disposition,retry-after',
        }
      : {}
    if (preflight) {
      send(res, 204, {
        ...cors,
        ...(origin
          ? {
              'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
              'access-control-allow-headers':
                'authorization,content-type,x-lang,x-api-key,password,idempotency-key',
              'access-control-max-age': '600',
            }
          : {}),
      })
      return
    }
    if (!matched) {
      sendError(req, res, 404, 'error.routeNotFound', cors)
      return
    }
    let body: Buffer
    try {
      body = await readBody(req)
    } catch {
      sendError(req, res, 413, 'error.payloadTooLarge', cors)
      return
    }
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && name !== 'cookie')
        headers[name] = Array.isArray(value) ? value.join(',') : value
    }
    const query: Record<string, string> = {}
    for (const [name, value] of url.searchParams)
      query[name] = name in query ? `${query[name]},${value}` : value
    const requestId = randomUUID()
    const now = new Date()
    const textual = isTextual(req.headers['content-type'])
    const event: APIGatewayProxyEventV2 = {
      version: '2.0',
      routeKey: matched.route.key,
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      ...(req.headers.cookie ? { cookies: req.headers.cookie.split(/;\s*/) } : {}),
      headers,
      ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
      ...(Object.keys(matched.pathParameters).length ? { pathParameters: matched.pathParameters } : {}),
      requestContext: {
        accountId: 'local',
        apiId: 'local',
        domainName: req.headers.host ?? 'localhost',
        domainPrefix: 'localhost',
        http: {
          method,
          path: url.pathname,
          protocol: `HTTP/${req.httpVersion}`,
          sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
          userAgent: req.headers['user-agent'] ?? '',
        },
        requestId,
        routeKey: matched.route.key,
        stage: '$default',
        time: now.toISOString(),
        timeEpoch: now.getTime(),
      },
      ...(body.length ? { body: textual ? body.toString('utf8') : body.toString('base64') } : {}),
      isBase64Encoded: body.length > 0 && !textual,
    }
    const context = matched.route.def.context
    const lambdaContext = {
      functionName: `swipe-local-${context}`,
      functionVersion: '$LATEST',
      invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:swipe-local-${context}`,
      memoryLimitInMB: '512',
      awsRequestId: requestId,
      logGroupName: `/aws/lambda/swipe-local-${context}`,
      logStreamName: 'local',
      callbackWaitsForEmptyEventLoop: false,
      getRemainingTimeInMillis: () => Math.max(0, INTEGRATION_TIMEOUT_MS - (Date.now() - started)),
      done: () => undefined,
      fail: () => undefined,
      succeed: () => undefined,
    } as LambdaContext
    try {
      const { handler } = await load(context)
      let timer: NodeJS.Timeout | undefined
      const result = await Promise.race([
        handler(event, lambdaContext),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(Object.assign(new Error('timeout'), { timeout: true })),
            INTEGRATION_TIMEOUT_MS,
          )
        }),
      ]).finally(() => clearTimeout(timer))
      const out: Record<string, string | string[]> = { ...cors }
      for (const [name, value] of Object.entries(result.headers ?? {}))
        out[name.toLowerCase()] = String(value)
      if (result.cookies?.length) out['set-cookie'] = result.cookies
      const payload =
        result.body === undefined
          ? undefined
          : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8')
      send(res, result.statusCode ?? 200, out, payload)
    } catch (error) {
      const timeout = (error as { timeout?: boolean }).timeout
      options.log?.(`gateway: ${matched.route.key} failed: ${String((error as Error).stack ?? error)}`)
      sendError(req, res, timeout ? 503 : 500, timeout ? 'error.unavailable' : 'error.internal', cors)
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, HOST, () => resolve())
  })
  return {
    name: 'api',
    url: `http://${HOST}:${options.port}${API_BASE_PATH}`,
    server,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
