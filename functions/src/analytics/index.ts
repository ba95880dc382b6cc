import { contextHandler } from '#edge/router'
import * as collect from './collect.ts'

export const handler = contextHandler('analytics', { collect })
