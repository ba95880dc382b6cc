import { contextHandler } from '#lib/router'
import * as get from './get.ts'

export const handler = contextHandler('accounts', { get })
