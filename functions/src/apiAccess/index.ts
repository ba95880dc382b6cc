import { contextHandler } from '#lib/router'
import * as openapi from './openapi.ts'

export const handler = contextHandler('apiAccess', { openapi })
