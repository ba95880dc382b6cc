import { Entity, type EntityItem } from 'electrodb'
import { lazy } from './lazy.ts'
import { entityConfig, SERVICE } from './service.ts'

/**
 * Preview sharing (SPEC §3 Preview share; docs/data-model.md "Preview sharing"): one partition per
 * site, `preview#<siteId>`, outside the site's `siteItems` partition so the editor's load never
 * reads it. It holds the share's settings (sk `share`), one item per invited address
 * (`invite#<email>`) with its view log, and the review comments (`comment#<id>`): the share dialog
 * reads them all with one query; a preview request reads the share and its viewer's invite by key.
 */

const partition = {
  field: 'pk',
  composite: ['siteId'],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
  template: 'preview#${siteId}',
  casing: 'none',
} as const

/** The share of one site: who may open the preview, and the password (scrypt, never stored plain). */
export const PreviewShares = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'previewShare', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          /** Only invited addresses may open it; otherwise anyone with the link and the password. */
          isPrivate: { type: 'boolean', required: true },
          /** `scrypt$<salt b64>$<hash b64>`. */
          passwordHash: { type: 'string', required: true },
          /** Raised on every password change: tokens carry it, an older one is refused. */
          passwordVersion: { type: 'number', required: true },
          updatedAt: { type: 'string', required: true },
          /** Epoch ms of the last mail to the creator about new comments (at most one per 10 minutes). */
          lastCommentMailAt: { type: 'number', default: 0 },
        },
        indexes: {
          share: {
            pk: partition,
            sk: { field: 'sk', composite: [], template: 'share', casing: 'none' },
          },
        },
      },
      entityConfig,
    ),
)

/** One invited address of a site's preview, and its view log. */
export const PreviewInvites = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'previewInvite', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          /** Lower-cased, trimmed. */
          email: { type: 'string', required: true, readOnly: true },
          invitedAt: { type: 'string', required: true },
          firstViewAt: { type: 'string' },
          lastViewAt: { type: 'string' },
          /** `<lang>:<cell>` of every cell seen (a set: adding one already there changes nothing). */
          cellsViewed: { type: 'set', items: 'string' },
        },
        indexes: {
          invite: {
            pk: partition,
            sk: {
              field: 'sk',
              composite: ['email'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'invite#${email}',
              casing: 'none',
            },
          },
        },
      },
      entityConfig,
    ),
)

/** A review comment pinned to one cell in one language. */
export const PreviewComments = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'previewComment', version: '1', service: SERVICE },
        attributes: {
          siteId: { type: 'string', required: true, readOnly: true },
          /** Time-ordered: `<ISO time>-<random>`. */
          commentId: { type: 'string', required: true, readOnly: true },
          cell: { type: 'string', required: true, readOnly: true },
          lang: { type: 'string', required: true, readOnly: true },
          text: { type: 'string', required: true, readOnly: true },
          /** The invited viewer's address; none for the owner's own notes. */
          author: { type: 'string' },
          status: { type: ['open', 'resolved'] as const, required: true },
          createdAt: { type: 'string', required: true, readOnly: true },
          resolvedAt: { type: 'string' },
          /** Blocks publishing while open (issue 33 part 4: the pre-publish checklist's `blockingComment`). */
          blocking: { type: 'boolean' },
          /** The thread (issue 30 #11): answers of the owner (no author) and of the reviewer, oldest first. */
          replies: {
            type: 'list',
            items: {
              type: 'map',
              properties: {
                replyId: { type: 'string', required: true },
                text: { type: 'string', required: true },
                author: { type: 'string' },
                createdAt: { type: 'string', required: true },
              },
            },
          },
        },
        indexes: {
          comment: {
            pk: partition,
            sk: {
              field: 'sk',
              composite: ['commentId'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'comment#${commentId}',
              casing: 'none',
            },
          },
        },
      },
      entityConfig,
    ),
)

/**
 * The key preview tokens are signed with (HS256), made once per stage on first use by a
 * conditional put and read by every preview Lambda (docs/decisions/0030-preview-and-sharing.md).
 */
export const PreviewSigningKeys = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'previewSigningKey', version: '1', service: SERVICE },
        attributes: {
          keyId: { type: 'string', required: true, readOnly: true },
          /** 32 random bytes, base64. */
          secret: { type: 'string', required: true, readOnly: true },
          createdAt: { type: 'string', required: true, readOnly: true },
        },
        indexes: {
          key: {
            pk: {
              field: 'pk',
              composite: ['keyId'],
              // biome-ignore lint/suspicious/noTemplateCurlyInString: an ElectroDB key template, filled by ElectroDB.
              template: 'previewkey#${keyId}',
              casing: 'none',
            },
            sk: { field: 'sk', composite: [], template: 'key', casing: 'none' },
          },
        },
      },
      entityConfig,
    ),
)

export type PreviewShare = EntityItem<typeof PreviewShares>
export type PreviewInvite = EntityItem<typeof PreviewInvites>
export type PreviewComment = EntityItem<typeof PreviewComments>
