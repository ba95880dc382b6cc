import { mkdirSync } from 'node:fs'
import S3rver from 's3rver'
import { HOST } from './ports.ts'
import type { Running } from './process.ts'

/** s3rver, path-style; bucket CORS is set by the bootstrap with PutBucketCors, as on AWS. */
export const startS3 = async (port: number, dataDir: string): Promise<Running> => {
  mkdirSync(dataDir, { recursive: true })
  const server = new S3rver({
    port,
    address: HOST,
    directory: dataDir,
    silent: true,
    allowMismatchedSignatures: true,
  })
  await server.run()
  return {
    name: 's3',
    url: `http://${HOST}:${port}`,
    stop: () => server.close() as Promise<void>,
  }
}

/** The CORS rules the media bucket gets, locally and (in CDK) on AWS. */
export const mediaCorsXml = (adminOrigin: string) => `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${adminOrigin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`
