import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto'
import {
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider'
import type { SiteLanguage } from '@swipe/shared'
import type { Site } from '#data/sites'
import { type SiteMember, SiteMembers, type StoredAnswer } from '#data/submissions'
import type { Actor } from '#edge/auth'
import { ForbiddenError, UnauthorizedError } from '#edge/errors'
import { isConditionFailure } from '#edge/rate-limit'
import { cognito } from '#platform/services/cognito-client'
import { logger } from '#platform/services/logger'
import { sendMail } from '#platform/services/mail'
import { membersPool } from '#platform/services/members-pool'
import { sitePageUrl, translator } from './forms.ts'

/**
 * Site members (SPEC §7 End user; docs/decisions/0028-visitor-forms-and-members.md). The members
 * pool holds the credentials under the username `<siteId>#<email>`, so one email can join two
 * sites; the `siteMember` item holds the status and the pending registration.
 *
 * The password never touches the table: sign-up creates (or takes over) the pool user at once with
 * the visitor's password, disabled, and the mailed link enables it. Until then the item is
 * PENDING, and sign-in, which reads the item first, refuses it.
 */

/** A sign-up link stays valid 24 hours. */
export const REGISTRATION_TTL_MS = 24 * 60 * 60_000

/** Lower-cased and trimmed: the member's key and the pool username's second half. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase()

/** The members-pool username of an email on a site. */
export const memberUsername = (siteId: string, email: string) => `${siteId}#${email}`

/** A mailed token: 32 random bytes, base64url. Only its SHA-256 is stored. */
export const newRegistrationToken = () => randomBytes(32).toString('base64url')
export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex')

/** A throwaway first password AdminCreateUser needs; the visitor's own replaces it at once. */
const throwawayPassword = () =>
  `${randomBytes(18).toString('base64url')}a${'ABCDEFGHJKLMNPQRSTUVWXYZ'[randomInt(24)]}${randomInt(10)}#`

const isNamed = (error: unknown, name: string) => (error as { name?: string }).name === name

/**
 * Puts the visitor's password on the site's pool user, disabled until the link is opened. A
 * user left by an earlier, unfinished sign-up (or made outside the API) is taken over: its email
 * attribute and password become this sign-up's.
 */
export const provisionPoolUser = async (siteId: string, email: string, password: string) => {
  const Username = memberUsername(siteId, email)
  const UserPoolId = membersPool.id
  const attributes = [
    { Name: 'email', Value: email },
    { Name: 'email_verified', Value: 'true' },
  ]
  try {
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username,
        MessageAction: 'SUPPRESS',
        TemporaryPassword: throwawayPassword(),
        UserAttributes: attributes,
      }),
    )
  } catch (error) {
    if (!isNamed(error, 'UsernameExistsException')) throw error
    await cognito.send(
      new AdminUpdateUserAttributesCommand({ UserPoolId, Username, UserAttributes: attributes }),
    )
  }
  await cognito.send(
    new AdminSetUserPasswordCommand({ UserPoolId, Username, Password: password, Permanent: true }),
  )
  await cognito.send(new AdminDisableUserCommand({ UserPoolId, Username }))
}

/** Lets the pool user sign in (the link was opened). */
export const enablePoolUser = async (siteId: string, email: string) => {
  await cognito.send(
    new AdminEnableUserCommand({ UserPoolId: membersPool.id, Username: memberUsername(siteId, email) }),
  )
}

export const getMember = async (siteId: string, email: string): Promise<SiteMember | undefined> =>
  (await SiteMembers.get({ siteId, email }).go()).data ?? undefined

interface PendingInput {
  siteId: string
  email: string
  lang: SiteLanguage
  company: string
  answers: StoredAnswer[]
  tokenHash: string
}

const expiryFrom = (now: number) => new Date(now + REGISTRATION_TTL_MS).toISOString()

/**
 * Creates the PENDING member, or refreshes a pending one (answers, language, a new token; the old
 * link stops working). False when the member turned ACTIVE meanwhile (a link opened in between).
 */
export const savePending = async (
  input: PendingInput,
  existing: SiteMember | undefined,
  now = Date.now(),
) => {
  const fields = {
    lang: input.lang,
    company: input.company,
    answers: input.answers,
    tokenHash: input.tokenHash,
    tokenExpiresAt: expiryFrom(now),
  }
  if (!existing) {
    try {
      await SiteMembers.create({
        siteId: input.siteId,
        email: input.email,
        memberId: randomUUID(),
        status: 'PENDING',
        createdAt: new Date(now).toISOString(),
        ...fields,
      }).go({ response: 'none' })
      return true
    } catch (error) {
      if (!isConditionFailure(error)) throw error
    }
  }
  return refreshPending(input.siteId, input.email, fields)
}

