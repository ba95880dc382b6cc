import { readFileSync, writeFileSync } from 'node:fs'
import {
  DescribeKeyValueStoreCommand,
  GetKeyCommand,
  UpdateKeysCommand,
} from '@aws-sdk/client-cloudfront-keyvaluestore'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3'
import { decodeHostValue, type EdgeExperiment, encodeHostValue } from '@swipe/shared/experiments/model'

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
  /**
   * While an experiment runs (issue 34): its id and every arm's release prefix and weight, the
   * control (`prefix`) first. The edge picks an arm per visitor key.
   */
  experiment?: EdgeExperiment
  /**
   * The live release's message-match map (issue 34 part 5, shared/src/site/message-match.ts): a
   * swipe-page request whose UTM value is a key is served that cell's start page.
   */
  matches?: Record<string, string>
}

export interface HostMap {
  get(host: string): Promise<HostTarget | undefined>
  put(host: string, target: HostTarget): Promise<void>
  delete(host: string): Promise<void>
  /**
   * Points every host of `puts` at its target and removes every host of `deletes` (absent hosts
   * are fine). The KeyValueStore applies them in one conditional call; the bucket map one by one.
   */
  update(changes: { puts?: ReadonlyMap<string, HostTarget>; deletes?: readonly string[] }): Promise<void>
}

/** Hosts are case-insensitive and never carry a port in the map. */
export const normaliseHost = (host: string): string =>
  host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '')

export const hostMapKey = (host: string): string => `_hostmap/${normaliseHost(host)}.json`

let stamps = 0
/**
 * Locally only: the file whose content changes after every write of the bucket host map (the
 * local platform's `HOSTMAP_STAMP_FILE`, set by the local stack for every process that may
 * publish: its own, the test workers). The local edge keeps the map in memory and reads this file
 * on each request (a few microseconds, against an S3 round trip): a flip, from any process, is
 * seen by the very next request. Written after the map's objects, so a reader that sees the new
 * stamp finds the new map.
 */
const touchStamp = (file: string | undefined) => {
  if (file) writeFileSync(file, `${process.pid}-${++stamps}-${process.hrtime.bigint()}`)
}

/** The stamp's current content ('' while it was never written). */
export const readHostMapStamp = (file: string): string => {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

/**
 * The host map kept as one small JSON object per host in a bucket (the local adapter); every write
 * marks `stampFile` when given (`touchStamp`).
 */
export const bucketHostMap = (s3: S3Client, bucket: string, stampFile?: string): HostMap => ({
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
    try {
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: hostMapKey(host),
          Body: JSON.stringify(target),
          ContentType: 'application/json',
        }),
      )
    } finally {
      touchStamp(stampFile)
    }
  },
  async delete(host) {
    try {
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: hostMapKey(host) }))
    } finally {
      touchStamp(stampFile)
    }
  },
  async update({ puts, deletes }) {
    for (const [host, target] of puts ?? []) await this.put(host, target)
    for (const host of deletes ?? []) await this.delete(host)
  },
})

/** What the KeyValueStore adapter needs of its SDK client: `send`, so a test can pass a fake. */
export interface KvsClient {
  send(command: unknown): Promise<unknown>
}

const errorName = (error: unknown) => (error as { name?: string }).name

/** `sites/<siteId>/<release>` → the site id; the KeyValueStore holds only the prefix. */
const siteOfPrefix = (prefix: string) => /^sites\/([^/]+)\//.exec(prefix)?.[1]

/**
 * The host map in the CloudFront KeyValueStore the host-router function reads (infra/lib/sites):
 * key = host (lower case, no port), value = the release prefix, or while an experiment runs its
 * arms (`encodeHostValue`, shared/src/experiments/model.ts). Every write names the store's
 * current ETag (`IfMatch`), so two publishers never overwrite each other blindly: on a conflict
 * the ETag is read again and the change retried.
 */
