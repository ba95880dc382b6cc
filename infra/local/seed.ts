import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider'
import { PutObjectCommand } from '@aws-sdk/client-s3'
import { type AccountType, DEFAULT_PLANS, defaultForms, type ParentType } from '@swipe/shared'
import { parseCell } from '@swipe/shared/site/cells'
import { PRODUCT_DEFAULTS } from '@swipe/shared/site/model-defaults'

/** The demo logins `npm start` prints. Local only: they never exist on AWS. */
export const DEMO_ACCOUNTS = [
  {
    key: 'master',
    email: 'master@example.com',
    password: 'Master#Local1',
    type: 'MASTER',
    company: 'Swipe LP Studio 運営',
  },
  {
    key: 'oem',
    email: 'oem@example.com',
    password: 'Oem#Local1',
    type: 'OEM_MASTER',
    company: 'デモOEMパートナー株式会社',
    parent: 'master',
    planId: 'ep_oem',
  },
  {
    key: 'creator',
    email: 'creator@example.com',
    password: 'Creator#Local1',
    type: 'USER',
    company: 'デモクリエイター合同会社',
    parent: 'oem',
    planId: 'standard_multi',
  },
  {
    // The creator's editor (admin settings' 編集者): requests publishes once a site requires approval.
    key: 'editor',
    email: 'editor@example.com',
    password: 'Editor#Local1',
    type: 'SUB_ADMIN',
    company: 'デモクリエイター合同会社',
    parent: 'creator',
    adminRole: 'EDITOR',
    contact: 'デモ 編集者',
  },
] as const satisfies ReadonlyArray<{
  key: string
  email: string
  password: string
  type: AccountType
  company: string
  parent?: string
  planId?: string
  adminRole?: 'MAIN_CONTACT' | 'EDITOR' | 'VIEWER'
  contact?: string
}>

export const DEMO_SITE_NAME = 'デモサイト'
const ASSETS = join(import.meta.dirname, 'seed-assets')

/**
 * Seeds the demo data once: the plan catalogue, four accounts (the creator's editor among them) (in the table and the admin pool) and a two-language
 * 3×3 demo site with bundled images, a product, a popup CTA and a members-only creative, owned by
 * the creator, then publishes the site (every start: a fresh release). Runs through the same
 * entities, clients and publisher the handlers use; each step first looks for what it would create.
 */
