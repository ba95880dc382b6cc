import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3'
import { beforeAll, describe, expect, it } from 'vitest'
import { creatorToken } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { edgeGet } from '../support/edge.ts'
import { useStackEnv, useStackPlatform } from '../support/env.ts'
import { siteObjects } from '../support/objects.ts'
import { confirmedKeys, storeMedia } from '../support/uploads.ts'

/**
 * Issue 33 "Publish with confidence", parts 1 and 3: every publish is a version with who, when and
 * what changed; a rollback returns the live site to an earlier version's release through the host
 * map at once — no render, no media copied — and is itself a version, on the editor's version.
 */

const { urls } = useStackEnv()
useStackPlatform()
const http = api(urls.api)
const { s3, sitesBucket } = await import('../../functions/src/platform/services/s3.ts')

const edge = (host: string, path: string) => edgeGet(urls.edge, host, path)

describe('versions and rollback', () => {
  let token: string
  let other: string

  beforeAll(async () => {
    token = await creatorToken(http, 'pro_multi')
    other = await creatorToken(http, 'pro_multi')
  })

  /** A 2 × 1 site in Japanese and English, each cell with its own image. */
  const createSite = async () => {
    const created = await http.post(
      '/site',
      { name: '履歴テスト', number_horizontal: 2, number_vertical: 1, languages: ['JP', 'EN'] },
      { token },
    )
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.global_setting.id as string
    const keys = await confirmedKeys(id, ['jpg', 'jpg', 'jpg', 'jpg'])
    await storeMedia(keys)
    return { id, host: `${created.body.global_setting.site_uuid}.sites.localhost`, keys }
  }

  const saveAndPublish = async (
    site: Awaited<ReturnType<typeof createSite>>,
    texts: { a1: string; b1?: string; enA1?: string },
  ) => {
    const current = await http.get(`/site/${site.id}`, { token })
    const cell = (lang: string, position: string, key: string, text: string) => ({
      lang,
      position,
      media_key: key,
      media_type: 'image',
      image_alt: `${lang} ${position}`,
      main_text: text,
    })
    const saved = await http.call('PUT', `/site/${site.id}`, {
      token,
      body: {
        version: current.body.version,
        global_setting: {
          id: site.id,
          name: '履歴テスト',
          number_horizontal: 2,
          number_vertical: 1,
          default_language: 'JP',
          languages: ['JP', 'EN'],
        },
        creatives: [
          cell('JP', 'A1', site.keys[0]!, texts.a1),
          cell('JP', 'A2', site.keys[1]!, texts.b1 ?? '二枚目'),
          cell('EN', 'A1', site.keys[2]!, texts.enA1 ?? 'first'),
          cell('EN', 'A2', site.keys[3]!, 'second'),
        ],
      },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const published = await http.post(
      `/site/${site.id}/status`,
      { action: 'publish', version: saved.body.version },
      { token },
    )
    expect(published.status, JSON.stringify(published.body)).toBe(200)
    return published.body.version as number
  }

  const versionsOf = async (siteId: string) => {
    const answer = await http.get(`/site/${siteId}/versions`, { token })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body as { items: Array<Record<string, unknown>>; cursor: string | null }
  }

  it('records every publish with who, when and what changed, newest first', async () => {
    const site = await createSite()
    await saveAndPublish(site, { a1: '最初の公開' })
    await saveAndPublish(site, { a1: '二回目の公開' })
    await saveAndPublish(site, { a1: '二回目の公開', enA1: 'third', b1: '三回目' })
    const { items, cursor } = await versionsOf(site.id)
    expect(cursor).toBeNull()
    expect(items).toHaveLength(3)
    const [third, second, first] = items
    for (const v of items) {
      expect(v).toMatchObject({ action: 'publish', by: expect.any(String), restored_from: null })
      expect(Date.parse(String(v.at))).toBeGreaterThan(Date.now() - 120_000)
    }
    expect(first!.summary).toEqual({
      first: true,
      cells: 4,
      languages: ['JP', 'EN'],
      global: true,
      changed_cells: [],
    })
    expect(second!.summary).toEqual({
      first: false,
      cells: 1,
      languages: ['JP'],
      global: false,
      changed_cells: ['JP:A1'],
    })
    expect(third!.summary).toEqual({
      first: false,
      cells: 2,
      languages: ['JP', 'EN'],
      global: false,
      changed_cells: ['EN:A1', 'JP:A2'],
    })
    // The newest is live; the others can be returned to.
    expect(items.map((v) => [v.live, v.can_rollback])).toEqual([
      [true, false],
      [false, true],
      [false, true],
    ])
    // Another tenant's creator does not see the site.
    expect((await http.get(`/site/${site.id}/versions`, { token: other })).status).toBe(404)
  })

  it('rolls the live site back to an earlier release at once, copying nothing, as a version of its own', async () => {
    const site = await createSite()
    await saveAndPublish(site, { a1: '最初の公開' })
    const version = await saveAndPublish(site, { a1: '二回目の公開' })
    expect((await edge(site.host, '/')).text).toContain('二回目の公開')
    const { items } = await versionsOf(site.id)
    const first = items.at(-1)!
    const before = await siteObjects(site.id)

    const answer = await http.post(`/site/${site.id}/versions/${first.id}/rollback`, { version }, { token })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toEqual({
      message: '公開中のサイトを選んだバージョンに戻しました。',
      version: version + 1,
      live: {
        id: expect.any(String),
        action: 'rollback',
        at: expect.any(String),
        by: expect.any(String),
        summary: { first: false, cells: 1, languages: ['JP'], global: false, changed_cells: ['JP:A1'] },
        restored_from: first.id,
        live: true,
        can_rollback: false,
      },
    })
    // The next request through the edge is served the first release (the local edge sees the flip at once).
    const page = await edge(site.host, '/')
    expect(page.status).toBe(200)
    expect(page.text).toContain('最初の公開')
    expect(page.text).not.toContain('二回目の公開')
    // Nothing was rendered or copied: the bucket holds the same objects as before.
    expect(await siteObjects(site.id)).toEqual(before)

    // The draft still holds the second text: it is now unpublished.
    const loaded = await http.get(`/site/${site.id}`, { token })
    expect(loaded.body.version).toBe(version + 1)
    expect(loaded.body.global_setting).toMatchObject({ status: 'PUBLISH', unpublished_changes: true })
    expect(
      loaded.body.creatives.find(
        (c: { position: string; lang: string }) => c.lang === 'JP' && c.position === 'A1',
      ).main_text,
    ).toBe('二回目の公開')

    // History is never destroyed: three versions, the rollback live, the second can be returned to.
    const after = await versionsOf(site.id)
    expect(after.items.map((v) => [v.action, v.live, v.can_rollback])).toEqual([
      ['rollback', true, false],
      ['publish', false, true],
      ['publish', false, false],
    ])
    // Back to the second: the same one-click, the page follows.
    const again = await http.post(
      `/site/${site.id}/versions/${after.items[1]!.id}/rollback`,
      { version: version + 1 },
      { token },
    )
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect((await edge(site.host, '/')).text).toContain('二回目の公開')
  })

  it('refuses a stale version, the live version, an unknown one, another tenant and a site not served', async () => {
    const site = await createSite()
    await saveAndPublish(site, { a1: '最初の公開' })
    const version = await saveAndPublish(site, { a1: '二回目の公開' })
    const { items } = await versionsOf(site.id)
    const [live, first] = items
    const rollback = (id: string, v: number, as = token) =>
      http.post(`/site/${site.id}/versions/${id}/rollback`, { version: v }, { token: as })

    const stale = await rollback(first!.id as string, version - 1)
    expect([stale.status, stale.body.error.code]).toEqual([409, 'error.conflict'])
    const same = await rollback(live!.id as string, version)
    expect([same.status, same.body.error.code]).toEqual([400, 'version.live'])
    expect(same.body.error.message).toBe('このバージョンはすでに公開中です。')
    expect((await rollback('20200101T000000000Z-00000000', version)).status).toBe(404)
    expect((await rollback(first!.id as string, version, other)).status).toBe(404)
    // Nothing changed: still the second text, still two versions.
    expect((await edge(site.host, '/')).text).toContain('二回目の公開')
    expect((await versionsOf(site.id)).items).toHaveLength(2)

    // A rollback and a save from the same version: one wins, the other gets 409.
    const current = await http.get(`/site/${site.id}`, { token })
    const [rolled, saved] = await Promise.all([
      rollback(first!.id as string, version),
      http.call('PUT', `/site/${site.id}`, {
        token,
        body: { version, global_setting: current.body.global_setting, creatives: current.body.creatives },
      }),
    ])
    expect([rolled.status, saved.status].sort()).toEqual([200, 409])

    // A draft site is not served: nothing to roll back.
    const now = await http.get(`/site/${site.id}`, { token })
    const draft = await http.post(
      `/site/${site.id}/status`,
      { action: 'draft', version: now.body.version },
      { token },
    )
    expect(draft.status).toBe(200)
    const unserved = await rollback(first!.id as string, draft.body.version)
    expect([unserved.status, unserved.body.error.code]).toEqual([400, 'version.notPublished'])
  })

  it('compares two versions: what differs, and what each rendered with its media', async () => {
    const site = await createSite()
    await saveAndPublish(site, { a1: '最初の公開' })
    await saveAndPublish(site, { a1: '二回目の公開', enA1: 'third', b1: '三回目' })
    const [second, first] = (await versionsOf(site.id)).items
    const compare = (from: string, to: string, as = token) =>
      http.get(`/site/${site.id}/versions/${from}/compare?with=${encodeURIComponent(to)}`, { token: as })

    const answer = await compare(first!.id as string, second!.id as string)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('private, no-store')
    expect(answer.body.changes).toEqual({
      cells: ['EN:A1', 'JP:A1', 'JP:A2'],
      languages: ['JP', 'EN'],
      global_fields: [],
      menus: [],
      settings: [],
    })
    expect(answer.body.from.version).toEqual(first)
    expect(answer.body.to.version).toEqual(second)
    const text = (side: 'from' | 'to', lang: string, position: string) =>
      answer.body[side].content.creatives.find(
        (c: { lang: string; position: string }) => c.lang === lang && c.position === position,
      ).main_text
    expect([text('from', 'JP', 'A1'), text('to', 'JP', 'A1'), text('to', 'EN', 'A1')]).toEqual([
      '最初の公開',
      '二回目の公開',
      'third',
    ])
    expect(answer.body.from.content.site).toMatchObject({ name: '履歴テスト', languages: ['JP', 'EN'] })
    // Each media key the content names has a URL that serves its stored bytes.
    const media = answer.body.from.media as Array<{ key: string; url: string }>
    expect(media.map((m) => m.key).sort()).toEqual([...site.keys].sort())
    const image = await fetch(media[0]!.url)
    expect(image.status).toBe(200)
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0)

    // Unknown versions and other tenants' sites are not found; `with` is required.
    expect((await compare(first!.id as string, '20200101T000000000Z-00000000')).status).toBe(404)
    expect((await compare(first!.id as string, second!.id as string, other)).status).toBe(404)
    const missing = await http.get(`/site/${site.id}/versions/${first!.id}/compare`, { token })
    expect(missing.status).toBe(400)
    const itself = await compare(first!.id as string, first!.id as string)
    expect([itself.status, itself.body.error.message]).toEqual([
      400,
      '比較するには、異なる2つのバージョンを選んでください。',
    ])
  })

  it('restores the draft from a version as a save; the live site waits for the next publish', async () => {
    const site = await createSite()
    await saveAndPublish(site, { a1: '最初の公開' })
    const version = await saveAndPublish(site, { a1: '二回目の公開' })
    const [, first] = (await versionsOf(site.id)).items
    const restore = (id: string, v: number, as = token) =>
      http.post(`/site/${site.id}/versions/${id}/restore`, { version: v }, { token: as })
    const jpA1 = (body: { creatives: Array<{ lang: string; position: string; main_text?: string }> }) =>
      body.creatives.find((c) => c.lang === 'JP' && c.position === 'A1')?.main_text

    expect((await restore(first!.id as string, version, other)).status).toBe(404)
    const stale = await restore(first!.id as string, version - 1)
    expect([stale.status, stale.body.error.code]).toEqual([409, 'error.conflict'])

    const answer = await restore(first!.id as string, version)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.message).toBe(
      '下書きを選んだバージョンの内容に戻しました。公開するまでサイトは変わりません。',
    )
    expect(answer.body.version).toBe(version + 1)
    expect(jpA1(answer.body)).toBe('最初の公開')
    expect(answer.body.global_setting).toMatchObject({ status: 'PUBLISH', unpublished_changes: true })
    // What was stored is the version's content; the live page and the history are unchanged.
    const loaded = await http.get(`/site/${site.id}`, { token })
    expect(loaded.body.version).toBe(version + 1)
    expect(jpA1(loaded.body)).toBe('最初の公開')
    expect(loaded.body.creatives).toHaveLength(4)
    expect((await edge(site.host, '/')).text).toContain('二回目の公開')
    expect((await versionsOf(site.id)).items).toHaveLength(2)

    // A restore and a save from the same version: one wins, the other gets 409.
    const [restored, saved] = await Promise.all([
      restore(first!.id as string, version + 1),
      http.call('PUT', `/site/${site.id}`, {
        token,
        body: {
          version: version + 1,
          global_setting: loaded.body.global_setting,
          creatives: loaded.body.creatives,
        },
      }),
    ])
    expect([restored.status, saved.status].sort()).toEqual([200, 409])
  })

  it('refuses whole a version that today’s rules do not accept, changing nothing', async () => {
    const site = await createSite()
    await saveAndPublish(site, { a1: '最初の公開' })
    const version = await saveAndPublish(site, { a1: '二回目の公開' })
    const [, first] = (await versionsOf(site.id)).items
    // A publish's version id is its release's: its content sits beside the release.
    const key = `sites/${site.id}/${first!.id}.content.json`
    const stored = await s3.send(new GetObjectCommand({ Bucket: sitesBucket, Key: key }))
    const content = JSON.parse(await stored.Body!.transformToString())
    content.site.name = 'あ'.repeat(500)
    await s3.send(new PutObjectCommand({ Bucket: sitesBucket, Key: key, Body: JSON.stringify(content) }))

    const answer = await http.post(`/site/${site.id}/versions/${first!.id}/restore`, { version }, { token })
    expect([answer.status, answer.body.error.code, answer.body.error.message]).toEqual([
      400,
      'version.notRestorable',
      'このバージョンは現在の入力ルールに合わない項目があるため、下書きに戻せません。',
    ])
    const loaded = await http.get(`/site/${site.id}`, { token })
    expect(loaded.body.version).toBe(version)
    expect(loaded.body.global_setting.name).toBe('履歴テスト')
  })
})
