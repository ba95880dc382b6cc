import { beforeAll, describe, expect, it } from 'vitest'
import { creatorToken } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { livePage } from '../support/edge.ts'
import { useStackEnv } from '../support/env.ts'
import { confirmedKeys, storeMedia } from '../support/uploads.ts'

/**
 * Saved is not live (docs/decisions/0015-site-editor.md "Saved is not live: live state, save actions and
 * their toasts"): the site view says which version the public site shows and whether what is saved differs
 * from it, through the gateway, and the public site itself changes only on a publish.
 */
const { urls } = useStackEnv()
const http = api(urls.api)

const storedSite = async (siteId: string) => {
  const { Sites } = await import('../../functions/src/data/sites.ts')
  return (await Sites.get({ siteId }).go({ consistent: true })).data
}

interface LiveSite {
  id: string
  version: number
  media: string
}

describe('saved versus live', () => {
  let token: string

  beforeAll(async () => {
    token = await creatorToken(http, 'pro_multi')
  })

  const create = async (): Promise<LiveSite> => {
    const created = await http.post(
      '/site',
      { name: '公開状態テスト', number_horizontal: 1, number_vertical: 1, languages: ['JP'] },
      { token },
    )
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.global_setting.id as string
    const [media] = await confirmedKeys(id, ['jpg'])
    await storeMedia([media!])
    return { id, version: created.body.version, media: media! }
  }

  /** The editor's save of the one-cell site with `text` on A1; answers the site view. */
  const save = async (site: LiveSite, text: string) => {
    const response = await http.call('PUT', `/site/${site.id}`, {
      token,
      body: {
        version: site.version,
        global_setting: {
          id: site.id,
          name: '公開状態テスト',
          number_horizontal: 1,
          number_vertical: 1,
          view_mode: 'MOBILE',
          default_language: 'JP',
          languages: ['JP'],
          display_language_icon: false,
          display_global_menu: true,
          popup_ctas: [],
        },
        creatives: [
          { lang: 'JP', position: 'A1', media_key: site.media, media_type: 'image', main_text: text },
        ],
      },
    })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    site.version = response.body.version
    return response.body
  }

  const setStatus = async (site: LiveSite, action: 'publish' | 'private' | 'draft') => {
    const response = await http.post(`/site/${site.id}/status`, { action, version: site.version }, { token })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    site.version = response.body.version
    return response.body
  }

  const liveState = (body: { global_setting: Record<string, unknown> }) => ({
    status: body.global_setting.status,
    published_version: body.global_setting.published_version,
    unpublished_changes: body.global_setting.unpublished_changes,
  })

  it('a fresh site is not live; a publish makes the saved version live; a save after it is an unpublished change until the next publish', async () => {
    const site = await create()
    const fresh = await http.get(`/site/${site.id}`, { token })
    expect(liveState(fresh.body)).toEqual({
      status: 'DRAFT',
      published_version: null,
      unpublished_changes: false,
    })
    expect(liveState(await save(site, '最初の文章'))).toEqual({
      status: 'DRAFT',
      published_version: null,
      unpublished_changes: false,
    })

    const published = await setStatus(site, 'publish')
    expect(site.version).toBe(3)
    expect(liveState(published)).toEqual({
      status: 'PUBLISH',
      published_version: 3,
      unpublished_changes: false,
    })
    const url = published.global_setting.url as string
    expect((await livePage(urls.edge, url)).text).toContain('最初の文章')
    const release = (await storedSite(site.id))?.releaseId
    expect(release).toMatch(/\S/)

    // A save of a published site: stored, but the public site and its release stay as published.
    const changed = await save(site, '二番目の文章')
    expect(liveState(changed)).toEqual({ status: 'PUBLISH', published_version: 3, unpublished_changes: true })
    expect(changed.creatives[0].main_text).toBe('二番目の文章')
    const loaded = await http.get(`/site/${site.id}`, { token })
    expect(loaded.body.version).toBe(4)
    expect(liveState(loaded.body)).toEqual({
      status: 'PUBLISH',
      published_version: 3,
      unpublished_changes: true,
    })
    const stored = await storedSite(site.id)
    expect({ releaseId: stored?.releaseId, publishedVersion: stored?.publishedVersion }).toEqual({
      releaseId: release,
      publishedVersion: 3,
    })
    const live = await livePage(urls.edge, url)
    expect(live.text).toContain('最初の文章')
    expect(live.text).not.toContain('二番目の文章')

    // Publishing again brings the live site up to what is saved.
    const republished = await setStatus(site, 'publish')
    expect(liveState(republished)).toEqual({
      status: 'PUBLISH',
      published_version: 5,
      unpublished_changes: false,
    })
    expect((await storedSite(site.id))?.releaseId).not.toBe(release)
    expect((await livePage(urls.edge, url)).text).toContain('二番目の文章')
  })

  it('a save that changes nothing keeps the live site current; one that changes anything does not', async () => {
    const site = await create()
    await save(site, '同じ文章')
    await setStatus(site, 'publish')
    const same = await save(site, '同じ文章')
    expect(site.version).toBe(4)
    expect(liveState(same)).toEqual({ status: 'PUBLISH', published_version: 4, unpublished_changes: false })
    expect(liveState(await save(site, '変えた文章'))).toEqual({
      status: 'PUBLISH',
      published_version: 4,
      unpublished_changes: true,
    })
    // Saving the published text again changes the stored site back, but the version it carries is
    // not the published one: only a publish says the live site matches again.
    expect(liveState(await save(site, '同じ文章'))).toEqual({
      status: 'PUBLISH',
      published_version: 4,
      unpublished_changes: true,
    })
  })

  it('a draft or private site is not live: no published version and no unpublished changes', async () => {
    const site = await create()
    await save(site, '文章')
    await setStatus(site, 'publish')
    await save(site, '変更')
    const drafted = await setStatus(site, 'draft')
    expect(liveState(drafted)).toEqual({
      status: 'DRAFT',
      published_version: null,
      unpublished_changes: false,
    })
    expect((await storedSite(site.id))?.publishedVersion).toBeUndefined()
    await setStatus(site, 'publish')
    const privateSite = await setStatus(site, 'private')
    expect(liveState(privateSite)).toEqual({
      status: 'PRIVATE',
      published_version: null,
      unpublished_changes: false,
    })
    expect(liveState(await save(site, 'さらに変更'))).toEqual({
      status: 'PRIVATE',
      published_version: null,
      unpublished_changes: false,
    })
  })

  it('a site published before versions were recorded counts its saved state as unpublished until it is published again', async () => {
    const site = await create()
    await save(site, '文章')
    await setStatus(site, 'publish')
    const { Sites } = await import('../../functions/src/data/sites.ts')
    await Sites.patch({ siteId: site.id }).remove(['publishedVersion']).go()
    const loaded = await http.get(`/site/${site.id}`, { token })
    expect(liveState(loaded.body)).toEqual({
      status: 'PUBLISH',
      published_version: null,
      unpublished_changes: true,
    })
    site.version = loaded.body.version
    expect(liveState(await setStatus(site, 'publish'))).toEqual({
      status: 'PUBLISH',
      published_version: site.version,
      unpublished_changes: false,
    })
  })
})
