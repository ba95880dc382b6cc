import type { Server } from 'node:http'
import sesLocal from 'aws-ses-v2-local'
import { HOST } from './ports.ts'
import type { Running } from './process.ts'

const LOCAL_ACCOUNT = {
  DedicatedIpAutoWarmupEnabled: false,
  Details: {
    AdditionalContactEmailAddresses: [],
    ContactLanguage: 'JA',
    MailType: 'TRANSACTIONAL',
    ReviewDetails: { CaseId: 'local', Status: 'GRANTED' },
    UseCaseDescription: 'Local development mail capture',
    WebsiteURL: 'http://localhost',
  },
  EnforcementStatus: 'HEALTHY',
  ProductionAccessEnabled: true,
  SendingEnabled: true,
  SendQuota: { Max24HourSend: 50000, MaxSendRate: 14, SentLast24Hours: 0 },
  SuppressionAttributes: { SuppressedReasons: [] },
}

/** aws-ses-v2-local on 127.0.0.1: SES v1/v2 API, captured mail at GET /store and a web viewer at /. */
export const startMail = async (port: number): Promise<Running> => {
  // aws-ses-v2-local answers GetAccount (our health check) from this variable, as a real account would.
  process.env.AWS_SES_ACCOUNT ??= JSON.stringify(LOCAL_ACCOUNT)
  // The package is CommonJS with an `exports.default`; under ESM interop that arrives as `.default`.
  const start = (sesLocal as unknown as { default?: typeof sesLocal }).default ?? sesLocal
  const server: Server = await start({ host: HOST, port })
  return {
    name: 'mail',
    url: `http://${HOST}:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.()
        server.close(() => resolve())
      }),
  }
}
