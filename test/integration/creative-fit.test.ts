import { beforeAll, describe, expect, it } from 'vitest'
import { creatorToken } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { useStackEnv } from '../support/env.ts'

/**
 * The creative fit on phones (issue 15 #10, docs/decisions/0024-creative-frame-on-phones.md): an
 * optional global-setting field. A site that never chose answers null (the visitor page uses the
 * default, FILL); FIT and FILL save through PUT /site/{id}; sending none clears the choice; any
 * other value is refused and nothing is written.
 */

const { urls } = useStackEnv()
const http = api(urls.api)

describe('creative fit (PUT /site/{id} global_setting.creative_fit)', () => {
  let token: string
  let siteId: string

  const load = async () => {
    const response = await http.get(`/site/${siteId}`, { token })
    expect(response.status).toBe(200)
    return response.body
  }

  const save = (site: Record<string, unknown>, creativeFit: unknown) =>
    http.call('PUT', `/site/${siteId}`, {
      token,
      body: {
        version: site.version,
        global_setting: { ...(site.global_setting as object), creative_fit: creativeFit },
      },
    })

  beforeAll(async () => {
    token = await creatorToken(http)
    const created = await http.post(
      '/site',
      { name: '画面いっぱいサイト', number_horizontal: 1, number_vertical: 1, languages: ['JP'] },
      { token },
    )
    expect(created.status).toBe(201)
    siteId = created.body.global_setting.id
  })

  it('answers null for a new site, stores FIT and FILL, and clears the choice when none is sent', async () => {
    const fresh = await load()
    expect(fresh.global_setting.creative_fit).toBeNull()

    const fit = await save(fresh, 'FIT')
    expect(fit.status, JSON.stringify(fit.body).slice(0, 500)).toBe(200)
    expect(fit.body.global_setting.creative_fit).toBe('FIT')
    expect((await load()).global_setting.creative_fit).toBe('FIT')

    const fill = await save(await load(), 'FILL')
    expect(fill.status).toBe(200)
    expect((await load()).global_setting.creative_fit).toBe('FILL')

    const cleared = await save(await load(), null)
    expect(cleared.status).toBe(200)
    const after = await load()
    expect(after.global_setting.creative_fit).toBeNull()
    expect(after.version).toBe(fresh.version + 3)
  })

  it('refuses an unknown fit and writes nothing', async () => {
    const before = await load()
    const refused = await save(before, 'COVER')
    expect(refused.status).toBe(400)
    expect(refused.body.error.code).toBe('error.validation')
    expect(refused.body.error.details).toEqual([
      expect.objectContaining({ path: 'body.globalSetting.creativeFit', code: 'validation.invalid' }),
    ])
    const after = await load()
    expect(after.version).toBe(before.version)
    expect(after.global_setting.creative_fit).toBe(before.global_setting.creative_fit)
  })
})
