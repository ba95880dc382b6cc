import { contentRoutes } from '@swipe/shared/contract/content'
import { endpoint, ok } from '#edge/http'
import { adminOf } from '#edge/tenancy'
import { newsOwnerOf, presignImage } from './notices.ts'

/** A presigned upload of an image for the caller's latest information. */
export const handler = endpoint(contentRoutes['content.newsUploadUrl'], async ({ actor, body }) => {
  const { ownerKey } = newsOwnerOf(adminOf(actor))
  return ok(await presignImage('news', ownerKey, body))
})
