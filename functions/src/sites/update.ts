import type { CreativeInput, Plan, UpdateSiteInput } from '@swipe/shared'
import { sitesRoutes } from '@swipe/shared/contract/sites'
import { cellOrder, isInGrid, siteGrid } from '@swipe/shared/site/cells'
import { documentFields } from '@swipe/shared/site/model'
import { enabledDestinations, enabledVendors } from '@swipe/shared/site/tags-vendors'
import { type Creative, type Site, sitesService } from '#data/sites'
import { oemZoneOf } from '#domain/oem-zones'
import { planOfOwner, planView, requireCreatives, requireFeature } from '#domain/plans'
import { ConflictError, type FieldIssue, ValidationError } from '#edge/errors'
import { endpoint, ok } from '#edge/http'
import { sitesFor } from '#edge/tenancy'
import {
  assertCommitted,
  confirmedKeys,
  creativeFields,
  draftKeys,
  gridGenerationOf,
  isCurrent,
  liveStateOf,
  MAX_TRANSACTION_ITEMS,
  menuFields,
  newGeneration,
  type SiteItems,
  settingsFields,
  siteKeys,
  siteMedia,
  siteView,
  sweep,
} from './service.ts'

/** Optional global-setting fields an editor may clear. */
const CLEARABLE = ['faviconKey', 'logoKey', 'globalMenuTextColor', 'speakerColor', 'creativeFit'] as const

/** A value with every object's keys sorted, so equal documents compare equal whatever order storage keeps. */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical)
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    )
  return value
}
const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b))
const defined = <T extends Record<string, unknown>>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T

/** Issues for a part's entries: a language the site no longer has, or a language named twice. */
const checkLanguages = (
  part: string,
  entries: ReadonlyArray<{ lang: string }> | undefined,
  languages: readonly string[],
  key: (entry: { lang: string }, index: number) => string = (e) => e.lang,
): FieldIssue[] => {
  const issues: FieldIssue[] = []
  const seen = new Set<string>()
  entries?.forEach((entry, index) => {
    if (!languages.includes(entry.lang))
      issues.push({ path: `body.${part}.${index}.lang`, code: 'validation.invalid' })
    const k = key(entry, index)
    if (seen.has(k)) issues.push({ path: `body.${part}.${index}`, code: 'validation.invalid' })
    seen.add(k)
  })
  return issues
}

/**
 * A save may attach only files the server has checked: keys the site already references, or
 * uploads confirmed for this site (POST /site/confirm-upload, or placed from a ZIP). Anything
 * else (another site's file, a key typed by hand, an upload never confirmed) is refused by field.
 */
const unattachable = async (site: Site, items: SiteItems, body: UpdateSiteInput): Promise<FieldIssue[]> => {
  const known = new Set(siteKeys(site, items).map((ref) => ref.key))
  const unknown = draftKeys(body).filter((ref) => !known.has(ref.key))
  if (unknown.length === 0) return []
  const confirmed = await confirmedKeys(
    site.siteId,
    unknown.map((ref) => ref.key),
  )
  return unknown
    .filter((ref) => !confirmed.has(ref.key))
    .map((ref) => ({ path: ref.path, code: 'upload.notConfirmed', params: { file: ref.key } }))
}

const hasText = (value: object | undefined) =>
  Object.values(value ?? {}).some((v) => typeof v === 'string' && v.trim() !== '')

/**
 * Plan limits apply to what a save changes: growing the grid beyond the plan's creatives, adding a
 * language, or switching on a feature the plan lacks is refused (403 naming the limit). A site
 * made under a larger plan can still be edited and brought within the new one.
 */
