/**
 * The custom-domain demo (issue 19): a one-creative site of the demo OEM, "独自ドメインのデモ",
 * published and connected to `lp.demo-shop.example.test` through the real flow (the local DNS
 * server gets the CNAME, the checker verifies it, the site is published with its custom domain),
 * so `npm start` shows a connected domain in the OEM's site list and domain tab, and the local
 * edge serves it by Host:
 *   curl -H 'Host: lp.demo-shop.example.test' http://localhost:3001/
 * A site of its own (not the demo site every demo test uses) owned by the OEM master (the EP/OEM
 * plan has custom domains and room for sites), so no existing demo changes. Its ownership is proven
 * as a creator proves it (issue 29): the claim's own token as the TXT record
 * `_swipe-challenge.lp.demo-shop.example.test`. Skipped when the domain is already claimed (its
 * CNAME and TXT records are written again: the zone lives in the data folder); a claim stored
 * before issue 29 is migrated first (it gets a token, and its TXT record proves it).
 */
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PutObjectCommand } from '@aws-sdk/client-s3'
import { setRecord } from './dns.ts'

export const DEMO_DOMAIN = 'lp.demo-shop.example.test'
export const DEMO_DOMAIN_SITE_NAME = '独自ドメインのデモ'

export const seedDomains = async (
  owner: { accountId: string; ancestorIds: readonly string[] },
  log: (line: string) => void,
) => {
  const zoneFile = process.env.DOMAIN_DNS_ZONE_FILE
  if (!zoneFile) return
  const { checkClaim, migrateLegacyClaims } = await import('../../functions/src/domains/domains.ts')
  const { setDomain } = await import('../../functions/src/domains/set-domain.ts')
  const { platform } = await import('../../functions/src/platform/index.ts')
  const { challengeNameOf } = await import('../../shared/src/site/domain.ts')
  setRecord(zoneFile, DEMO_DOMAIN, 'CNAME', platform().domains.cnameTarget)
  const { SiteDomains } = await import('../../functions/src/data/domains.ts')
  await migrateLegacyClaims()
  const existing = (await SiteDomains.query.byDomain({ domain: DEMO_DOMAIN }).go()).data
  if (existing.length) {
    for (const claim of existing.filter((c) => c.token && c.state !== 'FAILED')) {
      setRecord(zoneFile, challengeNameOf(DEMO_DOMAIN), 'TXT', claim.token!)
      // A grandfathered claim (connected before issue 29) is proven by its record now.
      if (claim.state === 'ACTIVE' && claim.provenAt === undefined) await checkClaim(claim)
    }
    return
  }

  const { Creatives, Sites } = await import('../../functions/src/data/sites.ts')
  const { s3, mediaBucket } = await import('../../functions/src/platform/services/s3.ts')
  const siteId = randomUUID()
  const mediaKey = `sites/${siteId}/media/${randomUUID()}.jpg`
  await s3.send(
    new PutObjectCommand({
      Bucket: mediaBucket,
      Key: mediaKey,
      Body: readFileSync(join(import.meta.dirname, 'seed-assets', 'creative-B2.jpg')),
      ContentType: 'image/jpeg',
    }),
  )
  await Creatives.create({
    siteId,
    lang: 'JP',
    position: 'A1',
    order: 1,
    mediaKey,
    mediaType: 'image',
    imageAlt: '独自ドメインで公開中のサイト',
    mainText: 'このサイトは独自ドメイン lp.demo-shop.example.test で公開されています。',
    linkButtonText: '詳しく見る',
    linkDestinationUrl: 'https://example.com/',
    isInternalLink: false,
  }).go()
  // Through the create's transaction, so the owner's site counts include it.
  const { createSiteInSlot } = await import('../../functions/src/domain/plans.ts')
  await createSiteInSlot(
    { quantitySite: Number.MAX_SAFE_INTEGER },
    {
      siteId,
      ownerId: owner.accountId,
      tenantIds: [...owner.ancestorIds, owner.accountId],
      siteUuid: randomUUID(),
      name: DEMO_DOMAIN_SITE_NAME,
      status: 'DRAFT',
      numberHorizontal: 1,
      numberVertical: 1,
      defaultLanguage: 'JP',
      languages: ['JP'],
      displayLanguageIcon: false,
      displayGlobalMenu: false,
    },
  )
  const { publishSite } = await import('../../functions/src/publishing/publish.ts')
  await publishSite(siteId)
  // The four steps as a creator takes them: the domain is claimed, then the checker connects it.
  const site = (await Sites.get({ siteId }).go({ consistent: true })).data
  if (!site) throw new Error('The custom-domain demo site could not be read back')
  const { claim } = await setDomain(site, DEMO_DOMAIN)
  setRecord(zoneFile, challengeNameOf(DEMO_DOMAIN), 'TXT', claim.token!)
  const state = await checkClaim(claim)
  log(`seed: custom domain ${DEMO_DOMAIN} (${state}) for "${DEMO_DOMAIN_SITE_NAME}" (${siteId})`)
}
