import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { translate } from '@swipe/shared'
import { type RouteId, routeKey, routeList } from '@swipe/shared/contract/routes'
import { beforeAll, describe, expect, it } from 'vitest'
import { createAccount, type TestAccount } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { useStackEnv } from '../support/env.ts'

const { urls } = useStackEnv()
const http = api(urls.api)

/** The rows of the first table under a heading of docs/permissions.md, up to the next heading. */
const readTable = (heading: string) => {
  const text = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'permissions.md'), 'utf8')
  const from = text.indexOf(`\n${heading}\n`)
  if (from === -1) throw new Error(`docs/permissions.md has no "${heading}"`)
  const rest = text.slice(from + heading.length + 2)
  const next = rest.search(/^#{2,3} /m)
  return (next === -1 ? rest : rest.slice(0, next))
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[\s:|-]+\|$/.test(line.trim()))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    )
}

/** The route matrix of docs/permissions.md, parsed: route key -> column -> cell. */
const readMatrix = () => {
  const [header, ...body] = readTable('## Route matrix')
  if (!header) throw new Error('docs/permissions.md has no route matrix')
  const columns = header.slice(2)
  return {
    columns,
    rows: new Map(
      body.map((cells) => [
        cells[0]!,
        { action: cells[1]!, cells: Object.fromEntries(columns.map((c, i) => [c, cells[i + 2]!])) },
      ]),
    ),
  }
}

/** The field matrix: one row per guarded field and value sent, `set` or `deny` per column. */
const readFieldMatrix = () => {
  const [header, ...body] = readTable('### Field matrix')
  if (!header) throw new Error('docs/permissions.md has no field matrix')
  const columns = header.slice(2)
  return {
    columns,
    rows: body.map((cells) => ({
      field: cells[0]!,
      value: cells[1]!,
      cells: Object.fromEntries(columns.map((c, i) => [c, cells[i + 2]!])),
    })),
  }
}

type Cell = 'allow' | 'all' | 'subtree' | 'deny'

/** An account to act on, with a sub-admin for the admin-settings routes. */
type Target = TestAccount & { subAdminId: string; actorId: string }

/** One site per target account, made by the account itself (its owner) the first time a builder needs it. */
const sites = new Map<string, Promise<string>>()
const siteOf = (target: Target) => {
  let site = sites.get(target.accountId)
  if (!site) {
    site = (async () => {
      const login = await http.post('/auth/login', { login_id: target.email, password: target.password })
      const created = await http.post(
        '/site',
        { name: 'matrix', number_horizontal: 1, number_vertical: 1 },
        { token: login.body.access_token },
      )
      expect(created.status).toBe(201)
      return created.body.global_setting.id as string
    })()
    sites.set(target.accountId, site)
  }
  return site
}

/** One finished bulk-upload job per target account's site, recorded straight through the entity. */
const jobs = new Map<string, Promise<string>>()
const jobOf = (target: Target) => {
  let job = jobs.get(target.accountId)
  if (!job) {
    job = (async () => {
      const { BulkJobs } = await import('../../functions/src/data/site-uploads.ts')
      const jobId = randomUUID()
      const siteId = await siteOf(target)
      await BulkJobs.create({
        jobId,
        siteId,
        accountId: target.accountId,
        zipKey: `sites/${siteId}/bulk/${jobId}.zip`,
        lang: 'JP',
        version: 1,
        status: 'failed',
        code: 'error.internal',
        expiresAt: Math.floor(Date.now() / 1000) + 3600,
      }).go()
      return jobId
    })()
    jobs.set(target.accountId, job)
  }
  return job
}

/** One draft system notification (never shown to readers), made once by the seeded MASTER. */
let sysNoti: Promise<string> | undefined
const sysNotiOf = () => {
  sysNoti ??= (async () => {
    const login = await http.post('/auth/login', {
      login_id: 'master@example.com',
      password: 'Master#Local1',
    })
    const created = await http.post(
      '/system_noti',
      {
        audiences: ['OEM_USER'],
        mode: 'INSTANT',
        draft: true,
        title: { ja: 'matrix' },
        content: { ja: 'matrix' },
      },
      { token: login.body.access_token },
    )
    expect(created.status).toBe(201)
    return created.body.id as string
  })()
  return sysNoti
}

/** One completed invoice per target account, recorded straight through the entity (issue 18). */
const invoices = new Map<string, Promise<string>>()
const invoiceOf = (target: Target) => {
  let invoice = invoices.get(target.accountId)
  if (!invoice) {
    invoice = (async () => {
      const { Invoices } = await import('../../functions/src/data/billing.ts')
      const invoiceId = randomUUID()
      await Invoices.create({
        invoiceId,
        number: `INV-MATRIX-${invoiceId.slice(0, 8)}`,
        accountId: target.accountId,
        tenantIds: [...target.ancestorIds, target.accountId],
        month: '2000-01',
        issuerId: 'PLATFORM',
        document: '{}',
        planId: 'light',
        planName: 'ライト',
        blocksUsed: 0,
        pageViews: 0,
        planFee: 0,
        pageViewFee: 0,
        licenceFee: 0,
        subtotal: 0,
        tax: 0,
        total: 0,
        billingMethod: 'BANK_TRANSFER',
        status: 'completed',
        issuedAt: Date.now(),
        dueDate: '2000-02-29',
        pdfKey: `billing/invoices/${target.accountId}/${invoiceId}.pdf`,
        pdfSha256: '0'.repeat(64),
      }).go()
      return invoiceId
    })()
    invoices.set(target.accountId, invoice)
  }
  return invoice
}

