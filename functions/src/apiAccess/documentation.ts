import { siteApiDocument } from '@swipe/shared/contract/documents'
import type { SiteApiAuthMethod, SiteApiTag } from '@swipe/shared/schemas/site-api'

/**
 * The site API's documentation (issue 21): the OpenAPI 3.1 document of the `siteApi` routes,
 * generated from the contract like the product's own (shared/src/contract/openapi.ts), then
 * made the site's: its server is the site's origin, the `{siteId}` is filled in, only the site's
 * auth method is listed, and every operation carries a curl example. Markdown and HTML are
 * rendered from that document, in Japanese or English.
 */

export type DocLang = 'ja' | 'en'

interface DocSite {
  siteId: string
  name: string
  /** `https://…/api/v1/open/site/{siteId}`. */
  baseUrl: string
  authMethod: SiteApiAuthMethod
  basicId: string | null
}

const TEXT = {
  ja: {
    title: (name: string) => `${name} サイト API`,
    intro:
      'このサイトの会員、お問い合わせ、フォーム送信、効果測定、公開コンテンツを読み取る API です（読み取り専用）。レスポンスは JSON（キーは snake_case）、エラーは共通の形式 {"error": {"code", "message", "details"}} です。',
    auth: '認証',
    authKey:
      'API キーを Authorization ヘッダーで送ります: `Authorization: Bearer slp_live_…`。キーは発行時に一度だけ表示されます。漏えいした場合はコンソールで無効化またはローテーションしてください。',
    authBasic: (id: string) =>
      `Basic 認証です: \`Authorization: Basic base64(ID:パスワード)\`（ID: ${id}）。パスワードは設定時に一度だけ表示されます。`,
    authIp:
      '許可した IP アドレス（または CIDR 範囲）からのリクエストだけを受け付けます。ヘッダーは不要です。',
    limits:
      '1 分あたり 60 リクエストまで（キーごと。Basic 認証と IP 制限ではサイトごと）。超えると 429 と Retry-After ヘッダーを返します。認証情報がない・正しくない・別サイトのキー・許可外のアドレスはどれも同じ 401 です。失敗が 15 分間に 30 回を超えた接続元アドレスは、その間 429 になります。正しい認証情報で API が無効なら 403 です。',
    endpoints: 'エンドポイント',
    parameters: 'パラメーター',
    example: 'リクエスト例',
    response: 'レスポンスの主な項目',
    pages: '一覧は新しい順で、`cursor` が返ったときは次のリクエストの `cursor` に渡すと続きを取得できます。',
    required: '（必須）',
    param: {
      email: 'メールアドレスで絞り込み（部分一致）',
      from: '期間の開始日（YYYY-MM-DD、日本時間）',
      to: '期間の終了日（YYYY-MM-DD、日本時間）',
      status: '会員の状態で絞り込み',
      cursor: '前のレスポンスが返した続きの位置',
      limit: '1 回に返す件数',
      lang: '言語（ja、en、zh、ko）',
    } as Record<string, string>,
    tag: {
      members: '会員',
      contacts: 'お問い合わせ',
      forms: 'フォーム送信',
      analytics: '効果測定',
      content: '公開コンテンツ',
    } satisfies Record<SiteApiTag, string>,
  },
  en: {
    title: (name: string) => `${name} site API`,
    intro:
      'Read this site\'s members, contact messages, form submissions, analytics and published content (read-only). Answers are JSON with snake_case keys; errors share one envelope, {"error": {"code", "message", "details"}}.',
    auth: 'Authentication',
    authKey:
      'Send an API key in the Authorization header: `Authorization: Bearer slp_live_…`. A key is shown once, when it is issued. If one leaks, revoke or rotate it in the console.',
    authBasic: (id: string) =>
      `Basic authentication: \`Authorization: Basic base64(ID:password)\` (ID: ${id}). The password is shown once, when it is set.`,
    authIp: 'Only requests from the allowed IP addresses (or CIDR ranges) are answered. No header is needed.',
    limits:
      'At most 60 requests a minute (per key; per site for basic and IP access); past that, 429 with a Retry-After header. A missing or wrong credential, a key of another site and an address outside the list all get the same 401; an address with more than 30 failures in 15 minutes gets 429 until the window ends. With valid credentials, a disabled API is 403.',
    endpoints: 'Endpoints',
    parameters: 'Parameters',
    example: 'Example request',
    response: 'Main fields of the answer',
    pages:
      'Lists are newest first; when an answer carries `cursor`, pass it as `cursor` to get the next page.',
    required: ' (required)',
    param: {
      email: 'Filter by email address (partial match)',
      from: 'First day of the period (YYYY-MM-DD, JST)',
      to: 'Last day of the period (YYYY-MM-DD, JST)',
      status: "Filter by the member's status",
      cursor: 'Where the previous answer left off',
      limit: 'How many items one answer carries',
      lang: 'Language (ja, en, zh, ko)',
    } as Record<string, string>,
    tag: {
      members: 'Members',
      contacts: 'Contact messages',
      forms: 'Form submissions',
      analytics: 'Analytics',
      content: 'Published content',
    } satisfies Record<SiteApiTag, string>,
  },
} as const

