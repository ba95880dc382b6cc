import { dropNulls } from '../nulls.ts'
import { pickDocument, SITE_DOCUMENTS, type SiteDocumentKind } from './model.ts'
import { SITE_SCHEMA_VERSION } from './model-defaults.ts'

/**
 * Stored site documents carry the schema version they were written under (`schemaVersion`; an
 * item written before versions existed has none and counts as 1). A read brings a document up to
 * `SITE_SCHEMA_VERSION` through the steps below, in order, then checks it against the model: a
 * document that still fails is an error for the caller to report, never replaced by defaults
 * (docs/decisions/0004-site-model.md).
 *
 * A change to the model that older documents would fail (a field renamed, a rule tightened)
 * raises `SITE_SCHEMA_VERSION` and adds the step that brings those documents into line, with a
 * test reading an old document.
 */

type Document = Record<string, unknown>

export interface MigrationStep {
  from: number
  to: number
  /** What the step does, for people. */
  summary: string
  migrate: (kind: SiteDocumentKind, document: Document) => Document
}

/** The version of a document written before versions existed. */
export const UNVERSIONED = 1

const isObject = (value: unknown): value is Document =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export const MIGRATIONS: readonly MigrationStep[] = [
  {
    from: 1,
    to: 2,
    summary:
      'Documents written before versions existed: same fields; popup CTAs saved before they had a display position get BOTTOM (where the page showed them) and nulls an older writer left are dropped (null was never a stored value).',
    migrate: (kind, document) => {
      const next = dropNulls(document) as Document
      if (kind === 'site' && Array.isArray(next.popupCtas))
        next.popupCtas = next.popupCtas.map((cta) =>
          isObject(cta) && cta.displayPosition === undefined ? { ...cta, displayPosition: 'BOTTOM' } : cta,
        )
      return next
    },
  },
  {
    from: 2,
    to: 3,
    summary:
      'Popup CTAs get a text and image per language: the one text and image a CTA had become its entry for the site’s default language (the language it was written in); the other languages show them until they get their own.',
    migrate: (kind, document) => {
      if (kind !== 'site' || !Array.isArray(document.popupCtas)) return document
      const lang = typeof document.defaultLanguage === 'string' ? document.defaultLanguage : 'JP'
      return {
        ...document,
        popupCtas: document.popupCtas.map((cta) => {
          if (!isObject(cta) || cta.localized !== undefined) return cta
          const { content, imageUrl, ...rest } = cta
          const entry = {
            lang,
            // A value of the wrong type is carried over, for the model to report.
            ...(content !== undefined && content !== '' ? { content } : {}),
            ...(imageUrl !== undefined && imageUrl !== '' ? { imageUrl } : {}),
          }
          return { ...rest, localized: Object.keys(entry).length > 1 ? [entry] : [] }
        }),
      }
    },
  },
]

export interface DocumentProblem {
  kind: SiteDocumentKind
  /** The version the document was stored under. */
  storedVersion: number
  /** Why it cannot be read: no way up from its version, or the fields that fail the model. */
  reason: 'unknownVersion' | 'invalid'
  issues: { path: string; code: string }[]
}

export type DocumentRead<K extends SiteDocumentKind> =
  | { ok: true; document: ReturnType<(typeof SITE_DOCUMENTS)[K]['parse']> }
  | { ok: false; problem: DocumentProblem }

/** The stored version of an item: its `schemaVersion`, or 1 when it has none. */
export const storedVersion = (item: { schemaVersion?: unknown }): number =>
  typeof item.schemaVersion === 'number' ? item.schemaVersion : UNVERSIONED

/**
 * A stored item's document as the current model reads it: its fields picked, the steps from its
 * version applied in order, the model's defaults filled; or what is wrong with it.
 */
export const readDocument = <K extends SiteDocumentKind>(
  kind: K,
  item: Record<string, unknown>,
  steps: readonly MigrationStep[] = MIGRATIONS,
  current: number = SITE_SCHEMA_VERSION,
): DocumentRead<K> => {
  const from = storedVersion(item)
  let version = from
  let document: Document = pickDocument(kind, item)
  while (version < current) {
    const step = steps.find((s) => s.from === version)
    if (!step) break
    document = step.migrate(kind, document)
    version = step.to
  }
  if (version !== current)
    return { ok: false, problem: { kind, storedVersion: from, reason: 'unknownVersion', issues: [] } }
  const parsed = SITE_DOCUMENTS[kind].safeParse(document)
  if (!parsed.success)
    return {
      ok: false,
      problem: {
        kind,
        storedVersion: from,
        reason: 'invalid',
        issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), code: i.message })),
      },
    }
  return { ok: true, document: parsed.data as ReturnType<(typeof SITE_DOCUMENTS)[K]['parse']> }
}
