import type { FileKind } from '@swipe/shared'
import { type MediaRendition, UPLOAD_KEY } from '#data/media-renditions'
import { now } from '#platform/services/clock'

/**
 * The rules of media renditions (issue 22) without I/O: which uploads get them, where they are
 * stored, and how a record's state reads. The job (functions/src/sites/media.ts) does the work.
 */

/** How long one upload's renditions may take before they count as failed. */
export const MEDIA_TIMEOUT_MS = { image: 2 * 60_000, video: 10 * 60_000 } as const
/** A record still `processing` this long after it was requested never found a worker: failed. */
const NEVER_STARTED_MS = MEDIA_TIMEOUT_MS.video + 60_000

/** Kinds whose renditions are made: GIFs keep their animation (served as uploaded). */
const IMAGE_KINDS: ReadonlySet<string> = new Set<FileKind>(['jpeg', 'png', 'webp', 'heic'])
const VIDEO_KINDS: ReadonlySet<string> = new Set<FileKind>(['mp4', 'mov', 'webm'])

/** Whether an upload gets renditions: creatives, CTA/product images and videos, and logos. */
export const hasRenditions = (upload: { kind: string; purpose?: string | undefined }): boolean =>
  (upload.purpose ?? 'media') === 'media'
    ? IMAGE_KINDS.has(upload.kind) || VIDEO_KINDS.has(upload.kind)
    : upload.purpose === 'logo' && IMAGE_KINDS.has(upload.kind)

/** Where an original's renditions live: `sites/{siteId}/renditions/{upload file}/{name}`. */
export const renditionKey = (originalKey: string, name: string): string => {
  const match = UPLOAD_KEY.exec(originalKey)
  if (!match) throw new Error(`Not an upload key: ${originalKey}`)
  return `sites/${match[1]}/renditions/${match[2]}/${name}`
}

/** What the editor and the publisher read: the stored state, with an overdue run counted as failed. */
export const effectiveState = (
  record: Pick<MediaRendition, 'state' | 'deadline' | 'requestedAt' | 'code' | 'params'>,
  at = now(),
): { state: MediaRendition['state']; code?: string; params?: Record<string, unknown> } => {
  if (record.state === 'processing') {
    const overdue = record.deadline ? record.deadline < at : record.requestedAt + NEVER_STARTED_MS < at
    if (overdue) return { state: 'failed', code: 'media.timeout' }
    return { state: 'processing' }
  }
  if (record.state === 'failed')
    return {
      state: 'failed',
      code: record.code ?? 'media.failed',
      ...(record.params ? { params: record.params } : {}),
    }
  return { state: 'ready' }
}