const enforcePlan = (plan: Plan, site: Site, items: SiteItems, body: UpdateSiteInput) => {
  const g = body.globalSetting
  if (g.numberHorizontal !== site.numberHorizontal || g.numberVertical !== site.numberVertical)
    requireCreatives(plan, g.numberHorizontal, g.numberVertical)
  if (g.languages.length > 1 && g.languages.some((lang) => !site.languages.includes(lang)))
    requireFeature(plan, 'multiLanguage')
  if (g.popupCtas.length > 0 && !same(g.popupCtas, site.popupCtas ?? []))
    requireFeature(plan, 'settingPopupCta')
  // Ad tags are tags: the plan's SEO and tags flag (SPEC §3 Plan), when a save turns on or changes one.
  if (g.adTags && enabledVendors(g.adTags).length > 0 && !same(g.adTags, site.adTags ?? null))
    requireFeature(plan, 'settingTagSeo')
  // Server-side conversions follow the analytics flag (issue 32 Deliver 7).
  if (
    g.adTags &&
    enabledDestinations(g.adTags).length > 0 &&
    !same(g.adTags.conversions, site.adTags?.conversions ?? null)
  )
    requireFeature(plan, 'analyticsEffect')
  for (const input of body.settings ?? []) {
    const stored = items.settings.find((s) => s.lang === input.lang)
    if (hasText(input.seo) && !same(input.seo, stored?.seo)) requireFeature(plan, 'settingTagSeo')
    const contactOn = input.forms?.contact.enabled === true
    const wasOn =
      (stored?.forms as { contact?: { enabled?: boolean } } | undefined)?.contact?.enabled === true
    if (contactOn && !wasOn) requireFeature(plan, 'settingFormContact')
  }
}
type CreativeKey = Pick<Creative, 'siteId' | 'gridGeneration' | 'lang' | 'position'>

type Write =
  | { entity: 'creatives'; op: 'put'; item: Creative }
  | { entity: 'creatives'; op: 'delete'; key: CreativeKey }
  | {
      entity: 'menus' | 'settings'
      op: 'put'
      item: Record<string, unknown> & { siteId: string; lang: Creative['lang'] }
    }
  | { entity: 'menus' | 'settings'; op: 'delete'; key: { siteId: string; lang: Creative['lang'] } }

const keyOf = (c: Creative): CreativeKey => ({
  siteId: c.siteId,
  gridGeneration: gridGenerationOf(c),
  lang: c.lang,
  position: c.position,
})

/**
 * Writes staged creatives (25 per batch request); whatever DynamoDB leaves unprocessed is sent
 * again. Nothing reads them until the site's generation names theirs.
 */
const stage = async (staged: readonly Creative[]) => {
  let pending = [...staged]
  for (let round = 1; pending.length > 0; round++) {
    const { unprocessed } = await sitesService.entities.creatives.put(pending).go({ concurrency: 4 })
    if (unprocessed.length === 0) return
    if (round >= 5) throw new Error('Staged creatives were left unprocessed')
    const left = new Set(unprocessed.map((k) => `${k.lang}#${k.position}`))
    pending = pending.filter((c) => left.has(`${c.lang}#${c.position}`))
    await new Promise((resolve) => setTimeout(resolve, 50 * round))
  }
}

/**
 * Saves the editor (docs/decisions/0017-saves-of-any-size.md): the global setting and every changed
 * item of the parts sent, with the site's version bump, conditioned on the version the editor
 * started from. A stale save changes nothing visible (409).
 *
 * - Changes that fit one transaction (the site item and at most 99 others) commit in it.
 * - A larger save stages every creative the site will have under a new generation (items nobody
 *   reads yet), then one small transaction sets the global setting, menus and settings and flips
 *   the site's generation with the version condition. Readers filter creatives by the site's
 *   generation, so they see the old set or the new one, never a mix; the old set is deleted
 *   after the flip, a losing attempt's staged set at once.
 *
 * A new grid size clears the creatives; a removed language clears its menu, creatives and
 * settings (both are hidden at once and deleted after the commit). A save never changes what the
 * public site shows: a published site then has `unpublishedChanges` until it is published again,
 * unless the save changed nothing.
 */
export const handler = endpoint(sitesRoutes['sites.update'], async ({ actor, body, params, t }) => {
  const loaded = await sitesFor(actor).load(params.id, 'site:write')
  return ok({ ...(await saveDraft(actor, loaded, body)), message: t('site.updated') })
})