export const seed = async (log: (line: string) => void) => {
  const { Accounts } = await import('../../functions/src/data/accounts.ts')
  const { Sites, Creatives } = await import('../../functions/src/data/sites.ts')
  const { cognito, adminPool } = await import('../../functions/src/platform/services/cognito.ts')
  const { Plans } = await import('../../functions/src/data/plans.ts')

  for (const plan of DEFAULT_PLANS) {
    if ((await Plans.get({ planId: plan.planId }).go()).data) continue
    await Plans.create(plan).go()
    log(`seed: plan ${plan.planId}`)
  }

  const ids: Record<string, { accountId: string; ancestorIds: string[]; type: AccountType }> = {}
  for (const demo of DEMO_ACCOUNTS) {
    const existing = (await Accounts.query.byEmail({ email: demo.email }).go()).data[0]
    if (existing) {
      if ('planId' in demo && !existing.planId)
        await Accounts.patch({ accountId: existing.accountId }).set({ planId: demo.planId }).go()
      ids[demo.key] = {
        accountId: existing.accountId,
        ancestorIds: existing.ancestorIds,
        type: existing.accountType,
      }
      continue
    }
    const parent = 'parent' in demo ? ids[demo.parent] : undefined
    const accountId = randomUUID()
    let username: string
    try {
      const created = await cognito.send(
        new AdminCreateUserCommand({
          UserPoolId: adminPool.id,
          Username: demo.email,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: demo.email },
            { Name: 'email_verified', Value: 'true' },
            { Name: 'custom:account_id', Value: accountId },
          ],
        }),
      )
      username = created.User?.Username ?? demo.email
    } catch (error) {
      if (!(error instanceof UsernameExistsException)) throw error
      const user = await cognito.send(
        new AdminGetUserCommand({ UserPoolId: adminPool.id, Username: demo.email }),
      )
      username = user.Username ?? demo.email
    }
    await cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: adminPool.id,
        Username: username,
        Password: demo.password,
        Permanent: true,
      }),
    )
    const ancestorIds = parent ? [...parent.ancestorIds, parent.accountId] : []
    // With the summary's counts, as the API stores an account.
    const { putCountedAccount } = await import('../../functions/src/domain/tallies.ts')
    await putCountedAccount({
      accountId,
      accountType: demo.type,
      ...(parent ? { parentId: parent.accountId, parentType: parent.type as ParentType } : {}),
      ancestorIds,
      email: demo.email,
      companyName: demo.company,
      contactName: 'contact' in demo ? demo.contact : 'デモ 担当者',
      contractStatus: 'ACTIVE',
      authority: 'EDIT',
      licenseIssuing: demo.type !== 'USER' && demo.type !== 'SUB_ADMIN',
      ...('adminRole' in demo ? { adminRole: demo.adminRole } : {}),
      ...('planId' in demo ? { planId: demo.planId } : {}),
      cognitoUsername: username,
    })
    ids[demo.key] = { accountId, ancestorIds, type: demo.type }
    log(`seed: account ${demo.email} (${demo.type})`)
  }

  const creator = ids.creator!
  const owned = await Sites.query.byOwner({ ownerId: creator.accountId }).go()
  let site = owned.data.find((s) => s.name === DEMO_SITE_NAME)
  if (!site) {
    const siteId = randomUUID()
    const cells = readdirSync(ASSETS)
      .filter((f) => f.endsWith('.jpg'))
      .sort()
      .map((file) => ({ file, position: file.replace(/^creative-|\.jpg$/g, '') }))
    const at = (position: string) => parseCell(position) ?? { row: 0, column: 0 }
    cells.sort(
      (a, b) => at(a.position).row - at(b.position).row || at(a.position).column - at(b.position).column,
    )
    const media: Record<string, string> = {}
    for (const cell of cells) media[cell.position] = await storeAsset(siteId, cell.file)
    const texts = {
      JP: { alt: 'デモ画像', button: '詳しく見る', main: 'スワイプで次のクリエイティブへ' },
      EN: { alt: 'Demo image', button: 'Learn more', main: 'Swipe to the next creative' },
    } as const
    for (const lang of ['JP', 'EN'] as const) {
      for (const [order, cell] of cells.entries()) {
        await Creatives.create({
          siteId,
          lang,
          position: cell.position,
          order: order + 1,
          mediaKey: media[cell.position]!,
          mediaType: 'image',
          imageAlt: `${texts[lang].alt} ${cell.position}`,
          mainText: texts[lang].main,
          linkButtonText: texts[lang].button,
          linkDestinationUrl: 'https://example.com/',
          isInternalLink: false,
          // The creator heeded the editor's contrast warning: dark text on the default green (9.2:1).
          linkTextColor: '#202020',
        }).go()
      }
    }
    // Through the create's transaction, so the creator's site counts include it (no plan limit).
    const { createSiteInSlot } = await import('../../functions/src/domain/plans.ts')
    site = await createSiteInSlot(
      { quantitySite: Number.MAX_SAFE_INTEGER },
      {
        siteId,
        ownerId: creator.accountId,
        tenantIds: [...creator.ancestorIds, creator.accountId],
        siteUuid: randomUUID(),
        name: DEMO_SITE_NAME,
        status: 'DRAFT',
        numberHorizontal: 3,
        numberVertical: 3,
        defaultLanguage: 'JP',
        languages: ['JP', 'EN'],
        displayLanguageIcon: true,
        displayGlobalMenu: false,
      },
    )
    log(`seed: demo site "${DEMO_SITE_NAME}" (${siteId})`)
  }
  await showcase(site, log)
  await (await import('./seed-billing.ts')).seedBilling(ids, log)
  await (await import('./seed-media.ts')).seedMedia(site, log)
  // Ad tags and server-side conversions before the publish, which records the destinations it lists.
  await (await import('./seed-conversions.ts')).seedConversions(creator.accountId, site, log)
  // Published through the same publisher as "save and publish" (a new release each start), as the
  // demo creator, so the editor's 公開履歴 (issue 33) lists who published.
  const { publishSite } = await import('../../functions/src/publishing/publish.ts')
  const account = (await Accounts.get({ accountId: creator.accountId }).go()).data
  const author = { accountId: creator.accountId, name: account?.contactName || account?.email || '' }
  await seedHistory(site, author, log)
  // Message match (issue 34 part 5): an ad linked with `?utm_content=line` opens on B2.
  if (!site.messageMatch) {
    await Sites.patch({ siteId: site.siteId })
      .set({ messageMatch: [{ param: 'utm_content', value: 'line', cell: 'B2' }] })
      .add({ version: 1 })
      .go()
    log('seed: demo message match (?utm_content=line opens on B2)')
  }
  await publishSite(site.siteId, { author })
  site = (await Sites.get({ siteId: site.siteId }).go()).data ?? site
  await (await import('./seed-analytics.ts')).seedAnalytics(site, log)
  await (await import('./seed-vitals.ts')).seedVitals(site, log)
  await (await import('./seed-content.ts')).seedContent(ids, site, log)
  await (await import('./seed-preview.ts')).seedPreview(site, log)
  await (await import('./seed-experiments.ts')).seedExperiments(site, author, log)
  await (await import('./seed-site-api.ts')).seedSiteApi(creator.accountId, site, log)
  await (await import('./seed-webhooks.ts')).seedWebhooks(creator.accountId, site, log)
  await (await import('./seed-domains.ts')).seedDomains(ids.oem!, log)
  const { siteUrl } = await import('../../functions/src/platform/services/urls.ts')
  return { accounts: ids, site, url: siteUrl(site) }
}

