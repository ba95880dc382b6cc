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
import { type AccountType, DEFAULT_PLANS, type ParentType } from '@swipe/shared'

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
] as const satisfies ReadonlyArray<{
  key: string
  email: string
  password: string
  type: AccountType
  company: string
  parent?: string
  planId?: string
}>

export const DEMO_SITE_NAME = 'デモサイト'
const ASSETS = join(import.meta.dirname, 'seed-assets')

/**
 * Seeds the demo data once: the plan catalogue, three accounts (in the table and the admin pool) and a two-language
 * 3×3 demo site with bundled images owned by the creator. Runs through the same entities and
 * clients the handlers use; each step first looks for what it would create.
 */
export const seed = async (log: (line: string) => void) => {
  const { Accounts } = await import('../../functions/src/data/accounts.ts')
  const { Sites, Creatives } = await import('../../functions/src/data/sites.ts')
  const { cognito, adminPool } = await import('../../functions/src/lib/cognito.ts')
  const { s3, mediaBucket } = await import('../../functions/src/lib/s3.ts')
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
    await Accounts.create({
      accountId,
      accountType: demo.type,
      ...(parent ? { parentId: parent.accountId, parentType: parent.type as ParentType } : {}),
      ancestorIds,
      email: demo.email,
      companyName: demo.company,
      contactName: 'デモ 担当者',
      contractStatus: 'ACTIVE',
      authority: 'EDIT',
      licenseIssuing: demo.type !== 'USER',
      ...('planId' in demo ? { planId: demo.planId } : {}),
      cognitoUsername: username,
    }).go()
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
    const rowsOf = (position: string) => Number(position.slice(1))
    const colOf = (position: string) => position.charCodeAt(0) - 64
    cells.sort((a, b) => rowsOf(a.position) - rowsOf(b.position) || colOf(a.position) - colOf(b.position))
    const media: Record<string, string> = {}
    for (const cell of cells) {
      const key = `sites/${siteId}/media/${randomUUID()}.jpg`
      await s3.send(
        new PutObjectCommand({
          Bucket: mediaBucket,
          Key: key,
          Body: readFileSync(join(ASSETS, cell.file)),
          ContentType: 'image/jpeg',
        }),
      )
      media[cell.position] = key
    }
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
        }).go()
      }
    }
    const created = await Sites.create({
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
    }).go()
    site = created.data
    log(`seed: demo site "${DEMO_SITE_NAME}" (${siteId})`)
  }
  return { accounts: ids, site }
}