/**
 * The save itself, on a site the caller may write: PUT /site/{id}, and a version restored to the
 * draft (./restoreVersion.ts). Answers the saved site as the editor loads it.
 */
export const saveDraft = async (
  actor: Parameters<typeof sitesFor>[0],
  { site, items }: { site: Site; items: SiteItems },
  body: UpdateSiteInput,
) => {
  if (body.version !== site.version) throw new ConflictError()
  const g = body.globalSetting
  const gridChanged = g.numberHorizontal !== site.numberHorizontal || g.numberVertical !== site.numberVertical
  const next: Site = {
    ...site,
    languages: g.languages,
    gridGeneration: gridChanged ? newGeneration() : gridGenerationOf(site),
  }

  const issues: FieldIssue[] = []
  if (g.id !== site.siteId) issues.push({ path: 'body.globalSetting.id', code: 'validation.invalid' })
  issues.push(...checkLanguages('menus', body.menus, g.languages))
  issues.push(...checkLanguages('settings', body.settings, g.languages))
  issues.push(
    ...checkLanguages(
      'creatives',
      body.creatives,
      g.languages,
      (e) => `${e.lang}#${(e as CreativeInput).position}`,
    ),
  )
  body.creatives?.forEach((c, index) => {
    if (!isInGrid(c.position, siteGrid(g)))
      issues.push({ path: `body.creatives.${index}.position`, code: 'validation.invalid' })
  })
  // Message match (issue 34 part 5): each rule opens on a cell of the grid.
  g.messageMatch?.forEach((rule, index) => {
    if (!isInGrid(rule.cell, siteGrid(g)))
      issues.push({ path: `body.globalSetting.messageMatch.${index}.cell`, code: 'messageMatch.cellOutside' })
  })
  issues.push(...(await unattachable(site, items, body)))
  if (issues.length) throw new ValidationError(issues)
  const plan = await planOfOwner(site.ownerId)
  enforcePlan(plan, site, items, body)

  const id = (entity: string, lang: string, position = '') => `${entity}#${lang}#${position}`
  const keep = <T extends { lang: string; position?: string; gridGeneration?: number }>(item: T) =>
    isCurrent(site, item) && isCurrent(next, item)
  const creativeOf = (input: CreativeInput, generation: number) =>
    defined({
      ...input,
      siteId: site.siteId,
      gridGeneration: generation,
      order: cellOrder(input.position, g.numberVertical),
      version: 1,
    }) as Creative

  // Creative changes made in place (under the current generation's keys).
  const creativeWrites: Write[] = []
  const put = new Set<string>()
  if (body.creatives) {
    const wanted = new Map(body.creatives.map((c) => [id('creatives', c.lang, c.position), c]))
    for (const input of body.creatives) {
      const item = creativeOf(input, next.gridGeneration)
      const existing = items.creatives.find(
        (c) => c.lang === input.lang && c.position === input.position && keep(c),
      )
      if (existing && same(creativeFields(existing), creativeFields(item))) continue
      creativeWrites.push({ entity: 'creatives', op: 'put', item })
      put.add(id('creatives', input.lang, input.position))
    }
    for (const c of items.creatives)
      if (keep(c) && !wanted.has(id('creatives', c.lang, c.position)))
        creativeWrites.push({ entity: 'creatives', op: 'delete', key: keyOf(c) })
  }
  // Leftovers of a language removed earlier and now added back must not reappear.
  for (const c of items.creatives)
    if (!isCurrent(site, c) && isCurrent(next, c) && !put.has(id('creatives', c.lang, c.position)))
      creativeWrites.push({ entity: 'creatives', op: 'delete', key: keyOf(c) })

  const otherWrites: Write[] = []
  const putOther = new Set<string>()
  for (const [part, fields] of [
    ['menus', menuFields],
    ['settings', settingsFields],
  ] as const) {
    const sent = body[part]
    if (!sent) continue
    for (const input of sent) {
      const item = defined({ ...input, siteId: site.siteId })
      const existing = (items[part] as Array<{ lang: string }>).find((m) => m.lang === input.lang && keep(m))
      if (
        existing &&
        same((fields as (v: unknown) => unknown)(existing), (fields as (v: unknown) => unknown)(item))
      )
        continue
      otherWrites.push({ entity: part, op: 'put', item })
      putOther.add(id(part, input.lang))
    }
    for (const m of items[part])
      if (keep(m) && !sent.some((s) => s.lang === m.lang))
        otherWrites.push({ entity: part, op: 'delete', key: { siteId: m.siteId, lang: m.lang } })
  }
  for (const part of ['menus', 'settings'] as const)
    for (const m of items[part])
      if (!isCurrent(site, m) && isCurrent(next, m) && !putOther.has(id(part, m.lang)))
        otherWrites.push({ entity: part, op: 'delete', key: { siteId: m.siteId, lang: m.lang } })

  // Too many changes for one transaction, or creatives stored under their old keys: stage.
  const staging =
    site.keyedCreatives !== true || 1 + creativeWrites.length + otherWrites.length > MAX_TRANSACTION_ITEMS
  let staged: Creative[] = []
  if (staging) {
    const generation = newGeneration()
    staged = body.creatives
      ? body.creatives.map((input) => creativeOf(input, generation))
      : items.creatives.filter((c) => keep(c)).map((c) => ({ ...c, gridGeneration: generation }) as Creative)
    next.gridGeneration = generation
    await stage(staged)
  }
  const writes = staging ? otherWrites : [...creativeWrites, ...otherWrites]

  // A save that changes nothing leaves the live site showing what is saved: the new version
  // carries the published one (docs/decisions/0015-site-editor.md "Saved is not live: live state, save
  // actions and their toasts").
  const changed =
    creativeWrites.length > 0 ||
    otherWrites.length > 0 ||
    documentFields('site').some(
      (field) => !same((g as Record<string, unknown>)[field] ?? null, site[field] ?? null),
    )
  const live = liveStateOf(site)
  const carried = !changed && live.publishedVersion !== null && !live.unpublishedChanges

  const { id: _id, ...setting } = g
  const cleared = CLEARABLE.filter((key) => setting[key] === undefined)
  let result: { canceled: boolean }
  try {
    result = await sitesService.transaction
      .write(({ sites, creatives, menus, settings }) => {
        const patch = sites
          .patch({ siteId: site.siteId })
          .set(
            defined({
              ...setting,
              gridGeneration: next.gridGeneration,
              ...(staging ? { keyedCreatives: true } : {}),
              ...(carried ? { publishedVersion: body.version + 1 } : {}),
            }),
          )
          .add({ version: 1 })
        return [
          (cleared.length ? patch.remove([...cleared]) : patch)
            .where(({ version }, { eq }) => eq(version, body.version))
            .commit(),
          ...writes.map((w) => {
            if (w.entity === 'creatives')
              return w.op === 'put' ? creatives.put(w.item).commit() : creatives.delete(w.key).commit()
            const entity = w.entity === 'menus' ? menus : settings
            return w.op === 'put'
              ? entity
                  .put(w.item as Parameters<typeof entity.put>[0] & Parameters<typeof menus.put>[0])
                  .commit()
              : entity.delete(w.key).commit()
          }),
        ]
      })
      .go()
  } catch (error) {
    result = { canceled: true }
    if (!staging) throw error
    await discard(staged)
    throw error
  }
  if (result.canceled && staging) await discard(staged)
  assertCommitted(result)
  await sweep(next, items, false, site.keyedCreatives !== true)
  const saved = await sitesFor(actor).load(site.siteId, 'site:read')
  return {
    ...siteView(saved.site, saved.items, await oemZoneOf(saved.site.tenantIds)),
    plan: planView(plan),
    media: await siteMedia(saved.site, saved.items),
  }
}

/** Deletes the staged creatives of an attempt that lost (best effort: nobody reads them). */
const discard = async (staged: readonly Creative[]) => {
  if (staged.length === 0) return
  await sitesService.entities.creatives
    .delete(staged.map(keyOf))
    .go({ concurrency: 4 })
    .catch(() => undefined)
}