/** One draft notice per target's tenant, recorded straight through the entity: news of its OEM, a delivery of its site. */
const notices = new Map<string, Promise<string>>()
const noticeOf = (kind: 'news' | 'delivery', target: Target) => {
  const key = `${kind}:${target.accountId}`
  let notice = notices.get(key)
  if (!notice) {
    notice = (async () => {
      const { Notices } = await import('../../functions/src/data/content.ts')
      const noticeId = randomUUID()
      const at = new Date().toISOString()
      await Notices.create({
        noticeId,
        kind,
        ownerKey: kind === 'news' ? (target.ancestorIds.at(-1) as string) : await siteOf(target),
        tenantIds: kind === 'news' ? target.ancestorIds : [...target.ancestorIds, target.accountId],
        title: 'matrix',
        content: 'matrix',
        mode: 'INSTANT',
        draft: true,
        visibleFrom: at,
        published: false,
        createdAt: at,
        createdBy: target.accountId,
        updatedAt: at,
        version: 1,
      }).go()
      return noticeId
    })()
    notices.set(key, notice)
  }
  return notice
}

/**
 * A webhook endpoint with one delivery on a target account's site (issue 21), recorded straight
 * through the entities at a private address, so a resend is refused at once and sends nothing.
 * `fresh` makes a new one (a delete removes it).
 */
const webhooks = new Map<string, Promise<{ siteId: string; webhookId: string; deliveryId: string }>>()
const webhookOf = (target: Target, fresh = false) => {
  let hook = fresh ? undefined : webhooks.get(target.accountId)
  if (!hook) {
    hook = (async () => {
      const { SiteWebhookDeliveries, SiteWebhookEndpoints } = await import(
        '../../functions/src/data/site-webhooks.ts'
      )
      const siteId = await siteOf(target)
      const webhookId = randomUUID()
      const deliveryId = randomUUID()
      const at = new Date().toISOString()
      await SiteWebhookEndpoints.create({
        siteId,
        endpointId: webhookId,
        url: 'https://10.0.0.1/matrix',
        events: ['contact.received'],
        secret: 'whsec_matrix',
        enabled: true,
        createdAt: at,
        createdBy: target.accountId,
        updatedAt: at,
      }).go()
      await SiteWebhookDeliveries.create({
        siteId,
        endpointId: webhookId,
        deliveryId,
        eventId: 'evt_matrix',
        event: 'contact.received',
        payload: '{}',
        createdAt: at,
        state: 'FAILED',
        dueAt: at,
        windowStart: at,
        attempts: 1,
        updatedAt: at,
      }).go()
      return { siteId, webhookId, deliveryId }
    })()
    if (!fresh) webhooks.set(target.accountId, hook)
  }
  return hook
}

/** One API key on each target account's site (issue 21), recorded straight through the entity. */
const apiKeys = new Map<string, Promise<{ siteId: string; keyId: string }>>()
const apiKeyOf = (target: Target) => {
  let key = apiKeys.get(target.accountId)
  if (!key) {
    key = (async () => {
      const { SiteApiKeys } = await import('../../functions/src/data/site-api.ts')
      const siteId = await siteOf(target)
      const keyId = randomUUID()
      await SiteApiKeys.create({
        siteId,
        keyId,
        name: 'matrix',
        keyHash: randomUUID().replaceAll('-', ''),
        prefix: 'slp_live_mtrx',
        createdAt: new Date().toISOString(),
        createdBy: target.accountId,
      }).go()
      return { siteId, keyId }
    })()
    apiKeys.set(target.accountId, key)
  }
  return key
}

/** One open review comment on each target account's site, recorded straight through the entity. */
const comments = new Map<string, Promise<{ siteId: string; commentId: string }>>()
const commentOf = (target: Target) => {
  let comment = comments.get(target.accountId)
  if (!comment) {
    comment = (async () => {
      const { PreviewComments } = await import('../../functions/src/data/previews.ts')
      const siteId = await siteOf(target)
      const commentId = `${new Date().toISOString()}-${randomUUID().slice(0, 8)}`
      await PreviewComments.create({
        siteId,
        commentId,
        cell: 'A1',
        lang: 'JP',
        text: 'matrix',
        status: 'open',
        createdAt: new Date().toISOString(),
      }).go()
      return { siteId, commentId }
    })()
    comments.set(target.accountId, comment)
  }
  return comment
}

/** One decided (rejected) publish request on each target account's site, recorded through the entity. */
const decidedRequests = new Map<string, Promise<{ siteId: string; requestId: string }>>()
const decidedRequestOf = (target: Target) => {
  let request = decidedRequests.get(target.accountId)
  if (!request) {
    request = (async () => {
      const { PublishRequests } = await import('../../functions/src/data/publish-requests.ts')
      const siteId = await siteOf(target)
      const requestId = `${new Date().toISOString()}-${randomUUID().slice(0, 8)}`
      await PublishRequests.create({
        siteId,
        requestId,
        state: 'REJECTED',
        version: 1,
        byAccountId: target.accountId,
        requestedAt: Date.now(),
        comment: 'matrix',
      }).go()
      return { siteId, requestId }
    })()
    decidedRequests.set(target.accountId, request)
  }
  return request
}

/** One experiment per target account's site that failed to start (issue 34), recorded through the entity. */
const endedExperiments = new Map<string, Promise<{ siteId: string; experimentId: string }>>()
const endedExperimentOf = (target: Target) => {
  let experiment = endedExperiments.get(target.accountId)
  if (!experiment) {
    experiment = (async () => {
      const { Experiments } = await import('../../functions/src/data/experiments.ts')
      const siteId = await siteOf(target)
      const experimentId = `${new Date().toISOString()}-${randomUUID().slice(0, 8)}`
      const arm = { versionId: 'v', releaseId: 'r', weight: 50, kind: 'control' as const, cells: [] }
      await Experiments.create({
        siteId,
        experimentId,
        name: 'matrix',
        state: 'ENDED',
        endReason: 'failed',
        arms: [arm, { ...arm, kind: 'grid' }],
        goalType: 'link',
        autoPromote: false,
        minDays: 7,
        createdAt: Date.now(),
        dueAt: new Date().toISOString(),
      }).go()
      return { siteId, experimentId }
    })()
    endedExperiments.set(target.accountId, experiment)
  }
  return experiment
}

