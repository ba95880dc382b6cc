/**
 * The OpenAPI 3.1 document of the API, built from the contract (issue 13, Deliver 3): every route
 * of the table with its parameters, request body and success answer. Schemas come from zod 4's
 * own JSON Schema output (draft 2020-12, the dialect of OpenAPI 3.1); the wire is snake_case, so
 * property names are converted the way the API edge converts them, except on routes that take
 * their keys as sent. Served at `GET /api/v1/openapi.json`; `npm run openapi` writes the same
 * document to docs/api/openapi.json.
 */
import * as z from 'zod'
import { toSnake } from '../case.ts'
import { CompanySchema, PopupCtaSchema, SeoConfigSchema } from '../schemas/site.ts'
import { FormFieldSchema, SiteFormsSchema } from '../schemas/site-forms.ts'
import {
  CreativeSchema,
  CreativeViewSchema,
  GlobalMenuSchema,
  GlobalSettingSchema,
  GlobalSettingViewSchema,
  ImageLinkPointSchema,
  MenuViewSchema,
  ProductSchema,
  SettingsViewSchema,
  SiteSettingsSchema,
  SiteViewSchema,
  SnsLinkSchema,
  VisitorCreativeViewSchema,
  VisitorImageRenditionSchema,
  VisitorMediaRenditionsSchema,
  VisitorProductViewSchema,
} from '../site/model.ts'
import type { AnyRoute } from './define.ts'
import { API_BASE_PATH, type AuthKind, type Context } from './routes.ts'

type JsonSchema = Record<string, unknown>

/**
 * The site model's parts, named once in `components.schemas` and referenced wherever a route
 * carries them (a save body holds hundreds of creatives' worth of schema otherwise).
 */
const NAMED: ReadonlyArray<readonly [string, z.ZodType]> = [
  ['Creative', CreativeSchema],
  ['Product', ProductSchema],
  ['ImageLinkPoint', ImageLinkPointSchema],
  ['GlobalSetting', GlobalSettingSchema],
  ['GlobalMenu', GlobalMenuSchema],
  ['SiteSettings', SiteSettingsSchema],
  ['SnsLink', SnsLinkSchema],
  ['PopupCta', PopupCtaSchema],
  ['Company', CompanySchema],
  ['SeoConfig', SeoConfigSchema],
  ['SiteForms', SiteFormsSchema],
  ['FormField', FormFieldSchema],
  ['SiteView', SiteViewSchema],
  ['GlobalSettingView', GlobalSettingViewSchema],
  ['CreativeView', CreativeViewSchema],
  ['MenuView', MenuViewSchema],
  ['SettingsView', SettingsViewSchema],
  ['VisitorCreativeView', VisitorCreativeViewSchema],
  ['VisitorProductView', VisitorProductViewSchema],
  ['VisitorImageRendition', VisitorImageRenditionSchema],
  ['VisitorMediaRenditions', VisitorMediaRenditionsSchema],
]

const names = z.registry<{ id: string }>()
for (const [id, schema] of NAMED) names.add(schema, { id })

/** Named schemas of one document, filled while its routes are converted. */
type Components = Record<string, JsonSchema>

/** Points `#/$defs/X` references at the document's components, renamed per direction. */
const relink = (node: unknown, rename: (id: string) => string): unknown => {
  if (Array.isArray(node)) return node.map((item) => relink(item, rename))
  if (!isObject(node)) return node
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) =>
      key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')
        ? [key, `#/components/schemas/${rename(value.slice('#/$defs/'.length))}`]
        : [key, relink(value, rename)],
    ),
  )
}

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Renames every declared property (and its `required` entry) as the edge renames keys on the wire. */
const snakeProperties = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(snakeProperties)
  if (!isObject(node)) return node
  const out: JsonSchema = {}
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && isObject(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, inner]) => [toSnake(name), snakeProperties(inner)]),
      )
    } else if (key === 'required' && Array.isArray(value)) {
      out.required = value.map((name) => (typeof name === 'string' ? toSnake(name) : name))
    } else if (key === 'propertyNames' && isObject(value) && Array.isArray(value.enum)) {
      // A record keyed by an enum (a plan's `features`): the edge renames its keys like any other.
      out.propertyNames = {
        ...value,
        enum: value.enum.map((name) => (typeof name === 'string' ? toSnake(name) : name)),
      }
    } else {
      out[key] = snakeProperties(value)
    }
  }
  return out
}

/**
 * A schema as JSON Schema 2020-12, its named parts moved to `components` (an input and an output
 * of the same part differ — defaults make fields optional on the way in — so inputs are `…Input`).
 */
