import { domainsRoutes } from '@swipe/shared/contract/domains'
import { BadRequestError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { checkOemClaim, oemClaimOf, oemDomainView, oemFor } from './oem-domains.ts'

/** Checks the OEM domain's wildcard record now, as the scheduled checker does. */
export const handler = endpoint(domainsRoutes['domains.oemCheck'], async ({ actor, query, locale, t }) => {
  const { oem, editable } = await oemFor(actor, query.oemId, 'oemDomain:manage')
  const claim = await oemClaimOf(oem.accountId)
  if (!claim) throw new BadRequestError('oemDomain.missing')
  await checkOemClaim(claim)
  return ok({ ...(await oemDomainView(oem, editable, locale)), message: t('domain.checked') })
})