type Json = Record<string, unknown>

/** A site API route's summary in `lang`: the contract's Japanese one for ja, its summary otherwise. */
const summaryIn = (lang: DocLang, operationId: unknown): string => {
  const summaries = siteApiDocument().summaries
  const found =
    typeof operationId === 'string' && Object.hasOwn(summaries, operationId)
      ? summaries[operationId]
      : undefined
  return (lang === 'ja' ? found?.summaryJa : undefined) ?? found?.summary ?? ''
}

const tagOf = (path: string): SiteApiTag => path.split('/').at(-1) as SiteApiTag

/** The header a request of the site's method sends, as a curl argument (no secret: placeholders). */
export const authHeaderExample = (site: Pick<DocSite, 'authMethod' | 'basicId'>): string | undefined => {
  if (site.authMethod === 'API_KEY') return 'Authorization: Bearer $SLP_API_KEY'
  if (site.authMethod === 'BASIC_AUTH')
    return `Authorization: Basic $(printf '%s' '${site.basicId ?? 'ID'}:PASSWORD' | base64)`
  return undefined
}

export const curlExample = (site: Pick<DocSite, 'authMethod' | 'basicId'>, url: string): string => {
  const header = authHeaderExample(site)
  return header ? `curl -sS -H "${header}" '${url}'` : `curl -sS '${url}'`
}

/** The OpenAPI 3.1 document of the site's API. */
export const siteOpenApi = (site: DocSite, lang: DocLang) => {
  const text = TEXT[lang]
  const { document: generic, paths: routePaths } = siteApiDocument()
  const origin = new URL(site.baseUrl).origin
  const paths: Record<string, Json> = {}
  for (const [path, operations] of Object.entries(generic.paths)) {
    const concrete = path.replace('{siteId}', site.siteId)
    const tag = tagOf(path)
    const url = `${site.baseUrl}/${tag}`
    paths[concrete] = Object.fromEntries(
      Object.entries(operations as Record<string, Json>).map(
        ([method, { security: _generic, ...operation }]) => [
          method,
          {
            // The document's `security` (the site's one method) applies to every operation.
            ...operation,
            tags: [tag],
            // The operation's summary in the document's language (the contract's `summaryJa`).
            summary: `${text.tag[tag]}: ${summaryIn(lang, operation.operationId)}`,
            // The site is fixed: no `{siteId}` parameter left.
            parameters: ((operation.parameters as Json[] | undefined) ?? []).filter(
              (p) => p.name !== 'siteId',
            ),
            'x-codeSamples': [{ lang: 'Shell', label: 'curl', source: curlExample(site, url) }],
          },
        ],
      ),
    )
  }
  const scheme =
    site.authMethod === 'API_KEY'
      ? { siteApiKey: (generic.components.securitySchemes as Json).siteApiKey }
      : site.authMethod === 'BASIC_AUTH'
        ? { siteApiBasic: (generic.components.securitySchemes as Json).siteApiBasic }
        : {}
  return {
    ...generic,
    info: {
      title: text.title(site.name),
      version: generic.info.version,
      description: [
        text.intro,
        site.authMethod === 'API_KEY'
          ? text.authKey
          : site.authMethod === 'BASIC_AUTH'
            ? text.authBasic(site.basicId ?? '')
            : text.authIp,
        text.limits,
      ].join('\n\n'),
    },
    servers: [{ url: origin, description: site.baseUrl }],
    tags: routePaths.map((path) => ({ name: tagOf(path), description: text.tag[tagOf(path)] })),
    security: Object.keys(scheme).map((name) => ({ [name]: [] })),
    paths,
    components: { ...generic.components, securitySchemes: scheme },
  }
}
export type SiteOpenApi = ReturnType<typeof siteOpenApi>

/** The top-level fields of an operation's JSON answer (what the Markdown lists). */
const answerFields = (document: SiteOpenApi, operation: Json): string[] => {
  const responses = operation.responses as Record<string, Json>
  const content = responses['200']?.content as Record<string, { schema?: Json }> | undefined
  let schema = content?.['application/json']?.schema
  const ref = schema?.$ref
  if (typeof ref === 'string')
    schema = (document.components.schemas as Record<string, Json>)[ref.split('/').at(-1) ?? '']
  return Object.keys((schema?.properties as Json | undefined) ?? {})
}

