import middy from '@middy/core'
import httpRouterHandler, { type Method } from '@middy/http-router'
import { API_BASE_PATH, type Context, routeList } from '@swipe/shared/contract/routes'
import { type JobName, jobNamesOf } from '@swipe/shared/contract/runtime'
import type { Context as LambdaContext } from 'aws-lambda'
import { dispatchJob, isJobEvent, type JobRunner, type JobRunners } from '../platform/services/jobs.ts'
import { apiEdge, type Event, type Result } from './http.ts'

type RouteHandler = (event: Event, context: LambdaContext) => Promise<Result>

/**
 * The Lambda of one bounded context: an http-router over exactly the routes the route table
 * gives this context. `modules` maps each action to its handler module; a missing or extra
 * action fails at load, so a route can never be deployed without its handler. `jobs` are the
 * context's asynchronous jobs (`#platform/services/jobs`): a job event runs its runner instead of a route. They
 * are exactly the runtime table's jobs of the context (@swipe/shared/contract/runtime): the type
 * says so, and a missing or extra runner fails at load too.
 */
export const contextHandler = <C extends Context>(
  context: C,
  modules: Record<string, { handler: RouteHandler }>,
  jobs?: [JobName<C>] extends [never] ? undefined : JobRunners<C>,
) => {
  const defs = routeList().filter((r) => r.context === context)
  const wanted = new Set(defs.map((r) => r.action))
  const missing = [...wanted].filter((action) => !modules[action])
  const extra = Object.keys(modules).filter((action) => !wanted.has(action))
  if (missing.length || extra.length) {
    throw new Error(
      `Context ${context}: handler modules and route table disagree (missing: ${missing.join(', ') || '-'}; extra: ${extra.join(', ') || '-'})`,
    )
  }
  const runners = jobs as Readonly<Record<string, JobRunner>> | undefined
  const jobNames = new Set(jobNamesOf(context))
  const missingJobs = [...jobNames].filter((name) => !runners?.[name])
  const extraJobs = Object.keys(runners ?? {}).filter((name) => !jobNames.has(name))
  if (missingJobs.length || extraJobs.length) {
    throw new Error(
      `Context ${context}: job runners and runtime table disagree (missing: ${missingJobs.join(', ') || '-'}; extra: ${extraJobs.join(', ') || '-'})`,
    )
  }
  const router = httpRouterHandler(
    defs.map((def) => ({
      method: def.method as Method,
      path: `${API_BASE_PATH}${def.path}`,
      handler: modules[def.action]!.handler as never,
    })),
  )
  // The outer edge only answers unknown routes with the error envelope; each route has its own.
  const http = middy<Event, Result>()
    .use(apiEdge())
    .handler(router as never)
  if (!runners) return http
  return async (event: Event, lambdaContext: LambdaContext): Promise<Result> => {
    if (!isJobEvent(event)) return http(event, lambdaContext)
    if (event.context !== context) throw new Error(`Job for ${event.context} sent to ${context}`)
    await dispatchJob(event, runners)
    return { statusCode: 204 }
  }
}
