import { randomUUID } from 'node:crypto'
import { translate } from '@swipe/shared'
import { SITE_SCHEMA_VERSION } from '@swipe/shared/site/model-defaults'
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { creatorToken } from '../support/accounts.ts'
import { api } from '../support/api.ts'
import { useStackEnv } from '../support/env.ts'
import { confirmedKeys, storeMedia } from '../support/uploads.ts'
import { publishVisitorSite, type VisitorSite, visitorCall } from '../support/visitor-site.ts'

/**
 * Versioned stored data (issue 13, item 6; docs/decisions/0004-site-model.md): documents stored before
 * versions existed are read through the migrations, a document that still fails the model is a 500
 * `error.storedData` (never defaults) and stays as stored, and list rows and deletion do not read documents
 * at all.
 */

const { urls } = useStackEnv()
const http = api(urls.api)

type Item = Record<string, unknown>

const dynamo = async () => {
  const { documentClient, tableName } = await import('../../functions/src/platform/services/dynamo.ts')
  const { GetCommand, PutCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb')
  return { documentClient, tableName, GetCommand, PutCommand, UpdateCommand }
}
const entities = () => import('../../functions/src/data/sites.ts')

/** The table key of an entity's item, as ElectroDB builds it. */
const keyOf = (operation: { params: () => unknown }) => (operation.params() as { Key: Item }).Key

/** The raw item under a key, straight from the table (no entity, no model). */
const rawItem = async (key: Item): Promise<Item | undefined> => {
  const { documentClient, tableName, GetCommand } = await dynamo()
  return (await documentClient.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true })))
    .Item
}

/** Writes an item as it is, past the entities' checks: what an older writer (or a bug) left. */
const putRaw = async (item: Item) => {
  const { documentClient, tableName, PutCommand } = await dynamo()
  await documentClient.send(new PutCommand({ TableName: tableName, Item: item }))
}

/** Sets one attribute of a stored item to a value the entity would never write. */
const setRaw = async (key: Item, field: string, value: unknown) => {
  const { documentClient, tableName, UpdateCommand } = await dynamo()
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName,
      Key: key,
      UpdateExpression: 'SET #f = :v',
      ExpressionAttributeNames: { '#f': field },
      ExpressionAttributeValues: { ':v': value },
      ConditionExpression: 'attribute_exists(pk)',
    }),
  )
}

const siteKey = async (siteId: string) => keyOf((await entities()).Sites.get({ siteId }))
const creativeKey = async (siteId: string, lang: 'JP' | 'EN', position: string, gridGeneration: number) =>
  keyOf((await entities()).Creatives.get({ siteId, lang, position, gridGeneration }))
const settingsKey = async (siteId: string, lang: 'JP' | 'EN') =>
  keyOf((await entities()).SiteSettings.get({ siteId, lang }))

/** The stored creative of a cell under the site's current generation. */
const storedCreative = async (siteId: string, lang: 'JP' | 'EN', position: string) => {
  const site = await rawItem(await siteKey(siteId))
  return rawItem(await creativeKey(siteId, lang, position, site!.gridGeneration as number))
}

const storedDataError = (locale: 'ja' | 'en') => ({
  error: { code: 'error.storedData', message: translate(locale, 'error.storedData') },
})

