import { randomUUID } from 'node:crypto'
import { DeleteObjectCommand } from '@aws-sdk/client-s3'
import { LOGO_MAX_BYTES } from '@swipe/shared'
import { accountsRoutes } from '@swipe/shared/contract/accounts'
import { type Account, Accounts } from '#data/accounts'
import { BadRequestError, NotFoundError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { adminOf } from '#edge/tenancy'
import { presignGet, presignPut } from '#platform/services/presign'
import { mediaBucket, s3 } from '#platform/services/s3'
import { verifyUpload } from '#platform/services/uploads'

const logoPrefix = (account: Account) => `accounts/${account.accountId}/logo/`
const LOGO_RULE = { kinds: ['png', 'jpeg'] as const, maxBytes: LOGO_MAX_BYTES }

export const uploadUrl = endpoint(accountsRoutes['accounts.logoUploadUrl'], async ({ actor, body }) => {
  const account = adminOf(actor)
  if (body.size > LOGO_MAX_BYTES)
    throw new BadRequestError('upload.tooLarge', { file: body.fileName, maxMb: 2 })
  const ext = body.contentType === 'image/png' ? 'png' : 'jpg'
  return ok(await presignPut(mediaBucket, `${logoPrefix(account)}${randomUUID()}.${ext}`, body.contentType))
})

/** Attaches an uploaded picture only after the server has checked its size, type and first bytes. */
export const confirm = endpoint(accountsRoutes['accounts.logoConfirm'], async ({ actor, body, t }) => {
  const account = adminOf(actor)
  if (!body.key.startsWith(logoPrefix(account))) throw new NotFoundError()
  await verifyUpload(mediaBucket, body.key, body.fileName, LOGO_RULE)
  const previous = account.logoKey
  await Accounts.patch({ accountId: account.accountId }).set({ logoKey: body.key }).go()
  if (previous && previous !== body.key) {
    await s3.send(new DeleteObjectCommand({ Bucket: mediaBucket, Key: previous })).catch(() => undefined)
  }
  return ok({ logoUrl: await presignGet(mediaBucket, body.key), message: t('profile.logoSaved') })
})

export const remove = endpoint(accountsRoutes['accounts.logoRemove'], async ({ actor, t }) => {
  const account = adminOf(actor)
  if (account.logoKey) {
    await Accounts.patch({ accountId: account.accountId }).remove(['logoKey']).go()
    await s3
      .send(new DeleteObjectCommand({ Bucket: mediaBucket, Key: account.logoKey }))
      .catch(() => undefined)
  }
  return ok({ logoUrl: null, message: t('profile.logoRemoved') })
})
