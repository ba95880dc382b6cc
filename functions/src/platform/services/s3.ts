import { S3Client } from '@aws-sdk/client-s3'
import * as z from 'zod'
import { clientConfig, readEnv } from './env.ts'

const env = readEnv({
  MEDIA_BUCKET: z.string().min(1),
  SITES_BUCKET: z.string().min(1),
  S3_ENDPOINT: z.url().optional(),
})

export const mediaBucket = env.MEDIA_BUCKET
export const sitesBucket = env.SITES_BUCKET
export const s3 = new S3Client({
  ...clientConfig(env.S3_ENDPOINT),
  // s3rver (local) only understands path-style addressing and plain (non-chunked) payloads.
  forcePathStyle: Boolean(env.S3_ENDPOINT),
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
})