/** How to call each admin route as someone, against a target account (own or other tenant). */
const requests: Partial<Record<RouteId, (token: string, target: Target) => Promise<{ status: number }>>> = {
  'auth.userInfo': (token) => http.get('/auth/user-info', { token }),
  // A wrong current password: allowed callers get 400, so nobody's password changes here.
  'auth.changePassword': (token) =>
    http.post('/auth/change-password', { old_password: 'Not#Mine1', new_password: 'Whatever#1' }, { token }),
  'auth.logout': (token) => http.post('/auth/logout', {}, { token }),
  // Each allowed call stops at a 4xx after the scope check, so the fixtures never change.
  'accounts.list': (token, target) => http.get(`/users?parent_id=${target.ancestorIds.at(-1)}`, { token }),
  'accounts.get': (token, target) => http.get(`/users/${target.accountId}`, { token }),
  'accounts.create': (token, target) =>
    http.post(
      '/users',
      {
        account_type: 'USER',
        parent_id: target.accountId,
        email: `x-${Date.now()}@example.com`,
        company_name: 'c',
        contact_name: 'c',
      },
      { token },
    ),
  'accounts.update': (token, target) =>
    http.call('PUT', `/users/${target.accountId}`, {
      token,
      body: { company_name: 'c', contact_name: 'c', version: 999 },
    }),
  'accounts.contract': (token, target) =>
    http.post(`/users/${target.accountId}/contract`, { action: 'resume', version: 999 }, { token }),
  'accounts.remove': (token, target) =>
    http.call('DELETE', `/users/${target.accountId}?version=999`, { token }),
  'accounts.export': (token, target) =>
    http.get(`/users/export?parent_id=${target.ancestorIds.at(-1)}`, { token }),
  // Not a CSV: allowed callers get 400.
  'accounts.importUploadUrl': (token) =>
    http.post('/users/import/upload-url', { file_name: 'x.txt', size: 1 }, { token }),
  // The caller's own (missing) upload under a parent of the target's tenant: 400 inside scope, 404 outside.
  'accounts.importPreview': (token, target) =>
    http.post(
      '/users/import/preview',
      { key: `imports/${target.actorId}/none.csv`, parent_id: target.ancestorIds.at(-1) },
      { token },
    ),
  'accounts.importCommit': (token, target) =>
    http.post(
      '/users/import',
      { key: `imports/${target.actorId}/none.csv`, parent_id: target.ancestorIds.at(-1) },
      { token },
    ),
  'accounts.logoUploadUrl': (token) =>
    http.post(
      '/profile/logo/upload-url',
      { file_name: 'a.png', content_type: 'image/png', size: 99_999_999 },
      { token },
    ),
  'accounts.logoConfirm': (token, target) =>
    http.call('PUT', '/profile/logo', {
      token,
      body: { key: `accounts/${target.actorId}/logo/none.png`, file_name: 'a.png' },
    }),
  'accounts.logoRemove': (token) => http.call('DELETE', '/profile/logo', { token }),
  'accounts.summary': (token) => http.get('/summary', { token }),
  'accounts.listSubAdmins': (token) => http.get('/sub-admins', { token }),
  // An invalid body: allowed callers get 400 after the gate, so nobody is added here.
  'accounts.createSubAdmin': (token) => http.post('/sub-admins', { email: 'bad' }, { token }),
  'accounts.updateSubAdmin': (token, target) =>
    http.call('PUT', `/sub-admins/${target.subAdminId}`, {
      token,
      body: { contact_name: 'x', admin_role: 'EDITOR', authority: 'EDIT', version: 999 },
    }),
  'accounts.removeSubAdmin': (token, target) =>
    http.call('DELETE', `/sub-admins/${target.subAdminId}?version=999`, { token }),
  'sites.list': (token, target) => http.get(`/site?owner_id=${target.accountId}`, { token }),
  // An empty name: allowed callers get 400, so no site is made here.
  'sites.create': (token) =>
    http.post('/site', { name: '', number_horizontal: 1, number_vertical: 1 }, { token }),
  'sites.export': (token, target) => http.get(`/site/export?owner_id=${target.accountId}`, { token }),
  'sites.limits': (token) => http.get('/site/limits', { token }),
  'sites.get': async (token, target) => http.get(`/site/${await siteOf(target)}`, { token }),
  // A stale version: allowed callers get 409 after the scope check, so the site never changes.
  'sites.update': async (token, target) => {
    const id = await siteOf(target)
    return http.call('PUT', `/site/${id}`, {
      token,
      body: {
        version: 999,
        global_setting: { id, name: 'x', number_horizontal: 1, number_vertical: 1, languages: ['JP'] },
      },
    })
  },
  'sites.remove': async (token, target) =>
    http.call('DELETE', `/site/${await siteOf(target)}?version=999`, { token }),
  'sites.status': async (token, target) =>
    http.post(`/site/${await siteOf(target)}/status`, { action: 'draft', version: 999 }, { token }),
  // Custom domains (issue 19): reading changes nothing; an IP address, and removing or checking a
  // domain the site does not have, stop allowed callers at a 400 after the scope check.
  'domains.get': async (token, target) => http.get(`/site/${await siteOf(target)}/domain`, { token }),
  'domains.set': async (token, target) =>
    http.call('PUT', `/site/${await siteOf(target)}/domain`, { token, body: { domain: '192.0.2.1' } }),
  'domains.remove': async (token, target) =>
    http.call('DELETE', `/site/${await siteOf(target)}/domain`, { token }),
  'domains.check': async (token, target) =>
    http.post(`/site/${await siteOf(target)}/domain/check`, {}, { token }),
  // OEM white-label domains (issue 19): the target user's OEM, named; an IP address, and removing or
  // checking a domain the OEM does not have, stop allowed callers at a 400 after the scope check.
  'domains.oemGet': (token, target) => http.get(`/oem-domain?oemId=${target.ancestorIds.at(-1)}`, { token }),
  'domains.oemSet': (token, target) =>
    http.call('PUT', `/oem-domain?oemId=${target.ancestorIds.at(-1)}`, {
      token,
      body: { domain: '192.0.2.1' },
    }),
  'domains.oemRemove': (token, target) =>
    http.call('DELETE', `/oem-domain?oemId=${target.ancestorIds.at(-1)}`, { token }),
  'domains.oemCheck': (token, target) =>
    http.post(`/oem-domain/check?oemId=${target.ancestorIds.at(-1)}`, {}, { token }),
  // API issuing (issue 21): the key method without a usable key stops a save at a 400 after the
  // scope check (or saves, once another column issued one); keys exist on each target's site.
  'apiAccess.settingsGet': async (token, target) => http.get(`/site/${await siteOf(target)}/api`, { token }),
  'apiAccess.settingsPut': async (token, target) =>
    http.call('PUT', `/site/${await siteOf(target)}/api`, {
      token,
      body: { enabled: false, auth_method: 'API_KEY', version: 999 },
    }),
  'apiAccess.keyCreate': async (token, target) =>
    http.post(`/site/${await siteOf(target)}/api/keys`, { name: 'matrix' }, { token }),
  'apiAccess.keyRevoke': async (token, target) => {
    const { siteId, keyId } = await apiKeyOf(target)
    return http.call('DELETE', `/site/${siteId}/api/keys/${keyId}`, { token })
  },
  'apiAccess.keyRotate': async (token, target) => {
    const { siteId, keyId } = await apiKeyOf(target)
    return http.post(`/site/${siteId}/api/keys/${keyId}/rotate`, { grace_minutes: 0 }, { token })
  },
  'apiAccess.docs': async (token, target) => http.get(`/site/${await siteOf(target)}/api/docs`, { token }),
  // Webhooks (issue 21): a private URL stops a creation at a 400 after the scope check; a delete
  // takes an endpoint of its own; a resend goes to a private address and is refused at once.
  'apiAccess.webhookList': async (token, target) =>
    http.get(`/site/${await siteOf(target)}/api/webhooks`, { token }),
  'apiAccess.webhookCreate': async (token, target) =>
    http.post(
      `/site/${await siteOf(target)}/api/webhooks`,
      { url: 'https://10.0.0.1/x', events: ['contact.received'] },
      { token },
    ),
  'apiAccess.webhookUpdate': async (token, target) => {
    const { siteId, webhookId } = await webhookOf(target)
    return http.call('PUT', `/site/${siteId}/api/webhooks/${webhookId}`, {
      token,
      body: { enabled: true, events: ['contact.received'] },
    })
  },
  'apiAccess.webhookRotateSecret': async (token, target) => {
    const { siteId, webhookId } = await webhookOf(target)
    return http.post(`/site/${siteId}/api/webhooks/${webhookId}/rotate-secret`, {}, { token })
  },
  'apiAccess.webhookRemove': async (token, target) => {
    const { siteId, webhookId } = await webhookOf(target, true)
    return http.call('DELETE', `/site/${siteId}/api/webhooks/${webhookId}`, { token })
  },
  'apiAccess.webhookDeliveries': async (token, target) => {
    const { siteId, webhookId } = await webhookOf(target)
    return http.get(`/site/${siteId}/api/webhooks/${webhookId}/deliveries`, { token })
  },
  'apiAccess.webhookResend': async (token, target) => {
    const { siteId, webhookId, deliveryId } = await webhookOf(target)
    return http.post(
      `/site/${siteId}/api/webhooks/${webhookId}/deliveries/${deliveryId}/resend`,
      {},
      { token },
    )
  },
  // Server-side conversions (issue 32): reads, and credentials whose fields the platform does not
  // take stop allowed callers at a 400 after the scope check, so nothing is stored or removed.
  'apiAccess.conversionsGet': async (token, target) =>
    http.get(`/site/${await siteOf(target)}/conversions`, { token }),
  'apiAccess.conversionCredentialsSet': async (token, target) =>
    http.call('PUT', `/site/${await siteOf(target)}/conversions/meta/credentials`, {
      token,
      body: { credentials: { not_a_field: 'x' } },
    }),
  'apiAccess.conversionCredentialsRemove': async (token, target) =>
    http.call('DELETE', `/site/${await siteOf(target)}/conversions/tiktok/credentials`, { token }),
  'apiAccess.conversionDeliveries': async (token, target) =>
    http.get(`/site/${await siteOf(target)}/conversions/meta/deliveries`, { token }),
  // Upload routes name the site in the body: a file or key the route refuses gives allowed callers
  // a 400 after the scope check, so nothing is issued or stored here.
  'sites.uploadUrls': async (token, target) =>
    http.post(
      '/site/generate-urls',
      { site_id: await siteOf(target), files: [{ file_name: 'x.exe', content_type: 'image/png', size: 1 }] },
      { token },
    ),
  'sites.logoUrl': async (token, target) =>
    http.post(
      '/site/generate-logo-url',
      {
        site_id: await siteOf(target),
        purpose: 'logo',
        file_name: 'x.mp4',
        content_type: 'video/mp4',
        size: 1,
      },
      { token },
    ),
  'sites.confirmUpload': async (token, target) =>
    http.post(
      '/site/confirm-upload',
      { site_id: await siteOf(target), key: 'x.png', file_name: 'x.png' },
      { token },
    ),
  'sites.bulkStart': async (token, target) =>
    http.post(
      '/site/bulk-upload/start',
      { site_id: await siteOf(target), file_name: 'x.rar', size: 1 },
      { token },
    ),
  'sites.bulkComplete': async (token, target) =>
    http.post(
      '/site/bulk-upload/complete',
      {
        site_id: await siteOf(target),
        upload_id: 'x',
        key: 'x.zip',
        parts: [{ part_number: 1, etag: 'x' }],
        lang: 'JP',
        version: 1,
      },
      { token },
    ),
  'sites.bulkAbort': async (token, target) =>
    http.post(
      '/site/bulk-upload/abort',
      { site_id: await siteOf(target), upload_id: 'x', key: 'x.zip' },
      { token },
    ),
  // A finished job of the target's site: reading it changes nothing.
  'sites.bulkStatus': async (token, target) =>
    http.get(`/site/bulk-upload/${await jobOf(target)}`, { token }),
  // Media renditions (issue 22): reads only.
  // Version history (issue 33): reading changes nothing; a rollback on a stale version stops an
  // allowed caller at 409 after the scope check.
  'sites.versions': async (token, target) => http.get(`/site/${await siteOf(target)}/versions`, { token }),
  'sites.rollback': async (token, target) =>
    http.post(
      `/site/${await siteOf(target)}/versions/20260101T000000000Z-00000000/rollback`,
      { version: 999 },
      { token },
    ),
  // Restoring is a save: a stale version stops an allowed caller at 409; comparing a version with
  // itself at 400, both after the scope check.
  'sites.restoreVersion': async (token, target) =>
    http.post(
      `/site/${await siteOf(target)}/versions/20260101T000000000Z-00000000/restore`,
      { version: 999 },
      { token },
    ),
  // Scheduled publishing (issue 33 part 6): reading changes nothing; a time in the past stops an
  // allowed caller at 400 after the scope check.
  'sites.scheduleGet': async (token, target) => http.get(`/site/${await siteOf(target)}/schedule`, { token }),
  'sites.schedulePut': async (token, target) =>
    http.call('PUT', `/site/${await siteOf(target)}/schedule`, {
      token,
      body: { publish_at: '2020-01-01T00:00:00.000Z', unpublish_at: null },
    }),
  // The checklist and approvals (issue 33 parts 4 and 5): reads change nothing; the gate is set to
  // off, which is what no gate means; a request on a site without the gate stops an allowed caller
  // at 400, a decision on a request already decided at 409, both after the scope check.
  // Experiments (issue 34): reading changes nothing; weights that do not add up to 100, stopping or
  // promoting an experiment that failed to start, and a stale version for a variant stop an allowed
  // caller at 400 / 409 after the scope check.
  'sites.experiments': async (token, target) =>
    http.get(`/site/${await siteOf(target)}/experiments`, { token }),
  'sites.experimentCreate': async (token, target) =>
    http.post(
      `/site/${await siteOf(target)}/experiments`,
      {
        name: 'matrix',
        arms: [
          { version_id: 'a', weight: 50 },
          { version_id: 'b', weight: 40 },
        ],
        goal: { type: 'link' },
      },
      { token },
    ),
  'sites.experimentGet': async (token, target) => {
    const { siteId, experimentId } = await endedExperimentOf(target)
    return http.get(`/site/${siteId}/experiments/${experimentId}`, { token })
  },
  'sites.experimentCsv': async (token, target) => {
    const { siteId, experimentId } = await endedExperimentOf(target)
    return http.get(`/site/${siteId}/experiments/${experimentId}/export-csv`, { token })
  },
  'sites.experimentStop': async (token, target) => {
    const { siteId, experimentId } = await endedExperimentOf(target)
    return http.post(`/site/${siteId}/experiments/${experimentId}/stop`, {}, { token })
  },
  'sites.experimentPromote': async (token, target) => {
    const { siteId, experimentId } = await endedExperimentOf(target)
    return http.post(`/site/${siteId}/experiments/${experimentId}/promote`, { version: 1, arm: 1 }, { token })
  },
  'sites.variantSave': async (token, target) =>
    http.post(`/site/${await siteOf(target)}/variants`, { version: 999 }, { token }),
  'sites.checklist': async (token, target) => http.get(`/site/${await siteOf(target)}/checklist`, { token }),
  'sites.approvalGet': async (token, target) => http.get(`/site/${await siteOf(target)}/approval`, { token }),
  'sites.approvalPut': async (token, target) =>
    http.call('PUT', `/site/${await siteOf(target)}/approval`, { token, body: { required: false } }),
  'sites.publishRequest': async (token, target) =>
    http.post(`/site/${await siteOf(target)}/publish-requests`, { version: 999 }, { token }),
  'sites.publishRequestApprove': async (token, target) => {
    const { siteId, requestId } = await decidedRequestOf(target)
    return http.post(`/site/${siteId}/publish-requests/${requestId}/approve`, {}, { token })
  },
  'sites.publishRequestReject': async (token, target) => {
    const { siteId, requestId } = await decidedRequestOf(target)
    return http.post(`/site/${siteId}/publish-requests/${requestId}/reject`, { comment: 'matrix' }, { token })
  },
  'sites.versionCompare': async (token, target) =>
    http.get(
      `/site/${await siteOf(target)}/versions/20260101T000000000Z-00000000/compare?with=20260101T000000000Z-00000000`,
      { token },
    ),
  'sites.mediaStatus': async (token, target) => {
    const id = await siteOf(target)
    return http.get(
      `/site/${id}/media?keys=${encodeURIComponent(`sites/${id}/uploads/${randomUUID()}.jpg`)}`,
      {
        token,
      },
    )
  },
  // Preview sharing (issue 16): the target's site's share. Setting the password, inviting and an
  // empty revoke change only that test site's share; a comment is marked open again (no change).
  'preview.commentUpdate': async (token, target) => {
    const { siteId, commentId } = await commentOf(target)
    return http.call('PUT', `/preview/site/${siteId}/comments/${commentId}`, {
      token,
      body: { status: 'open' },
    })
  },
  'preview.shareInvite': async (token, target) =>
    http.post(
      `/preview/site/${await siteOf(target)}/share`,
      { emails: ['matrix-viewer@example.com'] },
      { token },
    ),
  'preview.shareList': async (token, target) =>
    http.get(`/preview/site/${await siteOf(target)}/share`, { token }),
  'preview.shareRevoke': async (token, target) =>
    http.call('PUT', `/preview/site/${await siteOf(target)}/share/revoke`, {
      token,
      body: { emails: [], resend_all: false },
    }),
  'preview.shareStatus': async (token, target) =>
    http.get(`/preview/site/${await siteOf(target)}/share/status`, { token }),
  'preview.setPassword': async (token, target) =>
    http.post(
      `/preview/site/${await siteOf(target)}/share/set-password`,
      { password: 'Matrix#2026' },
      { token },
    ),
  // The lists of the target's site (empty here): reading them changes nothing.
  'submissions.members': async (token, target) => http.get(`/site-member/${await siteOf(target)}`, { token }),
  'submissions.membersCsv': async (token, target) =>
    http.get(`/site-member/${await siteOf(target)}/export-csv`, { token }),
  'submissions.contacts': async (token, target) =>
    http.get(`/site-contact/${await siteOf(target)}`, { token }),
  'submissions.contactsCsv': async (token, target) =>
    http.get(`/site-contact/${await siteOf(target)}/export-csv`, { token }),
  'submissions.forms': async (token, target) => http.get(`/site-form/${await siteOf(target)}`, { token }),
  'submissions.formsCsv': async (token, target) =>
    http.get(`/site-form/${await siteOf(target)}/export-csv`, { token }),
  // Analysis (issue 17): the reports of the target's site.
  'analysis.lp': async (token, target) => http.get(`/analysis/site/${await siteOf(target)}/lp`, { token }),
  'analysis.lpCsv': async (token, target) =>
    http.get(`/analysis/site/${await siteOf(target)}/lp/export-csv`, { token }),
  'analysis.chart': async (token, target) =>
    http.get(`/analysis/site/${await siteOf(target)}/lp/chart`, { token }),
  'analysis.chartCsv': async (token, target) =>
    http.get(`/analysis/site/${await siteOf(target)}/lp/chart/export-csv`, { token }),
  'analysis.pages': async (token, target) =>
    http.get(`/analysis/site/${await siteOf(target)}/pages`, { token }),
  'analysis.pagesCsv': async (token, target) =>
    http.get(`/analysis/site/${await siteOf(target)}/pages/export-csv`, { token }),
  'analysis.ranking': async (token, target) =>
    http.get(`/analysis/site/${await siteOf(target)}/ranking`, { token }),
  'analysis.rankingCsv': async (token, target) =>
    http.get(`/analysis/site/${await siteOf(target)}/ranking/export-csv`, { token }),
  'analysis.sources': async (token, target) =>
    http.get(`/analysis/site/${await siteOf(target)}/sources`, { token }),
  'analysis.sourcesCsv': async (token, target) =>
    http.get(`/analysis/site/${await siteOf(target)}/sources/export-csv`, { token }),
  'analysis.reportPdf': async (token, target) =>
    http.get(`/analysis/site/${await siteOf(target)}/report/export-pdf`, { token }),
  'analysis.vitals': async (token, target) =>
    http.get(`/analysis/site/${await siteOf(target)}/vitals`, { token }),
  'analysis.vitalsDashboard': (token) => http.get('/dashboard/web-vitals', { token }),
  // Billing (issue 18): invalid bodies, unknown plans and a completed payment stop allowed callers at a 4xx.
  'billing.listPlans': (token) => http.get('/plan', { token }),
  'billing.createPlan': (token) => http.post('/plan', { id: 'X' }, { token }),
  'billing.updatePlan': (token) => http.call('PUT', '/plan/light', { token, body: { name: '' } }),
  'billing.userPlan': (token, target) =>
    http.get(`/user/user-plan?account_id=${target.accountId}`, { token }),
  'billing.changePlan': (token, target) =>
    http.call('PUT', `/user/${target.accountId}/user-plan`, { token, body: { plan_id: 'no-such-plan' } }),
  'billing.listBills': (token, target) => http.get(`/user/bill?account_id=${target.accountId}`, { token }),
  'billing.billPdf': async (token, target) =>
    http.get(`/user/bill/${await invoiceOf(target)}/export-pdf`, { token }),
  'billing.forceComplete': async (token, target) =>
    http.post(`/user/bill/${await invoiceOf(target)}/force-complete`, { confirm: true }, { token }),
  // The caller's own paying account's card: reading changes nothing; a return path outside the
  // console stops allowed callers at a 400, and removing a card none of them saved at a 409.
  'billing.paymentCard': (token) => http.get('/user/payment-card', { token }),
  'billing.cardSetup': (token) =>
    http.post('/user/payment-card/setup', { return_path: 'https://elsewhere.example/' }, { token }),
  'billing.removeCard': (token) => http.call('DELETE', '/user/payment-card', { token }),
  'billing.dashboardRegistrations': (token) => http.get('/dashboard/registration-data', { token }),
  'billing.dashboardSites': (token) => http.get('/dashboard/user-site', { token }),
  'billing.dashboardAdoption': (token) => http.get('/dashboard/adoption-by-plan', { token }),
  'billing.dashboardRevenue': (token) => http.get('/dashboard/revenue', { token }),
  // System notifications (issue 20): invalid bodies and stale versions stop allowed callers at a 4xx.
  'content.systemNotiList': (token) => http.get('/system_noti', { token }),
  'content.systemNotiCreate': (token) => http.post('/system_noti', { audiences: [] }, { token }),
  'content.systemNotiShow': (token) => http.get('/system_noti/show', { token }),
  'content.systemNotiMarkAsRead': (token) => http.post('/system_noti/mark_as_read', {}, { token }),
  // Personal notices (issue 33 part 4): one's own; an empty mark is a 400 after the permission check.
  'content.myNotices': (token) => http.get('/me/notices', { token }),
  'content.myNoticesRead': (token) => http.post('/me/notices/read', {}, { token }),
  'content.systemNotiGet': async (token) => http.get(`/system_noti/${await sysNotiOf()}`, { token }),
  'content.systemNotiUpdate': async (token) =>
    http.call('PUT', `/system_noti/${await sysNotiOf()}`, {
      token,
      body: {
        audiences: ['OEM_USER'],
        mode: 'INSTANT',
        title: { ja: 'x' },
        content: { ja: 'x' },
        version: 999,
      },
    }),
  'content.systemNotiRemove': async (token) =>
    http.call('DELETE', `/system_noti/${await sysNotiOf()}?version=999`, { token }),
  // Latest information and deliveries: invalid bodies, oversize uploads and stale versions stop
  // allowed callers at a 4xx after the scope check; a delivery's create needs a valid body (a draft).
  'content.newsList': (token) => http.get('/news', { token }),
  'content.newsCreate': (token) => http.post('/news', { title: '' }, { token }),
  'content.newsShow': (token) => http.get('/news/show', { token }),
  'content.newsUploadUrl': (token) =>
    http.post(
      '/news/upload-url',
      { file_name: 'a.png', content_type: 'image/png', size: 99_999_999 },
      { token },
    ),
  'content.newsGet': async (token, target) => http.get(`/news/${await noticeOf('news', target)}`, { token }),
  'content.newsUpdate': async (token, target) =>
    http.call('PUT', `/news/${await noticeOf('news', target)}`, {
      token,
      body: { title: 'x', content: 'x', mode: 'INSTANT', version: 999 },
    }),
  'content.newsRemove': async (token, target) =>
    http.call('DELETE', `/news/${await noticeOf('news', target)}?version=999`, { token }),
  'content.deliveryList': async (token, target) =>
    http.get(`/noti_delivery?site_id=${await siteOf(target)}`, { token }),
  'content.deliveryCreate': async (token, target) =>
    http.post(
      '/noti_delivery',
      { title: 'x', content: 'x', mode: 'INSTANT', draft: true, site_id: await siteOf(target) },
      { token },
    ),
  'content.deliveryUploadUrl': async (token, target) =>
    http.post(
      '/noti_delivery/upload-url',
      { site_id: await siteOf(target), file_name: 'a.png', content_type: 'image/png', size: 99_999_999 },
      { token },
    ),
  'content.deliveryGet': async (token, target) =>
    http.get(`/noti_delivery/${await noticeOf('delivery', target)}`, { token }),
  'content.deliveryUpdate': async (token, target) =>
    http.call('PUT', `/noti_delivery/${await noticeOf('delivery', target)}`, {
      token,
      body: { title: 'x', content: 'x', mode: 'INSTANT', version: 999 },
    }),
  'content.deliveryRemove': async (token, target) =>
    http.call('DELETE', `/noti_delivery/${await noticeOf('delivery', target)}?version=999`, { token }),
}