const jsonSchema = (
  schema: z.ZodType,
  io: 'input' | 'output',
  route: AnyRoute,
  components: Components,
): JsonSchema => {
  const wire = (node: unknown) => (route.keys === 'asSent' ? node : snakeProperties(node)) as JsonSchema
  const rename = (id: string) => (io === 'input' ? `${id}Input` : id)
  const {
    $schema: _dialect,
    $defs,
    ...rest
  } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    metadata: names,
    // Transforms and refinements have no JSON Schema: their input or output shape is described.
    unrepresentable: 'any',
  }) as JsonSchema
  for (const [id, def] of Object.entries(isObject($defs) ? $defs : {})) {
    const { id: _id, ...body } = def as JsonSchema
    components[rename(id)] ??= wire(relink(body, rename))
  }
  return wire(relink(rest, rename))
}

/** `/site/{id}` and `/x/{proxy+}` in API Gateway style -> OpenAPI's `{id}` and `{proxy}`. */
const openApiPath = (path: string) => `${API_BASE_PATH}${path}`.replace(/\{(\w+)\+\}/g, '{$1}')

const SECURITY: Record<AuthKind, Array<Record<string, string[]>>> = {
  public: [],
  admin: [{ adminBearer: [] }],
  endUser: [{ memberCookie: [] }],
  preview: [{ previewBearer: [] }],
  siteApi: [{ siteApiKey: [] }, { siteApiBasic: [] }, {}],
}

/** The names of a path template's parameters, in order: `/site/{id}/api/keys/{keyId}` -> id, keyId. */
export const templateParameters = (path: string): string[] =>
  [...path.matchAll(/\{(\w+)\+?\}/g)].map((match) => match[1] as string)

/** A property's JSON Schema as an OpenAPI parameter's `schema`, its description lifted to the parameter. */
const parameterOf = (name: string, where: 'path' | 'query', required: boolean, inner: unknown) => {
  const { description, ...schema } = (isObject(inner) ? inner : {}) as JsonSchema
  return {
    name,
    in: where,
    required,
    ...(typeof description === 'string' ? { description } : {}),
    schema,
  }
}

/**
 * Path parameters: one per `{name}` of the template, in its order and under the template's own
 * name — never the wire's snake_case, since API Gateway hands them to the handler by these names
 * (`event.pathParameters.siteId`). The schema is the route's `params` property of that name; a
 * template naming a parameter its schema lacks stops the document from being built.
 */
const pathParameters = (route: AnyRoute, components: Components) => {
  const names = templateParameters(route.path)
  if (!names.length) return []
  if (!route.params) throw new Error(`${route.id}: ${route.path} has parameters but no params schema`)
  const json = jsonSchema(route.params, 'input', { ...route, keys: 'asSent' }, components)
  const properties = isObject(json.properties) ? json.properties : {}
  return names.map((name) => {
    if (!(name in properties)) throw new Error(`${route.id}: {${name}} of ${route.path} is not in its params`)
    return parameterOf(name, 'path', true, properties[name])
  })
}

/** Query parameters from the route's query schema, named as on the wire. */
const queryParameters = (route: AnyRoute, components: Components) => {
  if (!route.query) return []
  const json = jsonSchema(route.query, 'input', route, components)
  const properties = isObject(json.properties) ? json.properties : {}
  const required = new Set(Array.isArray(json.required) ? json.required : [])
  return Object.entries(properties).map(([name, inner]) =>
    parameterOf(name, 'query', required.has(name), inner),
  )
}

const SECURITY_SCHEMES = {
  adminBearer: { type: 'http', scheme: 'bearer', description: 'A console access token.' },
  previewBearer: { type: 'http', scheme: 'bearer', description: 'A preview token.' },
  memberCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'swipe_member',
    description: "A member's session, on the site's own origin only.",
  },
  siteApiKey: {
    type: 'http',
    scheme: 'bearer',
    description: "A site API key (`slp_live_…`) of the path's site, issued in the console's API dialog.",
  },
  siteApiBasic: { type: 'http', scheme: 'basic', description: "The site API's basic-auth ID and password." },
}

const ERROR_RESPONSE = { $ref: '#/components/responses/Error' }

/** What each bounded context (one Lambda each, the document's tags) covers. */
const CONTEXT_DESCRIPTIONS: Record<Context, string> = {
  health: 'Liveness and readiness of the API and what it depends on.',
  auth: 'Console sign-in, tokens, password reset and multi-factor authentication.',
  accounts: 'Accounts of every console (users, sub-admins), their CSV files, profile logo and the summary.',
  sites:
    'The site builder: sites, their plan limits, uploads, ZIP placement, versions, experiments and media.',
  domains: "A site's custom domain and an OEM's sites domain: setting, checking and removing them.",
  uploads: 'Presigned uploads of files that belong to no site.',
  preview: 'The preview of an unpublished site: pages, comments and share links.',
  endUser: "What a published site's visitors call: pages, forms, members, CTA clicks.",
  submissions: "A site's members and form submissions in the console, and their CSV files.",
  billing: 'Plans, payment methods, invoices and payment history.',
  analytics: "Visitors' analytics beacons.",
  analysis: 'Reports of the collected analytics: KPIs, charts, rankings, heatmaps, CSV and PDF.',
  content: 'System notifications, news, and notices delivered to published sites.',
  apiAccess:
    'The per-site API: its settings, keys, webhooks, documentation and the API itself (`/open/site/{siteId}/…`).',
}

