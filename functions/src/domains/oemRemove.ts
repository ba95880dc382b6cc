import { domainsRoutes } from '@swipe/shared/contract/domains'
import { BadRequestError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { oemDomainView, oemFor, removeOemDomain } from './oem-domains.ts'

/** Removes the OEM's sites domain: its users' sites answer on the product's default domain only. */
export const handler = endpoint(domainsRoutes['domains.oemRemove'], async ({ actor, query, locale, t }) => {
  const { oem, editable } = await oemFor(actor, query.oemId, 'oemDomain:manage')
  if (!(await removeOemDomain(oem))) throw new BadRequestError('oemDomain.missing')
  return ok({ ...(await oemDomainView(oem, editable, locale, null)), message: t('oemDomain.removed') })
})
