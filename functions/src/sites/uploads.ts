import { randomUUID } from 'node:crypto'
import { extensionOf } from '@swipe/shared'
import { uploadsPrefix } from './service.ts'

/** Purposes of an upload; logo and favicon keys carry theirs, so confirming applies their rule. */
export type UploadPurpose = 'media' | 'logo' | 'favicon'

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'

/** A new key for an upload of the site: `sites/{siteId}/uploads/[{purpose}-]{uuid}.{ext}`. */
export const newUploadKey = (siteId: string, fileName: string, purpose: UploadPurpose = 'media') =>
  `${uploadsPrefix(siteId)}${purpose === 'media' ? '' : `${purpose}-`}${randomUUID()}.${extensionOf(fileName)}`

/** The purpose of a key this API handed out for the site, or undefined for any other key. */
export const purposeOfKey = (siteId: string, key: string): UploadPurpose | undefined => {
  const match = new RegExp(
    `^${escapeRegExp(uploadsPrefix(siteId))}(?:(logo|favicon)-)?${UUID}\\.[a-z0-9]{1,8}$`,
  ).exec(key)
  if (!match) return undefined
  return (match[1] as UploadPurpose | undefined) ?? 'media'
}

/** Where a bulk-upload ZIP is stored while it is uploaded and processed. */
export const bulkKey = (siteId: string, jobId: string) => `sites/${siteId}/bulk/${jobId}.zip`

/** The job id (the UUID) of a ZIP key this API handed out for the site, or undefined. */
export const jobIdOfBulkKey = (siteId: string, key: string): string | undefined =>
  new RegExp(`^sites/${escapeRegExp(siteId)}/bulk/(${UUID})\\.zip$`).exec(key)?.[1]
