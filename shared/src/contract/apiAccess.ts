/** The apiAccess context's routes with their schemas (heads in ./routes.ts). */
import * as z from 'zod'
import { defineContext } from './define.ts'

export const apiAccessRoutes = defineContext('apiAccess')({
  'apiAccess.openapi': {
    summary: 'This document: every route of the API as OpenAPI 3.1.',
    response: z.looseObject({
      openapi: z.literal('3.1.0'),
      info: z.looseObject({}),
      paths: z.record(z.string(), z.unknown()),
    }),
    keys: 'asSent',
  },
})