export const kvsHostMap = (client: KvsClient, arn: string, attempts = 5): HostMap => {
  const etag = async () => {
    const described = (await client.send(new DescribeKeyValueStoreCommand({ KvsARN: arn }))) as {
      ETag?: string
    }
    if (!described.ETag) throw new Error('The host KeyValueStore answered without an ETag')
    return described.ETag
  }
  const exists = async (host: string) => {
    try {
      await client.send(new GetKeyCommand({ KvsARN: arn, Key: normaliseHost(host) }))
      return true
    } catch (error) {
      if (errorName(error) === 'ResourceNotFoundException') return false
      throw error
    }
  }
  const map: HostMap = {
    async get(host) {
      try {
        const found = (await client.send(new GetKeyCommand({ KvsARN: arn, Key: normaliseHost(host) }))) as {
          Value?: string
        }
        const value = found.Value ? decodeHostValue(found.Value) : undefined
        const siteId = value ? siteOfPrefix(value.prefix) : undefined
        return value && siteId ? { siteId, ...value } : undefined
      } catch (error) {
        if (errorName(error) === 'ResourceNotFoundException') return undefined
        throw error
      }
    },
    put: (host, target) => map.update({ puts: new Map([[host, target]]) }),
    delete: (host) => map.update({ deletes: [host] }),
    async update({ puts, deletes }) {
      const Puts = [...(puts ?? [])].map(([host, target]) => ({
        Key: normaliseHost(host),
        Value: encodeHostValue(target.prefix, target.experiment, target.matches),
      }))
      // Deleting a key that is not there is an error for the store: only delete what exists.
      const Deletes: { Key: string }[] = []
      for (const host of deletes ?? []) if (await exists(host)) Deletes.push({ Key: normaliseHost(host) })
      if (Puts.length === 0 && Deletes.length === 0) return
      for (let attempt = 1; ; attempt++) {
        try {
          await client.send(
            new UpdateKeysCommand({
              KvsARN: arn,
              IfMatch: await etag(),
              ...(Puts.length ? { Puts } : {}),
              ...(Deletes.length ? { Deletes } : {}),
            }),
          )
          return
        } catch (error) {
          if (errorName(error) !== 'ConflictException' || attempt >= attempts) throw error
        }
      }
    },
  }
  return map
}

/**
 * The folder of a site's published media, shared by its releases (`sites/<siteId>/_media/`,
 * beside them): `/_media/<file>` on a site's host is read from there, so a release references
 * the media an earlier one already copied instead of copying it again (publishing/release.ts).
 */
export const SHARED_MEDIA_FOLDER = '_media'

/**
 * The object key a request path maps to inside a release: `/` and `/dir/` serve index.html;
 * `/_media/<file>` is the site's shared media folder beside the release.
 */
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
  if (segments.length === 2 && segments[0] === SHARED_MEDIA_FOLDER && prefix.includes('/'))
    return `${prefix.slice(0, prefix.lastIndexOf('/'))}/${rest}`
  return `${prefix}/${rest}`
}

/**
 * The `/sites/{siteId}/…` path form (SPEC §2) on a shared sites host, one that is not itself in
 * the map (the bare sites domain, `sites.localhost` locally): the site's entry is kept under this
 * key next to its hosts, and its pages are rendered with `/sites/{siteId}/` as their root into the
 * release's `PATH_FORM_FOLDER`. A `/` cannot occur in a host, so the key never meets one.
 */
export const pathFormKey = (siteId: string): string => `sites/${siteId.toLowerCase()}`

/** The folder of a release that holds its pages rendered for the path form. */
export const PATH_FORM_FOLDER = '_p'

/** `/sites/{siteId}` and the rest of a path-form request path, or undefined for any other path. */
export const pathFormOf = (path: string): { siteId: string; rest: string } | undefined => {
  const match = /^\/sites\/([A-Za-z0-9-]{1,64})(\/[^?]*)?(\?.*)?$/.exec(path)
  return match ? { siteId: match[1]!, rest: `${match[2] ?? '/'}${match[3] ?? ''}` } : undefined
}

/**
 * The object key of a path-form request inside the site's release: pages (folders and paths whose
 * last segment has no dot) come from the path-form folder, files (the script, media, company
 * texts) from the release itself, which both forms share.
 */
export const pathFormObjectKeyFor = (prefix: string, rest: string): string | undefined => {
  const last = rest.split('?')[0]!.split('/').at(-1) ?? ''
  return last.includes('.') ? objectKeyFor(prefix, rest) : objectKeyFor(`${prefix}/${PATH_FORM_FOLDER}`, rest)
}