/** A new token (and whatever else changed) on a member that is still PENDING; false otherwise. */
export const refreshPending = async (
  siteId: string,
  email: string,
  fields: { tokenHash: string; tokenExpiresAt?: string } & Partial<
    Pick<PendingInput, 'lang' | 'company' | 'answers'>
  >,
) => {
  try {
    await SiteMembers.patch({ siteId, email })
      .set({ tokenExpiresAt: expiryFrom(Date.now()), ...fields })
      .where((attr, op) => op.eq(attr.status, 'PENDING'))
      .go({ response: 'none' })
    return true
  } catch (error) {
    if (isConditionFailure(error)) return false
    throw error
  }
}

/**
 * Activates the member whose pending token this is, once: the pool user is enabled first (so a
 * member marked ACTIVE can always sign in), then the item changes only if it still holds this
 * token. False when another request used it first.
 */
export const activate = async (member: SiteMember, tokenHash: string) => {
  await enablePoolUser(member.siteId, member.email)
  try {
    await SiteMembers.patch({ siteId: member.siteId, email: member.email })
      .set({ status: 'ACTIVE', confirmedAt: new Date().toISOString() })
      .remove(['tokenHash', 'tokenExpiresAt'])
      .where((attr, op) => `${op.eq(attr.status, 'PENDING')} AND ${op.eq(attr.tokenHash, tokenHash)}`)
      .go({ response: 'none' })
    return true
  } catch (error) {
    if (isConditionFailure(error)) return false
    throw error
  }
}

/** The pending member a mailed token names, on this site. */
export const memberOfToken = async (siteId: string, tokenHash: string): Promise<SiteMember | undefined> => {
  const found = await SiteMembers.query.byToken({ tokenHash }).go({ limit: 2 })
  return found.data.find((m) => m.siteId === siteId && m.status === 'PENDING' && m.tokenHash === tokenHash)
}

/** Mails the sign-up link, in the language of the page the visitor used. */
export const mailRegistrationLink = async (site: Site, lang: SiteLanguage, email: string, token: string) => {
  const t = translator(lang)
  const link = sitePageUrl(site, lang, `register-complete?token=${encodeURIComponent(token)}`)
  await sendMail({
    to: email,
    subject: t('endUser.registerMailSubject', { site: oneLine(site.name) }),
    text: t('endUser.registerMailBody', { site: site.name, email, link }),
  })
  logger.info('Member sign-up link sent', { siteId: site.siteId })
}

/** Tells an existing member that someone tried to register their email again, with the sign-in link. */
export const mailAlreadyMember = async (site: Site, lang: SiteLanguage, email: string) => {
  const t = translator(lang)
  const link = sitePageUrl(site, lang, 'login')
  await sendMail({
    to: email,
    subject: t('endUser.existingMailSubject', { site: oneLine(site.name) }),
    text: t('endUser.existingMailBody', { site: site.name, email, link }),
  })
  logger.info('Existing member notified of a repeated sign-up', { siteId: site.siteId })
}

/** A mail subject is one line: a creator's text loses its line breaks and control characters. */
export const oneLine = (text: string) =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim()

/**
 * The member behind an end-user token on this site: the token must be this site's (its username
 * starts `<siteId>#`), else 403; the member must be ACTIVE, else 401 (the page drops its token).
 */
export const memberOfActor = async (actor: Actor | undefined, siteId: string): Promise<SiteMember> => {
  if (actor?.kind !== 'endUser') throw new UnauthorizedError()
  const prefix = memberUsername(siteId, '')
  if (!actor.username.startsWith(prefix)) throw new ForbiddenError('endUser.otherSite')
  const member = await getMember(siteId, actor.username.slice(prefix.length))
  if (member?.status !== 'ACTIVE') throw new UnauthorizedError()
  return member
}

/** Whether the mailed link has passed its expiry. */
export const isExpired = (member: Pick<SiteMember, 'tokenExpiresAt'>, now = Date.now()) =>
  member.tokenExpiresAt !== undefined && Date.parse(member.tokenExpiresAt) <= now
