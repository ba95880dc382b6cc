import { contextHandler } from '#lib/router'
import * as get from './get.ts'
import * as ready from './ready.ts'

export const handler = contextHandler('health', { get, ready })
