import { randomUUID } from 'node:crypto'
import type { SiteStatus } from '@swipe/shared'
import type { TestAccount } from './accounts.ts'

/** A site as a test stored it. */
export interface StoredSite {
  id: string
  uuid: string
  name: string
  status: SiteStatus
  owner: TestAccount
  createdAt?: number
  publishedAt?: number
}

/**
 * A site stored straight through the entity (a 2 × 3 grid, Japanese), for tests that need what
 * the API would not take or stamp itself: exact created and published instants, a name with
 * control characters. Requires the stack env (useStackEnv).
 */
export const storeSite = async (
  site: Omit<StoredSite, 'id' | 'uuid' | 'status'> & { status?: SiteStatus },
): Promise<StoredSite> => {
  // Through the create's transaction (no plan limit here), so the owner's counts include it.
  const { createSiteInSlot } = await import('../../functions/src/lib/plans.ts')
  const stored = { ...site, status: site.status ?? 'DRAFT', id: randomUUID(), uuid: randomUUID() }
  await createSiteInSlot(
    { quantitySite: Number.MAX_SAFE_INTEGER },
    {
      siteId: stored.id,
      ownerId: site.owner.accountId,
      tenantIds: [...site.owner.ancestorIds, site.owner.accountId],
      siteUuid: stored.uuid,
      name: site.name,
      status: stored.status,
      numberHorizontal: 2,
      numberVertical: 3,
      languages: ['JP'],
      ...(site.createdAt === undefined ? {} : { createdAt: site.createdAt }),
      ...(site.publishedAt === undefined ? {} : { publishedAt: site.publishedAt }),
    },
  )
  return stored
}
