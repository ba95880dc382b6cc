import { Logger } from '@aws-lambda-powertools/logger'

/** One structured logger per function; request and tenant ids are appended per request. */
export const logger = new Logger({ serviceName: 'swipe-api' })