const matrix = readMatrix()
const adminRoutes = routeList().filter((r) => r.auth === 'admin')

describe('the route matrix covers the route table', () => {
  it('lists every admin route, with its policy action, and nothing else', () => {
    expect([...matrix.rows.keys()].sort()).toEqual(
      adminRoutes.map((r) => routeKey(r).replace(' /api/v1', ' ')).sort(),
    )
    for (const route of adminRoutes) {
      const row = matrix.rows.get(routeKey(route).replace(' /api/v1', ' '))
      expect(row?.action, route.id).toBe(route.permission)
      expect(requests[route.id], `add a request builder for ${route.id} to this test`).toBeDefined()
    }
  })
})

/** Every column's signed-in account, and the accounts it acts on: its own tenant's and another's. */
const actors: Record<string, { token: string }> = {}
const own: Record<string, Target> = {}
const other: Record<string, Target> = {}
/** The OEM whose fresh direct users the field matrix edits: inside the scope of every column that edits users. */
let fieldParent: TestAccount

const signIn = async (email: string, password: string) => {
  const response = await http.post('/auth/login', { login_id: email, password })
  expect(response.status, email).toBe(200)
  return { token: response.body.access_token as string }
}

beforeAll(async () => {
  const root = {
    accountId: (await http.post('/auth/login', { login_id: 'master@example.com', password: 'Master#Local1' }))
      .body.user_info.id,
    email: 'master@example.com',
    password: 'Master#Local1',
    type: 'MASTER' as const,
    ancestorIds: [],
  }
  const masterUser = await createAccount({ type: 'MASTER_USER', parent: root })
  const oemA = await createAccount({ type: 'OEM_MASTER', parent: root })
  fieldParent = oemA
  const oemAdminA = await createAccount({ type: 'OEM_ADMIN', parent: oemA })
  // Both tenants' users on a paid plan: the trial lacks analytics, popups and SEO, whose routes
  // the matrix calls.
  const userA = await createAccount({ type: 'USER', parent: oemA, planId: 'standard' })
  const subOemA = await createAccount({ type: 'SUB_ADMIN', parent: oemA, adminRole: 'EDITOR' })
  const subEditorA = await createAccount({ type: 'SUB_ADMIN', parent: userA, adminRole: 'EDITOR' })
  const subViewerA = await createAccount({ type: 'SUB_ADMIN', parent: userA, adminRole: 'VIEWER' })
  const oemB = await createAccount({ type: 'OEM_MASTER', parent: root })
  const userB = await createAccount({ type: 'USER', parent: oemB, planId: 'standard' })
  // Sub-admin routes act on one's own sub-admins: give each column one, and the other tenant one.
  const subOf = async (parent: TestAccount) =>
    (await createAccount({ type: 'SUB_ADMIN', parent, adminRole: 'EDITOR' })).accountId
  const ownSub: Record<string, string> = {
    MASTER: await subOf(root),
    OEM_MASTER: await subOf(oemA),
    USER: subEditorA.accountId,
  }
  const otherSub = await subOf(userB)
  const byColumn: Record<string, TestAccount> = {
    MASTER: root,
    MASTER_USER: masterUser,
    OEM_MASTER: oemA,
    OEM_ADMIN: oemAdminA,
    USER: userA,
    'SUB_ADMIN editor of OEM_MASTER': subOemA,
    'SUB_ADMIN editor of USER': subEditorA,
    'SUB_ADMIN viewer of USER': subViewerA,
  }
  expect(Object.keys(byColumn).sort()).toEqual([...matrix.columns].sort())
  for (const [column, account] of Object.entries(byColumn)) {
    actors[column] = await signIn(account.email, account.password)
    own[column] = {
      ...userA,
      subAdminId: ownSub[column] ?? subViewerA.accountId,
      actorId: account.accountId,
    }
    other[column] = { ...userB, subAdminId: otherSub, actorId: account.accountId }
  }
})

