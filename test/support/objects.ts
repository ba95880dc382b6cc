import { ListObjectsV2Command } from '@aws-sdk/client-s3'

/**
 * Every object key under a site's prefix in the sites bucket (media store, releases' files, side
 * files), sorted: what a publish, a rollback or a promotion wrote or did not write. The bucket's
 * client is the stack platform's (load it after `useStackEnv`).
 */
export const siteObjects = async (siteId: string): Promise<string[]> => {
  const { s3, sitesBucket } = await import('../../functions/src/platform/services/s3.ts')
  const keys: string[] = []
  let token: string | undefined
  do {
    const page = await s3.send(
      new ListObjectsV2Command({ Bucket: sitesBucket, Prefix: `sites/${siteId}/`, ContinuationToken: token }),
    )
    keys.push(...(page.Contents ?? []).map((o) => o.Key!))
    token = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (token)
  return keys.sort()
}