/** Copies a bundled image or video into the media bucket as an upload would land, and returns its key. */
const storeAsset = async (siteId: string, file: string) => {
  const { s3, mediaBucket } = await import('../../functions/src/platform/services/s3.ts')
  const video = file.endsWith('.webm')
  const key = `sites/${siteId}/media/${randomUUID()}.${video ? 'webm' : 'jpg'}`
  await s3.send(
    new PutObjectCommand({
      Bucket: mediaBucket,
      Key: key,
      Body: readFileSync(join(ASSETS, file)),
      ContentType: video ? 'video/webm' : 'image/jpeg',
    }),
  )
  return key
}

const DAY = 24 * 60 * 60 * 1000

/**
 * What the demo shows besides its creatives, added to a demo site that lacks it (so an older
 * `.local/` gets it too): a product on A1, a time-limited popup CTA that runs from yesterday to
 * three months from now (renewed once it has ended), a video at B3 (`creative-video.webm`, made by
 * scripts/make-demo-video.mjs), a members-only creative at C3, company information with SNS
 * links, and the visitor forms (membership, contact to the demo creator, homepage). A change
 * bumps the site's version, as an editor save would.
 */
const showcase = async (site: { siteId: string; popupCtas?: unknown }, log: (line: string) => void) => {
  const { Sites, Creatives } = await import('../../functions/src/data/sites.ts')
  const { siteId } = site
  let changed = false
  const ctas = (site.popupCtas ?? []) as Array<{ endDate?: string }>
  if (!ctas.some((cta) => !cta.endDate || Date.parse(cta.endDate) > Date.now() + 7 * DAY)) {
    const now = Date.now()
    await Sites.patch({ siteId })
      .set({
        popupCtas: [
          {
            id: 'demo-cta',
            kind: 'TIME_LIMIT',
            isInternalLink: false,
            linkUrl: 'https://example.com/campaign',
            localized: [
              { lang: 'JP', content: '期間限定キャンペーン実施中' },
              { lang: 'EN', content: 'Limited-time campaign on now' },
            ],
            // 6.5:1, the editor's contrast check passes (the visitor page's axe test keeps checking).
            linkButtonColor: '#B3261E',
            linkTextColor: '#FFFFFF',
            startDate: new Date(now - DAY).toISOString(),
            endDate: new Date(now + 90 * DAY).toISOString(),
            showRemainingTime: true,
            showRemainingSlots: false,
            effectiveSheets: [1, 2, 3, 4, 5, 6, 7, 8],
            animation: 'PULSE',
            displayPosition: 'BOTTOM',
          },
        ],
      })
      .go()
    changed = true
  }
  const creatives = (await Creatives.query.byId({ siteId }).go({ pages: 'all' })).data
  const productText = {
    JP: { name: 'デモ商品', description: 'スワイプLPのデモ商品です', button: '購入する' },
    EN: { name: 'Demo product', description: 'A product of the demo site', button: 'Buy now' },
  } as const
  let productImage: string | undefined
  let demoVideo: string | undefined
  for (const creative of creatives) {
    const lang = creative.lang as 'JP' | 'EN'
    if (creative.position === 'A1' && !(creative.products ?? []).length && productText[lang]) {
      productImage ??= await storeAsset(siteId, 'creative-B2.jpg')
      await Creatives.patch({
        siteId,
        gridGeneration: creative.gridGeneration,
        lang: creative.lang,
        position: 'A1',
      })
        .set({
          products: [
            {
              ...PRODUCT_DEFAULTS,
              id: 'demo-product',
              productName: productText[lang].name,
              imagePath: productImage,
              price: 1980,
              description: productText[lang].description,
              linkButtonUrl: 'https://example.com/shop',
              linkButtonText: productText[lang].button,
            },
          ],
        })
        .go()
      changed = true
    }
    if (!creative.showCompany || !creative.snsConfig) {
      await Creatives.patch({
        siteId,
        gridGeneration: creative.gridGeneration,
        lang: creative.lang,
        position: creative.position,
      })
        .set({ showCompany: true, snsConfig: true })
        .go()
      changed = true
    }
    if (creative.position === 'B3' && creative.mediaType !== 'video') {
      demoVideo ??= await storeAsset(siteId, 'creative-video.webm')
      await Creatives.patch({
        siteId,
        gridGeneration: creative.gridGeneration,
        lang: creative.lang,
        position: 'B3',
      })
        .set({ mediaKey: demoVideo, mediaType: 'video' })
        .go()
      changed = true
    }
    if (creative.position === 'C3' && !creative.membersOnlyLock) {
      await Creatives.patch({
        siteId,
        gridGeneration: creative.gridGeneration,
        lang: creative.lang,
        position: 'C3',
      })
        .set({ membersOnlyLock: true })
        .go()
      changed = true
    }
  }
  // Company information and SNS links, so the bottom bar and the company modal have content.
  const { SiteSettings } = await import('../../functions/src/data/sites.ts')
  const company = {
    JP: {
      profile: 'デモクリエイター合同会社\n東京都千代田区丸の内1-1-1\n代表 デモ 太郎',
      clause: '販売業者: デモクリエイター合同会社\n返品: 商品到着後8日以内',
      terms: 'この利用規約は、デモサイトの利用条件を定めるものです。',
      privacy: '当社は、お預かりした個人情報を適切に管理します。',
    },
    EN: {
      profile: 'Demo Creator LLC\n1-1-1 Marunouchi, Chiyoda, Tokyo',
      clause: 'Seller: Demo Creator LLC\nReturns: within 8 days of delivery',
      terms: 'These terms govern the use of the demo site.',
      privacy: 'We handle the personal information you entrust to us with care.',
    },
  } as const
  for (const lang of ['JP', 'EN'] as const) {
    const existing = (await SiteSettings.get({ siteId, lang }).go()).data
    if (existing?.company) continue
    const texts = company[lang]
    await SiteSettings.put({
      siteId,
      lang,
      sns: [
        { snsType: 'instagram', snsUrl: 'https://www.instagram.com/' },
        { snsType: 'x', snsUrl: 'https://x.com/' },
      ],
      company: {
        companyWebsite: 'https://example.com/',
        companyProfile: texts.profile,
        companyClause: texts.clause,
        termsOfService: texts.terms,
        privacyPolicy: texts.privacy,
        contractAgreementRequired: false,
        showInForm: true,
        showInMemberShip: true,
        showInContact: true,
      },
    }).go()
    changed = true
  }
  // The visitor forms: membership sign-up (the way into C3), the contact form (mailed to the demo
  // creator) and the homepage form, each with one question of its own beyond the fixed fields.
  const extra = {
    JP: { topic: 'お問い合わせ内容', plan: 'ご興味のあるプラン', options: ['ライト', 'スタンダード'] },
    EN: { topic: 'Your message', plan: 'Plan of interest', options: ['Light', 'Standard'] },
  } as const
  for (const lang of ['JP', 'EN'] as const) {
    const existing = (await SiteSettings.get({ siteId, lang }).go()).data
    if ((existing?.forms as { membership?: { enabled?: boolean } } | undefined)?.membership?.enabled) continue
    const forms = defaultForms(lang)
    const texts = extra[lang]
    await SiteSettings.patch({ siteId, lang })
      .set({
        forms: {
          contact: {
            ...forms.contact,
            enabled: true,
            recipientEmail: 'creator@example.com',
            companyName: 'デモクリエイター合同会社',
            fields: [
              // The fixed fields; the demo's own message field (multi-line) stands for the default one.
              ...forms.contact.fields.filter((f) => f.key),
              {
                id: 'topic',
                typeInput: 'TEXT_AREA',
                title: texts.topic,
                placeholder: '',
                isRequired: true,
                options: [],
              },
            ],
          },
          membership: { ...forms.membership, enabled: true },
          homepage: {
            ...forms.homepage,
            enabled: true,
            fields: [
              ...forms.homepage.fields,
              {
                id: 'plan',
                typeInput: 'SELECT',
                title: texts.plan,
                placeholder: '',
                isRequired: false,
                options: texts.options.map((value, i) => ({ value, isDefault: i === 0 })),
              },
            ],
          },
        },
      })
      .go()
    changed = true
  }
  if (changed) {
    await Sites.patch({ siteId }).add({ version: 1 }).go()
    log(`seed: demo site product, popup CTA, video, members-only creative and visitor forms`)
  }
}

/**
 * A fresh demo site's history (issue 33): before its first publish of this start, a version with an
 * earlier headline on JP A1, so the editor's 公開履歴 has a version to compare with and roll back to
 * from the first `npm start`. Once the site has versions, nothing.
 */
const seedHistory = async (
  site: { siteId: string },
  author: { accountId: string; name: string },
  log: (line: string) => void,
) => {
  const { SiteVersions } = await import('../../functions/src/data/site-versions.ts')
  const { Creatives } = await import('../../functions/src/data/sites.ts')
  const { publishSite } = await import('../../functions/src/publishing/publish.ts')
  if ((await SiteVersions.query.byVersion({ siteId: site.siteId }).go({ limit: 1 })).data.length) return
  const a1 = { siteId: site.siteId, gridGeneration: 1, lang: 'JP' as const, position: 'A1' }
  const current = (await Creatives.get(a1).go()).data
  if (!current) return
  await Creatives.patch(a1).set({ mainText: '春の新作、まもなく公開' }).go()
  await publishSite(site.siteId, { author, now: Date.now() - 24 * 60 * 60 * 1000 })
  await Creatives.patch(a1)
    .set({ mainText: current.mainText ?? '' })
    .go()
  log('seed: demo site history (an earlier version to roll back to)')
}