describe('documents stored before versions existed', () => {
  let token: string

  beforeAll(async () => {
    token = await creatorToken(http, 'pro_multi')
  })

  it('are read through the migrations, and a save stores them under the current version', async () => {
    const created = await http.post(
      '/site',
      { name: '旧データのサイト', number_horizontal: 2, number_vertical: 1, languages: ['JP'] },
      { token },
    )
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const siteId = created.body.global_setting.id as string
    const [a1Media, productMedia] = await confirmedKeys(siteId, ['jpg', 'png'])
    await storeMedia([a1Media!, productMedia!])

    // The Site item as version 1 wrote it: no schemaVersion, nulls for cleared values, a popup
    // CTA saved before CTAs had a display position.
    const key = await siteKey(siteId)
    const current = (await rawItem(key))!
    expect(current.schemaVersion).toBe(SITE_SCHEMA_VERSION)
    const { schemaVersion: _dropped, ...rest } = current
    await putRaw({
      ...rest,
      logoKey: null,
      speakerColor: null,
      popupCtas: [
        {
          kind: 'TIME_LIMIT',
          isInternalLink: false,
          linkUrl: 'https://example.com/old-cta',
          content: '旧キャンペーン',
          linkButtonColor: '#123456',
          linkTextColor: '#FFFFFF',
          imageUrl: null,
          startDate: '2026-01-01T00:00:00+09:00',
          endDate: '2026-01-31T00:00:00+09:00',
          showRemainingTime: true,
          showRemainingSlots: false,
          effectiveSheets: [1],
          animation: 'PULSE',
        },
      ],
    })
    // A creative as version 1 wrote it: ElectroDB's own fields and keys, no schemaVersion, nulls
    // inside products and link points.
    const { Creatives } = await entities()
    const { Item: creative } = Creatives.put({
      siteId,
      lang: 'JP',
      position: 'A1',
      gridGeneration: current.gridGeneration as number,
      order: 1,
      mediaKey: a1Media!,
      mediaType: 'image',
      mainText: '旧本文',
    }).params() as { Item: Item }
    const { schemaVersion: _none, ...v1Creative } = creative
    await putRaw({
      ...v1Creative,
      price: null,
      priceTextColor: null,
      products: [{ id: 'old', productName: '旧商品', imagePath: productMedia!, price: 500, textColor: null }],
      imageLinkPoints: [{ x: 10, y: 20, linkUrl: null, isInternalLink: false }],
    })
    expect((await storedCreative(siteId, 'JP', 'A1'))?.schemaVersion).toBeUndefined()

    const loaded = await http.get(`/site/${siteId}`, { token })
    expect(loaded.status, JSON.stringify(loaded.body)).toBe(200)
    expect(loaded.body.global_setting).toMatchObject({
      id: siteId,
      name: '旧データのサイト',
      logo_key: null,
      speaker_color: null,
      popup_ctas: [
        {
          kind: 'TIME_LIMIT',
          is_internal_link: false,
          link_url: 'https://example.com/old-cta',
          // The one text, now the default language's (step 2 → 3).
          localized: [{ lang: 'JP', content: '旧キャンペーン' }],
          link_button_color: '#123456',
          link_text_color: '#FFFFFF',
          start_date: '2026-01-01T00:00:00+09:00',
          end_date: '2026-01-31T00:00:00+09:00',
          show_remaining_time: true,
          show_remaining_slots: false,
          effective_sheets: [1],
          animation: 'PULSE',
          // Where the page showed CTAs before they had a position (step 1 → 2).
          display_position: 'BOTTOM',
        },
      ],
    })
    expect(loaded.body.global_setting.popup_ctas[0]).not.toHaveProperty('image_url')
    expect(loaded.body.global_setting.popup_ctas[0]).not.toHaveProperty('content')
    expect(loaded.body.creatives).toHaveLength(1)
    expect(loaded.body.creatives[0]).toMatchObject({
      lang: 'JP',
      position: 'A1',
      order: 1,
      media_key: a1Media,
      media_type: 'image',
      main_text: '旧本文',
      price: null,
      price_text_color: null,
      // The model's defaults for what version 1 left out.
      link_button_color: '#99D52A',
      link_text_color: '#FFFFFF',
      hover_arrow_color: '#FFFFFF',
      members_only_lock: false,
      image_link_points: [{ x: 10, y: 20, is_internal_link: false }],
    })
    expect(loaded.body.creatives[0].products).toEqual([
      expect.objectContaining({ id: 'old', product_name: '旧商品', image_path: productMedia, price: 500 }),
    ])
    expect(loaded.body.creatives[0].products[0]).not.toHaveProperty('text_color')
    expect(loaded.body.media.map((m: { key: string }) => m.key)).toEqual([a1Media, productMedia])

    // The editor sends the loaded site back with one text edited.
    const saved = await http.call('PUT', `/site/${siteId}`, {
      token,
      body: {
        version: loaded.body.version,
        global_setting: loaded.body.global_setting,
        creatives: [{ ...loaded.body.creatives[0], main_text: '新本文' }],
      },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.global_setting.popup_ctas).toEqual(loaded.body.global_setting.popup_ctas)
    expect(saved.body.creatives).toEqual([{ ...loaded.body.creatives[0], main_text: '新本文' }])

    const site = (await rawItem(key))!
    expect(site.schemaVersion).toBe(SITE_SCHEMA_VERSION)
    expect(site.version).toBe(loaded.body.version + 1)
    // Cleared values are removed, not stored as null; the CTA is stored with its position.
    expect(site).not.toHaveProperty('logoKey')
    expect(site).not.toHaveProperty('speakerColor')
    expect(site.popupCtas).toEqual([
      expect.objectContaining({
        displayPosition: 'BOTTOM',
        localized: [{ lang: 'JP', content: '旧キャンペーン' }],
      }),
    ])
    expect((site.popupCtas as Item[])[0]).not.toHaveProperty('imageUrl')
    expect((site.popupCtas as Item[])[0]).not.toHaveProperty('content')
    const a1 = (await storedCreative(siteId, 'JP', 'A1'))!
    expect(a1).toMatchObject({ schemaVersion: SITE_SCHEMA_VERSION, mainText: '新本文' })
    expect(a1).not.toHaveProperty('price')
    expect(a1.products).toEqual([expect.not.objectContaining({ textColor: null })])
    expect(JSON.stringify(a1)).not.toContain('null')
  })
})

describe('a stored document today’s model refuses', () => {
  let token: string
  let broken: VisitorSite
  let formsBroken: VisitorSite
  /** A value that must never reach a log line or an answer. */
  const BAD_PRICE = `price-${randomUUID()}`
  /** The generation the broken site's creatives are keyed under. */
  let generation: number

  beforeAll(async () => {
    token = await creatorToken(http, 'pro_multi')
    ;[broken, formsBroken] = await Promise.all([
      publishVisitorSite(http, token),
      publishVisitorSite(http, token),
    ])
    // A wrong type: a creative's price stored as text.
    const a1 = await storedCreative(broken.siteId, 'JP', 'A1')
    expect(a1?.schemaVersion).toBe(SITE_SCHEMA_VERSION)
    generation = a1!.gridGeneration as number
    await setRaw(await creativeKey(broken.siteId, 'JP', 'A1', generation), 'price', BAD_PRICE)
  })

  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('answers the editor’s load 500 error.storedData in the caller’s language, and changes nothing', async () => {
    const before = await storedCreative(broken.siteId, 'JP', 'A1')
    const ja = await http.get(`/site/${broken.siteId}`, { token })
    expect(ja.status).toBe(500)
    expect(ja.body).toEqual(storedDataError('ja'))
    const en = await http.get(`/site/${broken.siteId}`, { token, lang: 'en' })
    expect(en.status).toBe(500)
    expect(en.body).toEqual(storedDataError('en'))
    expect(JSON.stringify([ja.body, en.body])).not.toContain(BAD_PRICE)
    // The item is as it was: nothing rewritten, nothing replaced by defaults.
    const after = await storedCreative(broken.siteId, 'JP', 'A1')
    expect(after).toEqual(before)
    expect(after?.price).toBe(BAD_PRICE)
  })

  it('answers the visitor’s page read the same error, not defaults', async () => {
    for (const lang of ['JP', 'EN']) {
      const answer = await visitorCall(urls.api, 'GET', `/end-user/site/${broken.siteId}?lang=${lang}`)
      expect(answer.status).toBe(500)
      expect(answer.body).toEqual(storedDataError(lang === 'JP' ? 'ja' : 'en'))
    }
    const page = await visitorCall(urls.api, 'GET', `/end-user/site/${broken.siteId}/page/1/public?lang=JP`)
    expect(page.status).toBe(500)
    expect(page.body).toEqual(storedDataError('ja'))
    // The site's own other reads that do not touch the broken creative still answer.
    const contact = await visitorCall(
      urls.api,
      'GET',
      `/end-user/site/${broken.siteId}/contact-setting?lang=JP`,
    )
    expect(contact.status).toBe(200)
    expect(contact.body.enabled).toBe(true)
  })

  it('logs one line naming the site, the document and the failing path, never the value', async () => {
    // The handler runs in this worker, against the same emulators, so its log lines can be read.
    const { handler } = await import('../../functions/src/endUser/site.ts')
    const lines: string[] = []
    const capture = (chunk: unknown) => {
      lines.push(String(chunk))
      return true
    }
    vi.spyOn(process.stdout, 'write').mockImplementation(capture)
    vi.spyOn(process.stderr, 'write').mockImplementation(capture)
    const requestId = randomUUID()
    const path = `/api/v1/end-user/site/${broken.siteId}`
    const event = {
      version: '2.0',
      routeKey: 'GET /api/v1/end-user/site/{siteId}',
      rawPath: path,
      rawQueryString: 'lang=JP',
      headers: {},
      queryStringParameters: { lang: 'JP' },
      pathParameters: { siteId: broken.siteId },
      requestContext: { http: { method: 'GET', path, sourceIp: '127.0.0.1' }, requestId },
      isBase64Encoded: false,
    } as unknown as APIGatewayProxyEventV2
    const result = (await handler(event, {} as Context)) as { statusCode: number; body: string }
    vi.restoreAllMocks()
    expect(result.statusCode).toBe(500)
    expect(JSON.parse(result.body)).toEqual(storedDataError('ja'))
    const entries = lines
      .flatMap((line) => line.split('\n'))
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as Item)
    expect(entries).toEqual([
      expect.objectContaining({
        level: 'ERROR',
        message: 'Stored site document unreadable',
        requestId,
        siteId: broken.siteId,
        kind: 'creative',
        lang: 'JP',
        position: 'A1',
        storedVersion: SITE_SCHEMA_VERSION,
        reason: 'invalid',
        issues: [{ path: 'price', code: expect.any(String) }],
      }),
    ])
    expect(lines.join('')).not.toContain(BAD_PRICE)
  })

  it('keeps the site in the list and lets it be deleted, even with its Site item broken too', async () => {
    // The global setting itself fails the model now (a colour stored as a number).
    await setRaw(await siteKey(broken.siteId), 'speakerColor', 42)
    const load = await http.get(`/site/${broken.siteId}`, { token })
    expect(load.status).toBe(500)
    expect(load.body).toEqual(storedDataError('ja'))

    const list = await http.get(`/site?name=${encodeURIComponent('フォームのテスト')}`, { token })
    expect(list.status, JSON.stringify(list.body)).toBe(200)
    const row = list.body.items.find((s: { id: string }) => s.id === broken.siteId)
    expect(row).toMatchObject({
      id: broken.siteId,
      name: 'フォームのテスト',
      status: 'PUBLISH',
      number_horizontal: 1,
      number_vertical: 2,
      languages: ['JP', 'EN'],
    })

    const removed = await http.call('DELETE', `/site/${broken.siteId}?version=${row.version}`, { token })
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    expect(removed.body).toEqual({ message: translate('ja', 'site.deleted') })
    const { sitesService } = await entities()
    const left = (await sitesService.collections.siteItems({ siteId: broken.siteId }).go({ pages: 'all' }))
      .data
    expect(left).toEqual({ sites: [], creatives: [], menus: [], settings: [] })
    expect(await rawItem(await creativeKey(broken.siteId, 'JP', 'A1', generation))).toBeUndefined()
    const gone = await http.get(`/site/${broken.siteId}`, { token })
    expect(gone.status).toBe(404)
    const visitor = await visitorCall(urls.api, 'GET', `/end-user/site/${broken.siteId}?lang=JP`)
    expect(visitor.status).toBe(404)
  })

  it('answers the visitor form settings the error, not disabled forms', async () => {
    // Stored forms whose contact switch is text: today's schema refuses it.
    const key = await settingsKey(formsBroken.siteId, 'JP')
    const stored = (await rawItem(key))!
    expect(stored.schemaVersion).toBe(SITE_SCHEMA_VERSION)
    const forms = stored.forms as { contact: Item }
    await setRaw(key, 'forms', { ...forms, contact: { ...forms.contact, enabled: 'yes' } })
    const before = await rawItem(key)

    for (const form of ['contact', 'membership', 'homepage']) {
      const ja = await visitorCall(
        urls.api,
        'GET',
        `/end-user/site/${formsBroken.siteId}/${form}-setting?lang=JP`,
      )
      expect(ja.status, `${form}: ${JSON.stringify(ja.body)}`).toBe(500)
      expect(ja.body).toEqual(storedDataError('ja'))
    }
    const en = await visitorCall(
      urls.api,
      'GET',
      `/end-user/site/${formsBroken.siteId}/contact-setting?lang=JP`,
      {
        lang: 'en',
      },
    )
    expect(en.status).toBe(500)
    expect(en.body).toEqual(storedDataError('en'))
    // A form POST is refused the same way: nothing is taken as if the form were switched off.
    const post = await visitorCall(urls.api, 'POST', `/end-user/site/${formsBroken.siteId}/contact`, {
      body: { lang: 'JP', data: { email: 'visitor@example.com', company: 'x', topic: 'Sales' } },
    })
    expect(post.status).toBe(500)
    expect(post.body).toEqual(storedDataError('ja'))
    // The other language's forms were stored in line with the model and still answer.
    const other = await visitorCall(
      urls.api,
      'GET',
      `/end-user/site/${formsBroken.siteId}/contact-setting?lang=EN`,
    )
    expect(other.status).toBe(200)
    expect(other.body).toMatchObject({ lang: 'EN', enabled: true })
    expect(await rawItem(key)).toEqual(before)
  })
})
