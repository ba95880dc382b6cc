import { randomUUID } from 'node:crypto'
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda'
import { vi } from 'vitest'
import type { Invoker } from '../../functions/src/platform/invoker.ts'
import type { JobEvent } from '../../functions/src/platform/services/jobs.ts'
import { provideStackPlatform } from './env.ts'

/**
 * What a handler does inside its request, apart from what it hands to a job (issue 29: account
 * answers that take the same work for known and unknown emails). The handler runs in this worker,
 * against the stack's emulators, in a fresh module graph (no cache warmed by an earlier call), with
 * jobs handed to a jobs Lambda (`JOBS_FUNCTION_NAME`) whose invocation is caught here instead of
 * sent: every DynamoDB, S3, Cognito and SES command of the request is recorded, in order, and the
 * jobs it handed over are returned for the test to run (`runJobs`) — so nothing a job does can be
 * mistaken for the request's own work.
 */
export interface InlineRun {
  result: APIGatewayProxyStructuredResultV2
  /** `service:Command` of every AWS call the request made, in order. */
  calls: string[]
  /** The jobs the request handed over, not yet run. */
  jobs: JobEvent[]
}

/** An HTTP API (payload 2.0) event as the local gateway and API Gateway make it (a string body is sent as is). */
export const apiEvent = (
  method: 'GET' | 'POST',
  route: string,
  path: string,
  options: { body?: unknown; sourceIp?: string; headers?: Record<string, string> } = {},
): APIGatewayProxyEventV2 => {
  const params: Record<string, string> = {}
  const names = [...route.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!)
  const pattern = new RegExp(`^${route.replace(/\{[^}]+\}/g, '([^/]+)')}$`)
  const values = pattern.exec(path.split('?')[0]!)?.slice(1) ?? []
  names.forEach((name, i) => {
    params[name] = decodeURIComponent(values[i] ?? '')
  })
  const query = path.includes('?') ? path.slice(path.indexOf('?') + 1) : ''
  const now = new Date()
  return {
    version: '2.0',
    routeKey: `${method} /api/v1${route}`,
    rawPath: `/api/v1${path.split('?')[0]}`,
    rawQueryString: query,
    headers: { 'content-type': 'application/json', ...options.headers },
    ...(query ? { queryStringParameters: Object.fromEntries(new URLSearchParams(query)) } : {}),
    ...(names.length ? { pathParameters: params } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: {
        method,
        path: `/api/v1${path.split('?')[0]}`,
        protocol: 'HTTP/1.1',
        sourceIp: options.sourceIp ?? '127.0.0.1',
        userAgent: 'test',
      },
      requestId: randomUUID(),
      routeKey: `${method} /api/v1${route}`,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    ...(options.body === undefined
      ? {}
      : { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }),
    isBase64Encoded: false,
  } as APIGatewayProxyEventV2
}

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>

/**
 * Provides the stack's platform (functions/src/platform/local) to the current module graph — a
 * fresh one after `vi.resetModules()` has none — with jobs handed to the jobs Lambda
 * (`JOBS_FUNCTION_NAME`, caught by `runInline`). Answers the platform's restore.
 */
const provideStackPlatformWithLambdaJobs = async (jobs: JobEvent[]) => {
  const [{ awsJobs }, { parsePlatformEnv }] = await Promise.all([
    import('../../functions/src/platform/aws/jobs.ts'),
    import('../../functions/src/platform/env.ts'),
  ])
  const env = parsePlatformEnv(process.env)
  /** The jobs Lambda's invocations, caught instead of sent. */
  const invoker: Invoker = {
    invokeAsync: async (functionName, event) => {
      if (functionName !== 'inline-test-jobs') throw new Error(`Unexpected Lambda call of ${functionName}`)
      jobs.push(JSON.parse(JSON.stringify(event)) as JobEvent)
    },
    invokeSync: async (functionName) => {
      throw new Error(`Unexpected Lambda call of ${functionName}`)
    },
  }
  return provideStackPlatform(() => ({ jobs: awsJobs(env, invoker) }))
}

/**
 * Runs `load()`'s handler on `event` as described above. `load` imports the handler module (after
 * the fresh start, so it shares the recorded clients).
 */
export const runInline = async (
  load: () => Promise<Handler>,
  event: APIGatewayProxyEventV2,
): Promise<InlineRun> => {
  vi.stubEnv('JOBS_FUNCTION_NAME', 'inline-test-jobs')
  vi.resetModules()
  const jobs: JobEvent[] = []
  try {
    await provideStackPlatformWithLambdaJobs(jobs)
    const [{ dynamo }, { s3 }, { cognito }, { platform }] = await Promise.all([
      import('../../functions/src/platform/services/dynamo.ts'),
      import('../../functions/src/platform/services/s3.ts'),
      import('../../functions/src/platform/services/cognito-client.ts'),
      import('../../functions/src/platform/index.ts'),
    ])
    const ses = platform().mail.client
    const calls: string[] = []
    /** The SDK clients' common part: an initialize-step middleware sees every command sent. */
    type Recorded = {
      middlewareStack: {
        add(
          middleware: (
            next: (args: unknown) => Promise<unknown>,
            context: { commandName?: string },
          ) => (args: unknown) => Promise<unknown>,
          options: { step: 'initialize'; name: string },
        ): void
      }
    }
    const clients: Array<[string, Recorded]> = [
      ['dynamodb', dynamo as unknown as Recorded],
      ['s3', s3 as unknown as Recorded],
      ['cognito', cognito as unknown as Recorded],
      ['ses', ses as unknown as Recorded],
    ]
    for (const [service, client] of clients)
      client.middlewareStack.add(
        (next, context) => async (args) => {
          calls.push(`${service}:${context.commandName}`)
          return next(args)
        },
        { step: 'initialize', name: `record-${service}` },
      )
    const handler = await load()
    const result = (await handler(event, {
      getRemainingTimeInMillis: () => 10_000,
    } as unknown as Context)) as APIGatewayProxyStructuredResultV2
    return { result, calls: [...calls], jobs }
  } finally {
    vi.restoreAllMocks()
    vi.unstubAllEnvs()
    // Later imports get modules that run jobs in this process again.
    vi.resetModules()
  }
}

/** Runs the jobs a request handed over, as the context's jobs Lambda would (one after another). */
export const runJobs = async (
  jobs: JobEvent[],
  runners: () => Promise<
    Parameters<typeof import('../../functions/src/platform/services/jobs.ts').dispatchJob>[1]
  >,
) => {
  const { dispatchJob } = await import('../../functions/src/platform/services/jobs.ts')
  const restore = await provideStackPlatform()
  try {
    const table = await runners()
    for (const job of jobs) await dispatchJob(job, table)
  } finally {
    restore()
  }
}

/**
 * Runs `work` (a handler run in this worker) with the worker's output captured, at `level`, and
 * answers its result and the JSON log lines it wrote, parsed. The integration stack logs at ERROR.
 */
export const withLogLines = async <T>(work: () => Promise<T>, level: 'INFO' | 'WARN' = 'WARN') => {
  const { logger } = await import('../../functions/src/platform/services/logger.ts')
  const written: string[] = []
  const capture = (chunk: unknown) => {
    written.push(String(chunk))
    return true
  }
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture)
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture)
  logger.setLogLevel(level)
  try {
    const result = await work()
    const lines = written
      .flatMap((chunk) => chunk.split('\n'))
      .filter((line) => line.trim().startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    return { result, lines }
  } finally {
    out.mockRestore()
    err.mockRestore()
    logger.setLogLevel('ERROR')
  }
}