describe('role × route × tenant', () => {
  for (const route of adminRoutes) {
    const key = routeKey(route).replace(' /api/v1', ' ')
    for (const column of matrix.columns) {
      it(`${key} as ${column}`, async () => {
        const cell = matrix.rows.get(key)?.cells[column] as Cell
        const call = requests[route.id]!
        const token = actors[column]!.token
        const mine = await call(token, own[column]!)
        const theirs = await call(token, other[column]!)
        const allowed = (status: number) => status < 500 && ![401, 403, 404].includes(status)
        switch (cell) {
          case 'allow':
          case 'all':
            expect(allowed(mine.status), `own: ${mine.status}`).toBe(true)
            expect(allowed(theirs.status), `other tenant: ${theirs.status}`).toBe(true)
            break
          case 'subtree':
            expect(allowed(mine.status), `own: ${mine.status}`).toBe(true)
            expect(theirs.status, 'other tenant').toBe(404)
            break
          case 'deny':
            expect(mine.status).toBe(403)
            expect(theirs.status).toBe(403)
            break
          default:
            throw new Error(`Unknown cell "${cell}" for ${key} / ${column}`)
        }
      })
    }
  }
})

const fieldMatrix = readFieldMatrix()

/** What every fresh user of the field matrix holds before the call (docs/permissions.md). */
const STORED = {
  planId: 'light',
  contractStartDate: '2026-01-01',
  contractEndDate: '2026-12-31',
  authority: 'EDIT',
  licenseIssuing: false,
} as const

