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
import type { AnyRoute } from './define.ts'
import { API_BASE_PATH, type AuthKind } from './routes.ts'

type JsonSchema = Record<string, unknown>

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
    } else {
      out[key] = snakeProperties(value)
    }
  }
  return out
}

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output', route: AnyRoute): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // Transforms and refinements have no JSON Schema: their input or output shape is described.
    unrepresentable: 'any',
  }) as JsonSchema
  return (route.keys === 'asSent' ? rest : snakeProperties(rest)) as JsonSchema
}

/** `/site/{id}` and `/x/{proxy+}` in API Gateway style -> OpenAPI's `{id}` and `{proxy}`. */
const openApiPath = (path: string) => `${API_BASE_PATH}${path}`.replace(/\{(\w+)\+\}/g, '{$1}')

const SECURITY: Record<AuthKind, Array<Record<string, string[]>>> = {
  public: [],
  admin: [{ adminBearer: [] }],
  endUser: [{ memberCookie: [] }],
  preview: [{ previewBearer: [] }],
  apiKey: [{ apiKey: [] }],
}

/** Path and query parameters from an object schema's properties. */
const parameters = (schema: z.ZodType | undefined, where: 'path' | 'query', route: AnyRoute) => {
  if (!schema) return []
  const json = jsonSchema(schema, 'input', route)
  const properties = isObject(json.properties) ? json.properties : {}
  const required = new Set(Array.isArray(json.required) ? json.required : [])
  return Object.entries(properties).map(([name, inner]) => {
    const { description, ...rest } = (isObject(inner) ? inner : {}) as JsonSchema
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    }
  })
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
  apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
}

const ERROR_RESPONSE = { $ref: '#/components/responses/Error' }

const operation = (route: AnyRoute) => {
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
            content: { 'application/json': { schema: jsonSchema(route.response, 'output', route) } },
          }
        : { description: route.summary }
  const body = route.body
    ? {
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: jsonSchema(route.body, 'input', route) },
            ...(route.bodyType === 'text'
              ? { 'text/plain': { schema: { type: 'string', description: 'The same JSON, as text.' } } }
              : {}),
          },
        },
      }
    : {}
  const params = [
    ...parameters(route.params, 'path', route),
    ...parameters(route.query, 'query', route),
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
  for (const route of routes) {
    const path = openApiPath(route.path)
    paths[path] ??= {}
    paths[path][route.method.toLowerCase()] = operation(route)
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
    tags: [...new Set(routes.map((route) => route.context))].map((name) => ({ name })),
    paths,
    components: {
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
