import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3'

/**
 * Which published release a visitor's Host is served from. On AWS the CloudFront Function reads
 * it from a KeyValueStore; the local site edge reads the same record from the sites bucket.
 * Publishing writes a release under a new prefix first and flips this pointer last, so a
 * visitor sees the old release or the new one, never a mix.
 */
export interface HostTarget {
  siteId: string
  /** Key prefix of the release in the sites bucket, without a trailing slash: `sites/<siteId>/<release>`. */
  prefix: string
}

export interface HostMap {
  get(host: string): Promise<HostTarget | undefined>
  put(host: string, target: HostTarget): Promise<void>
  delete(host: string): Promise<void>
}

/** Hosts are case-insensitive and never carry a port in the map. */
export const normaliseHost = (host: string): string =>
  host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '')

export const hostMapKey = (host: string): string => `_hostmap/${normaliseHost(host)}.json`

/** The host map kept as one small JSON object per host in a bucket (the local adapter). */
export const bucketHostMap = (s3: S3Client, bucket: string): HostMap => ({
  async get(host) {
    try {
      const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: hostMapKey(host) }))
      const parsed = JSON.parse((await object.Body?.transformToString()) ?? 'null') as HostTarget | null
      return parsed && typeof parsed.prefix === 'string' && typeof parsed.siteId === 'string'
        ? parsed
        : undefined
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined
      throw error
    }
  },
  async put(host, target) {
    await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: hostMapKey(host),
        Body: JSON.stringify(target),
        ContentType: 'application/json',
      }),
    )
  },
  async delete(host) {
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: hostMapKey(host) }))
  },
})

/** The object key a request path maps to inside a release: `/` and `/dir/` serve index.html. */
export const objectKeyFor = (prefix: string, path: string): string | undefined => {
  let decoded: string
  try {
    decoded = decodeURIComponent(path.split('?')[0] ?? '/')
  } catch {
    return undefined
  }
  const segments = decoded.split('/').filter(Boolean)
  if (segments.some((s) => s === '..' || s === '.' || s.includes('\\'))) return undefined
  let rest = segments.join('/')
  const last = segments.at(-1) ?? ''
  if (rest === '' || decoded.endsWith('/')) rest = rest ? `${rest}/index.html` : 'index.html'
  else if (!last.includes('.')) rest = `${rest}/index.html`
  return `${prefix}/${rest}`
}