interface Section {
  tag: SiteApiTag
  method: string
  url: string
  summary: string
  parameters: Array<{ name: string; required: boolean; description: string }>
  curl: string
  fields: string[]
}

const sectionsOf = (site: DocSite, document: SiteOpenApi, lang: DocLang): Section[] =>
  Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => {
      const operation = op as Json
      const tag = tagOf(path)
      const url = `${site.baseUrl}/${tag}`
      return {
        tag,
        method: method.toUpperCase(),
        url,
        summary: summaryIn(lang, operation.operationId),
        parameters: ((operation.parameters as Json[] | undefined) ?? []).map((p) => ({
          name: String(p.name),
          required: p.required === true,
          description:
            TEXT[lang].param[String(p.name)] ?? (typeof p.description === 'string' ? p.description : ''),
        })),
        curl: curlExample(site, url),
        fields: answerFields(document, operation),
      }
    }),
  )

/** The same documentation as Markdown. */
export const siteApiMarkdown = (site: DocSite, lang: DocLang): string => {
  const text = TEXT[lang]
  const document = siteOpenApi(site, lang)
  const lines = [`# ${document.info.title}`, '', text.intro, '', `## ${text.auth}`, '']
  lines.push(
    site.authMethod === 'API_KEY'
      ? text.authKey
      : site.authMethod === 'BASIC_AUTH'
        ? text.authBasic(site.basicId ?? '')
        : text.authIp,
    '',
    text.limits,
    '',
    `## ${text.endpoints}`,
    '',
    `Base URL: \`${site.baseUrl}\``,
    '',
    text.pages,
    '',
  )
  for (const section of sectionsOf(site, document, lang)) {
    lines.push(`### ${text.tag[section.tag]} — \`${section.method} ${section.url}\``, '', section.summary, '')
    if (section.parameters.length) {
      lines.push(`${text.parameters}:`, '')
      for (const p of section.parameters)
        lines.push(
          `- \`${p.name}\`${p.required ? text.required : ''}${p.description ? `: ${p.description}` : ''}`,
        )
      lines.push('')
    }
    lines.push(`${text.example}:`, '', '```sh', section.curl, '```', '')
    if (section.fields.length)
      lines.push(`${text.response}: ${section.fields.map((f) => `\`${f}\``).join(', ')}`, '')
  }
  return `${lines.join('\n').trimEnd()}\n`
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

/** Inline `code` of the texts above, escaped. */
const inline = (value: string) => escapeHtml(value).replace(/`([^`]+)`/g, '<code>$1</code>')

/** The same documentation as one self-contained HTML page (no script, no external resource). */
export const siteApiHtml = (site: DocSite, lang: DocLang): string => {
  const text = TEXT[lang]
  const document = siteOpenApi(site, lang)
  const parts = [
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(document.info.title)}</title>`,
    '<style>body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;line-height:1.6}code,pre{background:#f4f4f5;border-radius:4px}pre{padding:.75rem;overflow:auto}code{padding:0 .25rem}</style></head><body>',
    `<h1>${escapeHtml(document.info.title)}</h1>`,
    `<p>${inline(text.intro)}</p>`,
    `<h2>${escapeHtml(text.auth)}</h2>`,
    `<p>${inline(site.authMethod === 'API_KEY' ? text.authKey : site.authMethod === 'BASIC_AUTH' ? text.authBasic(site.basicId ?? '') : text.authIp)}</p>`,
    `<p>${inline(text.limits)}</p>`,
    `<h2>${escapeHtml(text.endpoints)}</h2>`,
    `<p>Base URL: <code>${escapeHtml(site.baseUrl)}</code></p>`,
    `<p>${inline(text.pages)}</p>`,
  ]
  for (const section of sectionsOf(site, document, lang)) {
    parts.push(
      `<h3>${escapeHtml(text.tag[section.tag])} — <code>${escapeHtml(`${section.method} ${section.url}`)}</code></h3>`,
      `<p>${escapeHtml(section.summary)}</p>`,
    )
    if (section.parameters.length)
      parts.push(
        `<p>${escapeHtml(text.parameters)}:</p><ul>${section.parameters
          .map(
            (p) =>
              `<li><code>${escapeHtml(p.name)}</code>${p.required ? escapeHtml(text.required) : ''}${p.description ? `: ${escapeHtml(p.description)}` : ''}</li>`,
          )
          .join('')}</ul>`,
      )
    parts.push(`<p>${escapeHtml(text.example)}:</p><pre><code>${escapeHtml(section.curl)}</code></pre>`)
    if (section.fields.length)
      parts.push(
        `<p>${escapeHtml(text.response)}: ${section.fields.map((f) => `<code>${escapeHtml(f)}</code>`).join(', ')}</p>`,
      )
  }
  parts.push('</body></html>')
  return `${parts.join('\n')}\n`
}
