import { type Action, can, inScope, type PolicyActor, type SiteStatus, scopeRoot } from '@swipe/shared'
import { jstDayRange } from '@swipe/shared/time/jst'
import { type Account, Accounts } from '../data/accounts.ts'
import { readSiteItems, Sites, sitesService } from '../data/sites.ts'
import type { Actor } from './auth.ts'
import { ForbiddenError, InvalidCursorError, NotFoundError } from './errors.ts'

/** The policy's view of an account. */
export const policyActorOf = (account: Account): PolicyActor => ({
  accountId: account.accountId,
  accountType: account.accountType,
  parentType: account.parentType,
  parentId: account.parentId,
  ancestorIds: account.ancestorIds,
  contractStatus: account.contractStatus,
  authority: account.authority,
  adminRole: account.adminRole,
})

/** The ids an account belongs under, itself included: what `inScope` compares. */
export const accountTenantIds = (account: Pick<Account, 'ancestorIds' | 'accountId'>) => [
  ...account.ancestorIds,
  account.accountId,
]

/** The signed-in admin account, or 403 for any other caller. */
export const adminOf = (actor: Actor | undefined): Account => {
  if (actor?.kind !== 'admin') throw new ForbiddenError()
  return actor.account
}

/**
 * Decides on one loaded resource: outside the actor's scope it does not exist (404, nothing
 * leaks); inside it, the action must be allowed (403).
 */
export const authorize = <R extends { tenantIds: readonly string[] }>(
  actor: Actor | undefined,
  action: Action,
  resource: R,
): R => {
  const policyActor = policyActorOf(adminOf(actor))
  if (!inScope(policyActor, resource)) throw new NotFoundError()
  if (!can(policyActor, action, resource)) throw new ForbiddenError()
  return resource
}

/**
 * The account an actor works for: itself, or for a master user, OEM admin or sub-admin the
 * parent whose users it manages. New users are created under it unless another parent is named.
 */
export const principalIdOf = (account: Account): string => {
  if (account.accountType === 'SUB_ADMIN' || account.accountType === 'MASTER_USER') return account.parentId
  if (account.accountType === 'OEM_ADMIN') return account.parentId
  return account.accountId
}

/**
 * Whether a cursor has the shape of an ElectroDB cursor: base64url JSON of one DynamoDB key (an
 * object of a few string or number attributes). Anything else was not handed out by this API.
 */
const isKeyCursor = (cursor: string): boolean => {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (typeof key !== 'object' || key === null || Array.isArray(key)) return false
    const values = Object.values(key)
    return (
      values.length > 0 &&
      values.length <= 6 &&
      values.every((v) => typeof v === 'string' || typeof v === 'number')
    )
  } catch {
    return false
  }
}

/** DynamoDB's answer to a start key that does not fit the query (another index or partition). */
const isStartKeyRefused = (error: unknown): boolean => {
  const cause = (error as { cause?: { name?: string } }).cause
  return cause?.name === 'ValidationException' || /ValidationException|starting key/i.test(String(error))
}

/**
 * Runs one paged query from the caller's cursor. A cursor that is not a key, or that DynamoDB
 * refuses for this query, is a 400 on `query.cursor`, never a 500.
 */
export const withCursor = async <T>(
  cursor: string | undefined,
  run: (cursor: string | null) => Promise<T>,
): Promise<T> => {
  if (!cursor) return run(null)
  if (!isKeyCursor(cursor)) throw new InvalidCursorError()
  try {
    return await run(cursor)
  } catch (error) {
    if (isStartKeyRefused(error)) throw new InvalidCursorError()
    throw error
  }
}

export interface AccountListQuery {
  q?: string | undefined
  status?: Account['contractStatus'] | undefined
  accountType?: Account['accountType'] | undefined
  parentId?: string | undefined
  planId?: string | undefined
  cursor?: string | undefined
  limit: number
}

/** Accounts as one actor may see them: every read goes through the policy. */
export const accountsFor = (actor: Actor | undefined) => ({
  /**
   * The users the actor manages (never sub-admins, which live in admin settings), newest first.
   * Staff read the all-accounts index; everyone else reads the children of an account in scope.
   */
  async list(query: AccountListQuery) {
    const me = adminOf(actor)
    const policyActor = policyActorOf(me)
    const root = scopeRoot(policyActor)
    if (!root) throw new ForbiddenError()
    let parentId = query.parentId
    if (!parentId && root !== 'ALL') parentId = root
    if (parentId && parentId !== root) await this.get(parentId, 'account:read')
    const base = parentId ? Accounts.query.byParent({ parentId }) : Accounts.query.all({})
    const page = await withCursor(query.cursor, (cursor) =>
      base
        .where((attr, op) =>
          [
            op.ne(attr.accountType, 'SUB_ADMIN'),
            query.status ? op.eq(attr.contractStatus, query.status) : '',
            query.accountType ? op.eq(attr.accountType, query.accountType) : '',
            query.planId ? op.eq(attr.planId, query.planId) : '',
            query.q ? op.contains(attr.searchText, query.q.toLowerCase()) : '',
          ]
            .filter(Boolean)
            .join(' AND '),
        )
        .go({ order: 'desc', count: query.limit, cursor }),
    )
    return { items: page.data, nextCursor: page.cursor }
  },

  async get(accountId: string, action: Action): Promise<Account> {
    const found = (await Accounts.get({ accountId }).go()).data
    if (!found) throw new NotFoundError()
    authorize(actor, action, { tenantIds: accountTenantIds(found) })
    return found
  },
})

