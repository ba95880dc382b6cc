import { createHash, randomBytes } from 'node:crypto'
import type { SiteLanguage } from '@swipe/shared'
import { type Account, Accounts } from '#data/accounts'
import {
  type PreviewComment,
  PreviewComments,
  type PreviewInvite,
  PreviewInvites,
  type PreviewShare,
  PreviewShares,
} from '#data/previews'
import { readSiteItems, type Site, sitesService } from '#data/sites'
import type { Actor } from '#edge/auth'
import { clientIp } from '#edge/client-ip'
import { ForbiddenError, NotFoundError, UnauthorizedError } from '#edge/errors'
import type { Event } from '#edge/http'
import { sharePasswordMatches } from '#edge/preview-tokens'
import { securityEvent } from '#edge/security-log'
import { sitesFor } from '#edge/tenancy'
import { now } from '#platform/services/clock'
import { logger } from '#platform/services/logger'
import { sendMail } from '#platform/services/mail'
import { adminUrl } from '#platform/services/urls'
import { assertNotLocked, clearFailures, recordFailure } from '../auth/lockout.ts'
import { translator } from '../endUser/forms.ts'
import { normaliseEmail, oneLine } from '../endUser/members.ts'

import type { SiteItems } from '../sites/service.ts'

/** Who opened a preview (docs/decisions/0030-preview-and-sharing.md). */
export type Viewer =
  | { kind: 'owner'; email: null }
  | { kind: 'invitee'; email: string }
  | { kind: 'password'; email: null }

export interface OpenPreview {
  viewer: Viewer
  site: Site
  items: SiteItems
}

/** The console page a viewer opens (SPEC §2 Preview: /site/{siteId}/preview). */
export const previewUrl = (siteId: string) => adminUrl(`/site/${encodeURIComponent(siteId)}/preview`)

/** The site's partition read through the model, with no policy check (the caller has done its own). */
const loadSite = async (siteId: string): Promise<{ site: Site; items: SiteItems }> => {
  const { data } = await sitesService.collections.siteItems({ siteId }).go({ pages: 'all' })
  if (!data.sites[0]) throw new NotFoundError()
  const items = readSiteItems(data)
  return { site: items.sites[0]!, items }
}

export const shareOf = async (siteId: string): Promise<PreviewShare | undefined> =>
  (await PreviewShares.get({ siteId }).go({ consistent: true })).data ?? undefined

export const inviteOf = async (siteId: string, email: string): Promise<PreviewInvite | undefined> =>
  (await PreviewInvites.get({ siteId, email: normaliseEmail(email) }).go({ consistent: true })).data ??
  undefined

/** The lockout key of one (site, email) pair, or of one client address trying the password header. */
export const lockKey = (siteId: string, who: string) =>
  `preview:${siteId}:${createHash('sha256').update(who).digest('hex').slice(0, 32)}`

/**
 * Opens a preview for the caller, or refuses:
 * - the owner's admin token: the policy's `site:read` on the site (404 outside the tenant);
 * - a preview token: of this site (403 otherwise), signed at the share's current password version,
 *   and, for a private share, of an address still invited (401 otherwise, at once after a revoke
 *   or a password change);
 * - no token: the share password in the `password` header, for shares that are not private, with
 *   the same lockout as the sign-in (5 failures in 15 minutes per client address).
 * Every refusal is logged without the password, the token or the address.
 */
export const openPreview = async (
  actor: Actor | undefined,
  event: Event,
  siteId: string,
): Promise<OpenPreview> => {
  if (actor?.kind === 'admin') {
    const { site, items } = await sitesFor(actor).load(siteId, 'site:read')
    return { viewer: { kind: 'owner', email: null }, site, items }
  }
  const refuse = (reason: string) => {
    securityEvent('auth.tokenInvalid', {
      requestId: event.requestContext?.requestId,
      route: event.routeKey,
      client: clientIp(event),
      actor: `preview:${siteId}`,
      reason,
    })
    return new UnauthorizedError('preview.unauthorized')
  }
  if (actor?.kind === 'preview') {
    if (actor.siteId !== siteId) {
      securityEvent('access.forbidden', {
        requestId: event.requestContext?.requestId,
        route: event.routeKey,
        client: clientIp(event),
        actor: `preview:${actor.siteId}`,
        reason: 'preview.otherSite',
      })
      throw new ForbiddenError('preview.otherSite')
    }
    const share = await shareOf(siteId)
    if (!share || share.passwordVersion !== actor.claims.pwv) throw refuse('preview:passwordChanged')
    const email = String(actor.claims.email ?? '')
    if (share.isPrivate && !(await inviteOf(siteId, email))) throw refuse('preview:revoked')
    const { site, items } = await loadSite(siteId)
    return { viewer: { kind: 'invitee', email }, site, items }
  }
  // The share password alone (shares that are not private).
  const password = event.headers?.password ?? ''
  const key = lockKey(siteId, `client:${clientIp(event)}`)
  const at = now()
  await assertNotLocked(key, at)
  const share = await shareOf(siteId)
  if (!share || share.isPrivate || !(await sharePasswordMatches(password, share.passwordHash))) {
    await recordFailure(key, at)
    throw refuse('preview:password')
  }
  await clearFailures(key)
  const { site, items } = await loadSite(siteId)
  return { viewer: { kind: 'password', email: null }, site, items }
}

/** The content language asked for, if the site has it; else the site's default language. */
export const previewLanguage = (site: Site, lang: SiteLanguage | undefined): SiteLanguage =>
  lang && site.languages.includes(lang) ? lang : (site.defaultLanguage as SiteLanguage)

