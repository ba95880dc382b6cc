import { z } from 'zod'
import { endpoint, ok } from '#lib/http'
import { accountsFor } from '#lib/tenancy'
import { routes } from '../routes.ts'

export const handler = endpoint(
  routes['accounts.get'],
  { params: z.object({ id: z.string().min(1).max(64) }) },
  async ({ actor, params }) => {
    const account = await accountsFor(actor).get(params.id, 'account:read')
    return ok({
      id: account.accountId,
      accountType: account.accountType,
      parentType: account.parentType ?? null,
      parentId: account.parentId === 'ROOT' ? null : account.parentId,
      email: account.email,
      companyName: account.companyName ?? null,
      contactName: account.contactName ?? null,
      contractStatus: account.contractStatus,
      authority: account.authority,
      licenseIssuing: account.licenseIssuing,
      adminRole: account.adminRole ?? null,
      createdAt: new Date(account.createdAt).toISOString(),
      updatedAt: new Date(account.updatedAt).toISOString(),
    })
  },
)