/** A direct user of `fieldParent`, straight into the table (it never signs in), holding STORED. */
const freshUser = async () => {
  const { Accounts } = await import('../../functions/src/data/accounts.ts')
  const accountId = randomUUID()
  await Accounts.create({
    accountId,
    accountType: 'USER',
    parentId: fieldParent.accountId,
    parentType: 'OEM_MASTER',
    ancestorIds: [...fieldParent.ancestorIds, fieldParent.accountId],
    email: `field-${accountId}@example.com`,
    companyName: 'field matrix',
    contactName: 'field matrix',
    contractStatus: 'ACTIVE',
    cognitoUsername: `field-${accountId}`,
    ...STORED,
  }).go()
  return accountId
}

const stored = async (accountId: string) => {
  const { Accounts } = await import('../../functions/src/data/accounts.ts')
  return (await Accounts.get({ accountId }).go()).data as Record<string, unknown> | null
}

const camel = (field: string) => field.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())

describe('role × guarded field (PUT /users/{id})', () => {
  it("has the route matrix's columns and one row per guarded field at least", () => {
    expect(fieldMatrix.columns).toEqual(matrix.columns)
    expect(new Set(fieldMatrix.rows.map((row) => camel(row.field)))).toEqual(new Set(Object.keys(STORED)))
  })

  for (const row of fieldMatrix.rows) {
    const field = camel(row.field)
    const value = row.value === 'true' ? true : row.value === 'false' ? false : row.value
    for (const column of fieldMatrix.columns) {
      it(`${row.field} = ${row.value} as ${column}`, async () => {
        const cell = row.cells[column]
        const id = await freshUser()
        // The stored dates go along unchanged (a start needs an end), so only this field changes.
        const response = await http.call('PUT', `/users/${id}`, {
          token: actors[column]!.token,
          body: {
            company_name: 'field matrix',
            contact_name: 'field matrix',
            contract_start_date: STORED.contractStartDate,
            contract_end_date: STORED.contractEndDate,
            [row.field]: value,
            version: 1,
          },
        })
        const after = await stored(id)
        switch (cell) {
          case 'set':
            expect(response.status, JSON.stringify(response.body)).toBe(200)
            expect(response.body[row.field]).toBe(value)
            expect(after?.[field]).toBe(value)
            expect(after?.version).toBe(2)
            break
          case 'deny': {
            expect(response.status, JSON.stringify(response.body)).toBe(403)
            expect(after).toMatchObject({ ...STORED, version: 1 })
            // A column that may not use the route at all is refused by the route gate.
            if (matrix.rows.get('PUT /users/{id}')?.cells[column] === 'deny') {
              expect(response.body.error.code).toBe('error.forbidden')
              break
            }
            // A column that sets plans is refused the partner plan only; the others any plan.
            const setsPlans =
              fieldMatrix.rows.find((r) => r.field === 'plan_id' && r.value !== 'ep_oem')?.cells[column] ===
              'set'
            const staffOnlyPlan = row.value === 'ep_oem' && setsPlans
            const code = staffOnlyPlan ? 'account.planNotAllowed' : 'account.fieldForbidden'
            const params: Record<string, string> = staffOnlyPlan
              ? { plan: 'EP/OEM' }
              : { field: translate('ja', `account.field.${field}`) }
            const message = translate('ja', code, params)
            expect(response.body).toEqual({
              error: { code, message, details: [{ path: `body.${field}`, code, params, message }] },
            })
            break
          }
          default:
            throw new Error(`Unknown cell "${cell}" for ${row.field} / ${column}`)
        }
      })
    }
  }
})