/** `domain` when given must be one of the site's hosts (the default host or its custom domain). */
export const checkDomain = (site: Site, domain: string | undefined) => {
  if (!domain) return
  const asked = domain.trim().toLowerCase().replace(/\.$/, '')
  const hosts = [site.siteUuid, site.customDomain]
    .filter((h): h is string => typeof h === 'string' && h !== '')
    .map((h) => h.toLowerCase())
  if (!hosts.some((h) => asked === h || asked.startsWith(`${h}.`))) throw new NotFoundError()
}

/** What the mails name of a site. */
type MailSite = Pick<Site, 'siteId' | 'name' | 'ownerId'> & { defaultLanguage: string }

/** Who sends an invitation, as the account's profile names them: never their email address. */
export type Inviter = Pick<Account, 'contactName' | 'companyName'>

/**
 * The inviter as the mail names them (issue 30 #11): the contact name with the company in
 * brackets, either alone, or "the site's creator" when the account has neither.
 */
export const inviterName = (inviter: Inviter, t: ReturnType<typeof translator>) => {
  const person = oneLine(inviter.contactName ?? '')
  const company = oneLine(inviter.companyName ?? '')
  if (person && company) return t('preview.inviterWithCompany', { person, company })
  return person || company || t('preview.inviterFallback')
}

/**
 * Mails the invitation, in the site's default language, with the link to the preview page and
 * the name of who invites.
 */
export const mailInvitation = async (site: MailSite, email: string, inviter: Inviter) => {
  const t = translator(site.defaultLanguage as SiteLanguage)
  const name = inviterName(inviter, t)
  await sendMail({
    to: email,
    subject: t('preview.inviteMailSubject', { site: oneLine(site.name), inviter: name }),
    text: t('preview.inviteMailBody', { site: site.name, inviter: name, link: previewUrl(site.siteId) }),
  })
  logger.info('Preview invitation sent', { siteId: site.siteId })
}

/** At most one mail about new comments per site in this many milliseconds. */
export const COMMENT_MAIL_GAP_MS = 10 * 60_000

/**
 * Tells the site's owner that a comment arrived, at most once per 10 minutes per site (a
 * conditional update claims the slot, so two comments at once send one mail).
 */
export const mailNewComment = async (site: MailSite, comment: PreviewComment) => {
  const at = now()
  try {
    await PreviewShares.patch({ siteId: site.siteId })
      .set({ lastCommentMailAt: at })
      .where(
        (attr, op) =>
          `${op.notExists(attr.lastCommentMailAt)} OR ${op.lte(attr.lastCommentMailAt, at - COMMENT_MAIL_GAP_MS)}`,
      )
      .go()
  } catch {
    return false
  }
  const owner = (await Accounts.get({ accountId: site.ownerId }).go()).data
  if (!owner?.email) return false
  const t = translator(site.defaultLanguage as SiteLanguage)
  await sendMail({
    to: owner.email,
    subject: t('preview.commentMailSubject', { site: oneLine(site.name) }),
    text: t('preview.commentMailBody', {
      site: site.name,
      cell: comment.cell,
      text: comment.text,
      link: adminUrl(`/site/${encodeURIComponent(site.siteId)}/preview`),
    }),
  })
  logger.info('Preview comment mail sent', { siteId: site.siteId })
  return true
}

/** A comment id that sorts by time. */
export const newCommentId = () => `${new Date(now()).toISOString()}-${randomBytes(4).toString('hex')}`

export const commentView = (c: PreviewComment) => ({
  id: c.commentId,
  cell: c.cell,
  lang: c.lang as SiteLanguage,
  text: c.text,
  status: c.status,
  author: c.author ?? null,
  createdAt: c.createdAt,
  resolvedAt: c.resolvedAt ?? null,
  blocking: c.blocking ?? false,
  replies: (c.replies ?? []).map((r) => ({
    id: r.replyId,
    text: r.text,
    author: r.author ?? null,
    createdAt: r.createdAt,
  })),
})

/** Everything of the site's share: settings, invites and comments, with one query. */
export const shareItems = async (siteId: string) => {
  const [share, invites, comments] = await Promise.all([
    shareOf(siteId),
    PreviewInvites.query.invite({ siteId }).go({ pages: 'all' }),
    PreviewComments.query.comment({ siteId }).go({ pages: 'all' }),
  ])
  return { share, invites: invites.data, comments: comments.data }
}

export const inviteeView = (invite: PreviewInvite, comments: readonly PreviewComment[]) => ({
  email: invite.email,
  invitedAt: invite.invitedAt,
  firstViewAt: invite.firstViewAt ?? null,
  lastViewAt: invite.lastViewAt ?? null,
  cellsViewed: [...(invite.cellsViewed ?? [])].sort(),
  openComments: comments.filter((c) => c.author === invite.email && c.status === 'open').length,
})

export const shareListOf = async (siteId: string) => {
  const { invites, comments } = await shareItems(siteId)
  const items = invites
    .sort((a, b) => b.invitedAt.localeCompare(a.invitedAt) || a.email.localeCompare(b.email))
    .map((invite) => inviteeView(invite, comments))
  return { items, total: items.length }
}

export const shareStatusOf = async (siteId: string) => {
  const { share, invites, comments } = await shareItems(siteId)
  return {
    isPrivate: share?.isPrivate ?? true,
    hasPassword: Boolean(share?.passwordHash),
    total: invites.length,
    openComments: comments.filter((c) => c.status === 'open').length,
    previewUrl: previewUrl(siteId),
    updatedAt: share?.updatedAt ?? null,
  }
}
