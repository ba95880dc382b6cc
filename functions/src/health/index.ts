import { contextHandler } from '#edge/router'
import { declareAwsAdapters } from '#platform'
import { awsMail } from '#platform/aws/mail'
import * as get from './get.ts'
import * as ready from './ready.ts'

// The large AWS adapters this Lambda's code uses (functions/src/platform/aws/index.ts).
declareAwsAdapters({ mail: awsMail })

export const handler = contextHandler('health', { get, ready })
