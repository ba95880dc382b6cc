/** The analytics context's routes with their schemas (heads in ./routes.ts). */
import { AnalyticsBody } from '../schemas/visitor.ts'
import { defineContext } from './define.ts'

export const analyticsRoutes = defineContext('analytics')({
  'analytics.collect': () => ({
    summary:
      'One event or up to 50 (text/plain or JSON, 16 KB): per-site, per-day (JST) counters by ADD; 204.',
    /** A beacon's `text/plain` carries JSON; the edge reads it as JSON (snake_case keys, as any body). */
    bodyType: 'text',
    body: AnalyticsBody,
    status: 204,
    responseType: 'empty',
  }),
})
