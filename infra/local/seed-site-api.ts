/**
 * The demo site's API (issue 21): enabled with the API key method and one key, so the console's
 * API page (サイト一覧 → API) shows a working setup and the curl example answers at once. The key is
 * a fixed local-only demo value (like the demo passwords, it never exists on AWS), printed by the
 * seed on every start because a real key is shown only once. Skipped when the site already has
 * API settings (a creator's own changes are kept).
 */
/** The demo key: a fixed body with its checksum, as every key. */
export const demoSiteApiKey = async () =>
  (await import('../../functions/src/edge/site-api-keys.ts')).keyOf('LocalDemoKeyForTheDemoSite0001')

export const seedSiteApi = async (
  creatorId: string,
  site: { siteId: string; siteUuid: string },
  log: (line: string) => void,
) => {
  const { SiteApiAudit, SiteApiKeys, SiteApiSettings } = await import('../../functions/src/data/site-api.ts')
  const { hashKey, visiblePrefixOf } = await import('../../functions/src/edge/site-api-keys.ts')
  const { siteUrl } = await import('../../functions/src/platform/services/urls.ts')
  const key = await demoSiteApiKey()
  const endpoint = `${siteUrl(site)}api/v1/open/site/${site.siteId}/members`
  const { siteId } = site
  if (!(await SiteApiSettings.get({ siteId }).go()).data) {
    const at = new Date().toISOString()
    await SiteApiKeys.create({
      siteId,
      keyId: '00000000-0000-4000-8000-00000000a21d',
      name: 'デモ CRM 連携',
      keyHash: hashKey(key),
      prefix: visiblePrefixOf(key),
      createdAt: at,
      createdBy: creatorId,
    }).go()
    await SiteApiSettings.create({
      siteId,
      enabled: true,
      authMethod: 'API_KEY',
      ipList: [],
      updatedAt: at,
      updatedBy: creatorId,
      version: 1,
    }).go()
    for (const [action, summary] of [
      [
        'key.create',
        `key=00000000-0000-4000-8000-00000000a21d prefix=${visiblePrefixOf(key)} name=デモ CRM 連携`,
      ],
      ['settings.update', 'enabled=true method=API_KEY'],
    ] as const)
      await SiteApiAudit.create({
        siteId,
        at,
        auditId: `seed-${action}`,
        actorId: creatorId,
        action,
        summary,
      }).go()
    log(`seed: demo site API enabled with one key`)
  }
  // Every start (a real key is shown only once; this one is local only), not a seed line.
  log(`Demo site API: curl -H "Authorization: Bearer ${key}" '${endpoint}'`)
}