/** Who may call a route, per auth kind (the operation's description says it in words). */
const CALLERS: Record<AuthKind, string> = {
  public: 'Anyone may call it: no credential.',
  admin: 'Needs a console access token',
  endUser: "Needs a member's session cookie, on the site's own origin.",
  preview: "Needs a preview token, the owner's console token or the share password (`password` header).",
  siteApi: "Needs the site's API key, its basic-auth ID and password, or a call from an allowed address.",
}

/**
 * An operation's description, derived from its contract entry: what it does (the summary), who
 * may call it (auth kind and policy action), the success answer and what differs from the rules
 * every route shares (keys as sent, a text body, a CSV answer, idempotent POSTs).
 */
const operationDescription = (route: AnyRoute): string => {
  const status = route.status ?? (route.responseType === 'empty' ? 204 : 200)
  const lines = [
    route.summary,
    route.auth === 'admin'
      ? `${CALLERS.admin} whose role may take \`${route.permission}\` (docs/permissions.md).`
      : CALLERS[route.auth],
    route.responseType === 'csv'
      ? `Answers ${status} with a CSV file (UTF-8 with BOM).`
      : route.response
        ? `Answers ${status} with JSON.`
        : `Answers ${status} with no body.`,
  ]
  if (route.keys === 'asSent')
    lines.push(
      'Keys are taken and answered as sent (form field names are the creator’s), not renamed to snake_case.',
    )
  if (route.bodyType === 'text') lines.push('The body may also be sent as `text/plain` (a beacon).')
  if (route.method === 'POST')
    lines.push('An `Idempotency-Key` header makes a retry safe: the same key answers the first result again.')
  return lines.join('\n\n')
}

const operation = (route: AnyRoute, components: Components) => {
  const status = String(route.status ?? (route.responseType === 'empty' ? 204 : 200))
  const success =
    route.responseType === 'csv'
      ? {
          description: 'A CSV file (UTF-8 with BOM).',
          content: { 'text/csv': { schema: { type: 'string' } } },
        }
      : route.response
        ? {
            description: route.summary,
            content: {
              'application/json': { schema: jsonSchema(route.response, 'output', route, components) },
            },
          }
        : { description: route.summary }
  const body = route.body
    ? {
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: jsonSchema(route.body, 'input', route, components) },
            ...(route.bodyType === 'text'
              ? { 'text/plain': { schema: { type: 'string', description: 'The same JSON, as text.' } } }
              : {}),
          },
        },
      }
    : {}
  const params = [
    ...pathParameters(route, components),
    ...queryParameters(route, components),
    ...(route.method === 'POST'
      ? [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description: 'Repeats of the same key by the same caller get the first answer again.',
            schema: { type: 'string', maxLength: 128 },
          },
        ]
      : []),
  ]
  return {
    operationId: route.id,
    summary: route.summary,
    description: operationDescription(route),
    tags: [route.context],
    security: SECURITY[route.auth],
    ...(route.permission ? { 'x-permission': route.permission } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...body,
    responses: { [status]: success, '4XX': ERROR_RESPONSE, '5XX': ERROR_RESPONSE },
  }
}

/** The version of the document: the API's path says v1; the minor grows with added routes. */
export const API_VERSION = '1.0.0'

/** The whole document. */
export const openApiDocument = (routes: readonly AnyRoute[]) => {
  const used = new Set(routes.flatMap((route) => SECURITY[route.auth].flatMap(Object.keys)))
  const paths: Record<string, Record<string, unknown>> = {}
  const components: Components = {}
  for (const route of routes) {
    const path = openApiPath(route.path)
    paths[path] ??= {}
    paths[path][route.method.toLowerCase()] = operation(route, components)
  }
  return {
    openapi: '3.1.0' as const,
    info: {
      title: 'Swipe LP Studio API',
      version: API_VERSION,
      description:
        'Every route of the contract (shared/src/contract). Bodies and answers are JSON in snake_case; errors share one envelope.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(routes.map((route) => route.context))].map((name) => ({
      name,
      description: CONTEXT_DESCRIPTIONS[name],
    })),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      // Only the schemes some route uses.
      securitySchemes: Object.fromEntries(
        Object.entries(SECURITY_SCHEMES).filter(([name]) => used.has(name)),
      ),
      responses: {
        Error: {
          description: 'The error envelope: a code, a message in the caller’s language and field details.',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['error'],
                properties: {
                  error: {
                    type: 'object',
                    required: ['code', 'message'],
                    properties: {
                      code: { type: 'string' },
                      message: { type: 'string' },
                      details: {
                        type: 'array',
                        items: {
                          type: 'object',
                          required: ['path', 'code', 'message'],
                          properties: {
                            path: { type: 'string' },
                            code: { type: 'string' },
                            message: { type: 'string' },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  }
}
