import { MediaRenditions } from '#data/media-renditions'
import { now } from '#platform/services/clock'
import { runJob } from '#platform/services/jobs'
import { hasRenditions } from '#platform/services/media/rules'

/**
 * The request side of web renditions (issue 22): records a confirmed upload as `processing` and
 * starts its `mediaRenditions` job, with the original's key as the job id; the sites jobs Lambda
 * makes them (./media.ts) and puts the original and each rendition into the site's public media
 * store (decision 0063). An upload that gets no renditions (a GIF, a favicon) records nothing and
 * is always served as uploaded: its job only stores it. Answers whether renditions were asked for.
 */
export const requestRenditions = async (upload: {
  siteId: string
  key: string
  kind: string
  mediaType: 'image' | 'video'
  purpose?: string | undefined
}): Promise<boolean> => {
  if (!hasRenditions(upload)) {
    await runJob({ context: 'sites', type: 'mediaRenditions', id: upload.key })
    return false
  }
  await MediaRenditions.put({
    siteId: upload.siteId,
    key: upload.key,
    mediaType: upload.mediaType,
    purpose: upload.purpose === 'logo' ? 'logo' : 'media',
    state: 'processing',
    requestedAt: now(),
  }).go()
  await runJob({ context: 'sites', type: 'mediaRenditions', id: upload.key })
  return true
}
