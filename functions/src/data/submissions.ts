import { Entity, type EntityItem } from 'electrodb'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

/**
 * What visitors leave on a published site (SPEC §7 "Members, contacts, forms"): its members and
 * its contact and homepage-form submissions. Each lives in partitions of its own (never in the
 * site's `siteItems` partition), so neither the editor's load nor a save ever reads them
 * (docs/data-model.md "Members and submissions").
 */

/**
 * One member of one site. The members user pool holds the credentials (username
 * `<siteId>#<email>`, so one email can join two sites); this item holds what the creator's list
 * shows and the pending registration. Unique per site and email: pk `members#<siteId>`, sk the
 * lower-cased email. `gsi1` lists a site's members newest first; `gsi2` finds a pending
 * registration by the hash of its mailed token.
 */
export const SiteMembers = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'siteMember', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          /** Lower-cased, trimmed. */
          email: { type: 'string', required: true, readOnly: true },
          memberId: { type: 'string', required: true, readOnly: true },
          /** PENDING until the mailed link is opened. */
          status: { type: ['PENDING', 'ACTIVE'] as const, required: true },
          /** The content language the visitor registered in (mails follow it). */
          lang: { type: 'string', required: true },
          company: { type: 'string', default: '' },
          /** The other answers of the membership form, as shown: `[{ name, title, value }]`. */
          answers: { type: 'any', default: () => [] },
          createdAt: { type: 'string', required: true, readOnly: true },
          confirmedAt: { type: 'string' },
          /** SHA-256 of the mailed token (the token itself is never stored); none once confirmed. */
          tokenHash: { type: 'string' },
          /** ISO time the mailed link stops working. */
          tokenExpiresAt: { type: 'string' },
        },
        indexes: {
          byEmail: {
            pk: {
              field: 'pk',
              composite: ['siteId'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'members#${siteId}',
              casing: 'none',
            },
            sk: {
              field: 'sk',
              composite: ['email'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: '${email}',
              casing: 'none',
            },
          },
          bySite: {
            index: 'gsi1',
            pk: {
              field: 'gsi1pk',
              composite: ['siteId'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'members#${siteId}',
              casing: 'none',
            },
            sk: {
              field: 'gsi1sk',
              composite: ['createdAt', 'memberId'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: '${createdAt}#${memberId}',
              casing: 'none',
            },
          },
          byToken: {
            index: 'gsi2',
            pk: {
              field: 'gsi2pk',
              composite: ['tokenHash'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'regtoken#${tokenHash}',
              casing: 'none',
            },
            sk: { field: 'gsi2sk', composite: [] },
          },
        },
      },
      entityConfig,
    ),
)
export type SiteMember = EntityItem<typeof SiteMembers>

/** The two kinds of form submission: the contact form and the homepage ("other") form. */
export const SUBMISSION_KINDS = ['contact', 'form'] as const
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number]

/**
 * One contact or homepage-form submission. pk `submissions#<siteId>#<kind>`, sk
 * `<createdAt>#<submissionId>`: a site's list of one kind, newest first, date ranges as key
 * conditions.
 */
export const SiteSubmissions = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'siteSubmission', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          kind: { type: SUBMISSION_KINDS, required: true, readOnly: true },
          submissionId: { type: 'string', required: true, readOnly: true },
          createdAt: { type: 'string', required: true, readOnly: true },
          lang: { type: 'string', required: true, readOnly: true },
          /** Lower-cased, trimmed. */
          email: { type: 'string', required: true, readOnly: true },
          company: { type: 'string', default: '' },
          /** Every answer as shown on the form: `[{ name, title, value }]` (value text; checkboxes joined). */
          answers: { type: 'any', default: () => [] },
          /** The homepage form's optional mode. */
          mode: { type: 'string' },
          /** Whether the mail to the recipient went out (a failed mail never loses the submission). */
          mailStatus: { type: ['SENT', 'FAILED', 'NONE'] as const, default: 'NONE' },
        },
        indexes: {
          byKind: {
            pk: {
              field: 'pk',
              composite: ['siteId', 'kind'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'submissions#${siteId}#${kind}',
              casing: 'none',
            },
            sk: {
              field: 'sk',
              composite: ['createdAt', 'submissionId'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: '${createdAt}#${submissionId}',
              casing: 'none',
            },
          },
        },
      },
      entityConfig,
    ),
)
export type SiteSubmission = EntityItem<typeof SiteSubmissions>

/** One answer as stored and listed. */
export interface StoredAnswer {
  name: string
  title: string
  value: string
}