export interface SiteListQuery {
  name?: string | undefined
  status?: SiteStatus | undefined
  ownerId?: string | undefined
  /** Calendar days (YYYY-MM-DD), inclusive, read as Asia/Tokyo days. */
  createdFrom?: string | undefined
  createdTo?: string | undefined
  publishedFrom?: string | undefined
  publishedTo?: string | undefined
  cursor?: string | undefined
  limit: number
}

/** A merged list's cursor: the last site handed out (lists are newest first). */
const encodeCursor = (site: { createdAt: number; siteId: string }) =>
  Buffer.from(JSON.stringify([site.createdAt, site.siteId])).toString('base64url')
const decodeCursor = (cursor: string): [number, string] => {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'string') {
      return [value[0], value[1]]
    }
  } catch {
    /* not ours: refused below */
  }
  throw new InvalidCursorError()
}

/**
 * Sites as one actor may see them: every site read goes through the policy. Out of scope, a site
 * does not exist (404); inside it, a refused action is 403.
 */
export const sitesFor = (actor: Actor | undefined) => ({
  /** The site's global setting, after the policy allowed `action` on it. */
  async get(siteId: string, action: Action) {
    const found = (await Sites.get({ siteId }).go()).data
    if (!found) throw new NotFoundError()
    authorize(actor, action, found)
    return found
  },

  /** Every item of the site's partition (one query), after the policy allowed `action` on it. */
  async load(siteId: string, action: Action) {
    const { items: data } = await this.loadStored(siteId, action)
    // Read through the site model: migrated to the current schema version, checked (500 if not).
    const items = readSiteItems(data)
    return { site: items.sites[0]!, items }
  },

  /**
   * Every item of the site's partition as stored (documents not read through the model), after
   * the policy allowed `action` on it: for deletion, which needs only keys and bookkeeping, so a
   * stored document the model refuses cannot keep a site from being deleted.
   */
  async loadStored(siteId: string, action: Action) {
    const { data } = await sitesService.collections.siteItems({ siteId }).go({ pages: 'all' })
    const site = data.sites[0]
    if (!site) throw new NotFoundError()
    authorize(actor, action, site)
    return { site, items: data }
  },

  /**
   * The sites in the actor's scope, newest first. Staff read the all-sites index; a named owner
   * (checked to be in scope) or a direct user reads the owner index; an OEM's list merges the
   * owner index of the OEM and of each account under it.
   */
  async list(query: SiteListQuery) {
    type SiteItem = Awaited<ReturnType<typeof this.get>>
    const me = adminOf(actor)
    const root = scopeRoot(policyActorOf(me))
    if (!root) throw new ForbiddenError()
    type Where = Parameters<ReturnType<typeof Sites.query.all>['where']>[0]
    const created = jstDayRange(query.createdFrom, query.createdTo)
    const published = jstDayRange(query.publishedFrom, query.publishedTo)
    // Filters, not key conditions: every index pages by its own key, so a cursor stays valid
    // whatever the filters drop (a site never published has no publishedAt and fails both bounds).
    const filter: Where = (attr, op) =>
      [
        query.status ? op.eq(attr.status, query.status) : '',
        query.name ? op.contains(attr.searchName, query.name.toLowerCase()) : '',
        created.from === undefined ? '' : op.gte(attr.createdAt, created.from),
        created.until === undefined ? '' : op.lt(attr.createdAt, created.until),
        published.from === undefined ? '' : op.gte(attr.publishedAt, published.from),
        published.until === undefined ? '' : op.lt(attr.publishedAt, published.until),
      ]
        .filter(Boolean)
        .join(' AND ')
    const page = (result: { data: SiteItem[]; cursor: string | null }) => ({
      items: result.data,
      nextCursor: result.cursor,
    })
    const options = (cursor: string | null) => ({ order: 'desc' as const, count: query.limit, cursor })
    let ownerId = query.ownerId
    if (!ownerId && root !== 'ALL') {
      const principal = (await Accounts.get({ accountId: root }).go()).data
      // A direct user's (or its sub-admin's) scope is its own sites.
      if (principal?.accountType === 'USER') ownerId = root
    }
    if (ownerId) {
      if (ownerId !== root) await accountsFor(actor).get(ownerId, 'site:read')
      const owned = Sites.query.byOwner({ ownerId }).where(filter)
      return page(await withCursor(query.cursor, (cursor) => owned.go(options(cursor))))
    }
    if (root === 'ALL') {
      const every = Sites.query.all({}).where(filter)
      return page(await withCursor(query.cursor, (cursor) => every.go(options(cursor))))
    }
    // An OEM: its own sites and those of every account under it, merged (a B2B scope of hundreds).
    const owners = [root]
    let cursor: string | null = null
    do {
      const children: { data: Array<{ accountId: string }>; cursor: string | null } = await Accounts.query
        .byParent({ parentId: root })
        .go({ cursor, attributes: ['accountId'] })
      owners.push(...children.data.map((c) => c.accountId))
      cursor = children.cursor
    } while (cursor)
    const all = (
      await Promise.all(
        owners.map((owner) => Sites.query.byOwner({ ownerId: owner }).where(filter).go({ pages: 'all' })),
      )
    )
      .flatMap((r) => r.data)
      .sort((a, b) => b.createdAt - a.createdAt || (b.siteId < a.siteId ? -1 : b.siteId > a.siteId ? 1 : 0))
    const after = query.cursor ? decodeCursor(query.cursor) : undefined
    const start = after
      ? all.findIndex((s) => s.createdAt < after[0] || (s.createdAt === after[0] && s.siteId < after[1]))
      : 0
    const items = start === -1 ? [] : all.slice(start, start + query.limit)
    const last = items.at(-1)
    const more = start !== -1 && start + query.limit < all.length
    return { items, nextCursor: more && last ? encodeCursor(last) : null }
  },
})
